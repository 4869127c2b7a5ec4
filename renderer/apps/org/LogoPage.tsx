import { Alert, Button, Card, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_LIMITS, LOGO_PATH } from '../../../shared/org/logo.ts';
import { postFiles } from '../../kernel/upload.ts';
import { apiUrl } from '../../kernel/transport.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import './appearance.css';

/**
 * logo (spec §2.6): the space's logo in every member's header. The server checks the file by its content, size and
 * dimensions and stores its own PNG re-encoding; the header here changes at once, other members' at their next load.
 */
export function LogoPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { appearance, update } = useAppearance();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const logo = appearance.logo ?? null;

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await putLogo(apiUrl('', match.spaceUri, LOGO_PATH), file, t('common.uploadError'));
      update({ logo: { version: answer.version } });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  async function remove() {
    try {
      await api.delete(LOGO_PATH);
      update({ logo: null });
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Card title={t('org.logo.title')} data-testid="logo-page">
      <Space direction="vertical" size="large">
        <Typography.Paragraph type="secondary">{t('org.logo.hint', { max: LOGO_LIMITS.maxBytes / 1024 / 1024, min: LOGO_LIMITS.minSide, box: LOGO_LIMITS.box })}</Typography.Paragraph>
        <div className="qp-logo-preview">
          {logo ? <img src={`${LOGO_PATH}?v=${encodeURIComponent(logo.version)}`} alt={t('org.logo.current')} data-testid="logo-preview" /> : <Typography.Text type="secondary">{t('org.logo.none')}</Typography.Text>}
        </div>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => void upload(e.target.files?.[0])} aria-label={t('org.logo.choose')} data-testid="logo-file" />
        <Space>
          <Button type="primary" loading={busy} onClick={() => input.current?.click()}>{t('org.logo.choose')}</Button>
          {logo && (
            <Popconfirm title={t('org.logo.removeConfirm')} onOk={remove}>
              <Button status="danger" data-testid="logo-remove">{t('org.logo.remove')}</Button>
            </Popconfirm>
          )}
        </Space>
        {error && <Alert type="error" content={error} data-testid="logo-error" />}
      </Space>
    </Card>
  );
}

/** The upload as multipart with the method PUT (the logo is replaced, not added). */
function putLogo(url: string, file: File, fallback: string): Promise<{ version: string }> {
  return postFiles(url, [file], fallback, (data): data is { version: string } => typeof (data as { version?: unknown } | null)?.version === 'string', 'PUT');
}
