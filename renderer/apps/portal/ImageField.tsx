import { Alert, Button, Space } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageKind } from '../../../shared/portal/model.ts';
import { imageProblem } from './image-check.ts';
import { imageUrl, uploadPortalImage } from './portal-api.ts';

/**
 * An image field of the portal (cover, carousel image, quick-entry icon, custom image): the §5 checks in the
 * browser first (type, size, name, pixel size), then the upload, whose refusal the server explains as well.
 */
export function ImageField({ kind, value, onChange, spaceUri, testId, label }: { kind: ImageKind; value: string | null; onChange(id: string | null): void; spaceUri: string; testId: string; label: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      const problem = await imageProblem(kind, file);
      if (problem) return setError(t(problem.key, problem.params));
      setBusy(true);
      const uploaded = await uploadPortalImage(spaceUri, kind, file, t('common.uploadError'));
      onChange(uploaded.id);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Space direction="vertical" size="mini" className="qp-portal-image-field">
      {value && <img src={imageUrl(spaceUri, value)} alt={label} className={`qp-portal-image-${kind}`} data-testid={`${testId}-image`} />}
      <Space>
        <input ref={input} type="file" accept={kind === 'custom' ? 'image/png,image/jpeg,image/gif' : 'image/png,image/jpeg'} hidden onChange={(e) => void choose(e.target.files?.[0])} aria-label={label} data-testid={`${testId}-file`} />
        <Button size="small" loading={busy} onClick={() => input.current?.click()} data-testid={`${testId}-choose`}>
          {value ? t('portal.ui.image.replace') : t('portal.ui.image.choose')}
        </Button>
        {value && (
          <Button size="small" status="danger" onClick={() => onChange(null)} data-testid={`${testId}-remove`}>
            {t('portal.ui.image.remove')}
          </Button>
        )}
      </Space>
      <span className="qp-portal-hint">{t(`portal.ui.image.rule.${kind}`)}</span>
      {error && <Alert type="error" content={error} data-testid={`${testId}-error`} />}
    </Space>
  );
}
