import { Alert, Button, Card, Checkbox, Form, InputNumber, Message, Radio, Select, Space, Spin, Switch } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppcenterApp } from '../../../shared/api/appcenter.ts';
import { APPEARANCE_PATH, WATERMARK_CONTENT, WATERMARK_DENSITIES, WATERMARK_LIMITS, WATERMARK_OPACITIES, watermarkProblem, type Appearance, type WatermarkSettings } from '../../../shared/org/appearance.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { previewPath } from './watermark-draft.ts';

/**
 * watermark (spec §2.6, admin; decision 0037): whether the space's pages carry the viewer's name, login ID and
 * time, on every page or on chosen apps, and how the marks look. The page checks with the server's rules before
 * saving; the server checks again (and that the apps exist). A save takes effect at once in this tab.
 */
export function WatermarkPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { update } = useAppearance();
  const [draft, setDraft] = useState<WatermarkSettings | null>(null);
  const [apps, setApps] = useState<AppcenterApp[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([api.get<Appearance>(APPEARANCE_PATH), api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps')]).then(
      ([appearance, list]) => {
        if (!live) return;
        setDraft(appearance.data.watermark);
        setApps(list.data.apps);
        setLoadError(null);
      },
      (failure: Error) => live && setLoadError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  if (loadError) {
    return (
      <Card title={t('org.watermark.title')} className="qp-narrow-card">
        <Alert type="error" content={loadError} className="qp-gap" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('org.watermark.retry')}</Button>
      </Card>
    );
  }
  if (!draft) return <Spin block loading className="qp-gap" />;
  const change = (patch: Partial<WatermarkSettings>) => setDraft({ ...draft, ...patch });

  async function save(current: WatermarkSettings) {
    const problem = watermarkProblem(current);
    if (problem) return setError(t(problem.key, problem.params));
    setBusy(true);
    try {
      const saved = (await api.put<WatermarkSettings>(`${APPEARANCE_PATH}/watermark`, current, { json: true })).data;
      setDraft(saved);
      update({ watermark: saved });
      setError(null);
      Message.success(t('org.watermark.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const appOptions = apps.map((app) => ({ value: app.id, label: app.name }));
  // An app deleted since it was chosen still shows by its id, so the admin sees it and may take it out.
  for (const id of draft.appIds) if (!apps.some((app) => app.id === id)) appOptions.push({ value: id, label: id });

  return (
    <Card title={t('org.watermark.title')} data-testid="watermark-setting">
      <p className="qp-muted">{t('org.watermark.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="watermark-error" />}
      <Form layout="vertical" style={{ maxWidth: 640 }} onSubmit={() => void save(draft)}>
        <Form.Item label={t('org.watermark.enabled')}>
          <Switch checked={draft.enabled} onChange={(enabled: boolean) => change({ enabled })} aria-label={t('org.watermark.enabled')} data-testid="watermark-enabled" />
        </Form.Item>
        <Form.Item label={t('org.watermark.scope')}>
          <Radio.Group value={draft.scope} onChange={(scope: WatermarkSettings['scope']) => change({ scope })} aria-label={t('org.watermark.scope')} data-testid="watermark-scope">
            <Radio value="all" data-testid="watermark-scope-all">{t('org.watermark.scope.all')}</Radio>
            <Radio value="apps" data-testid="watermark-scope-apps">{t('org.watermark.scope.apps')}</Radio>
          </Radio.Group>
        </Form.Item>
        {draft.scope === 'apps' && (
          <Form.Item label={t('org.watermark.apps')}>
            <Select mode="multiple" allowClear showSearch filterOption={(input, option) => String(option.props.children).toLowerCase().includes(input.toLowerCase())}
              value={draft.appIds} onChange={(appIds: string[]) => change({ appIds })} options={appOptions} placeholder={t('org.watermark.appsPlaceholder')}
              aria-label={t('org.watermark.apps')} data-testid="watermark-apps" />
          </Form.Item>
        )}
        <Form.Item label={t('org.watermark.content')}>
          <Checkbox.Group value={draft.content} onChange={(content: WatermarkSettings['content']) => change({ content: WATERMARK_CONTENT.filter((c) => content.includes(c)) })} aria-label={t('org.watermark.content')}>
            {WATERMARK_CONTENT.map((c) => (
              <Checkbox key={c} value={c} data-testid={`watermark-content-${c}`}>
                {t(`org.watermark.content.${c}`)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={t('org.watermark.density')}>
          <Radio.Group type="button" value={draft.density} onChange={(density: WatermarkSettings['density']) => change({ density })} aria-label={t('org.watermark.density')}>
            {WATERMARK_DENSITIES.map((d) => (
              <Radio key={d} value={d}>{t(`org.watermark.density.${d}`)}</Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('org.watermark.opacity')}>
          <Radio.Group type="button" value={draft.opacity} onChange={(opacity: WatermarkSettings['opacity']) => change({ opacity })} aria-label={t('org.watermark.opacity')}>
            {WATERMARK_OPACITIES.map((o) => (
              <Radio key={o} value={o}>{t(`org.watermark.opacity.${o}`)}</Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('org.watermark.fontSize')}>
          <InputNumber min={WATERMARK_LIMITS.fontMin} max={WATERMARK_LIMITS.fontMax} precision={0} value={draft.fontSize} onChange={(fontSize) => change({ fontSize: fontSize ?? draft.fontSize })}
            aria-label={t('org.watermark.fontSize')} style={{ width: 160 }} data-testid="watermark-font-size" />
        </Form.Item>
        <Space>
          <Button href={previewPath(match, draft)} disabled={draft.content.length === 0} data-testid="watermark-preview">
            {t('org.watermark.preview')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="watermark-save">
            {t('org.watermark.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
