import { Alert, Button, Card, Checkbox, Form, InputNumber, Radio, Select, Space, Spin, Switch } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppcenterApp } from '../../../shared/api/appcenter.ts';
import { APPEARANCE_PATH, WATERMARK_CONTENT, WATERMARK_DENSITIES, WATERMARK_LIMITS, WATERMARK_OPACITIES, watermarkProblem, type Appearance, type WatermarkSettings } from '../../../shared/org/appearance.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';
import { SettingsLoadFailed, useSettingsForm } from '../../shell/settings-form.tsx';
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
  const [apps, setApps] = useState<AppcenterApp[]>([]);
  const form = useSettingsForm<WatermarkSettings>({
    load: async () => {
      const [appearance, list] = await Promise.all([api.get<Appearance>(APPEARANCE_PATH), api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps')]);
      setApps(list.data.apps);
      return appearance.data.watermark;
    },
    store: async (value) => (await api.put<WatermarkSettings>(`${APPEARANCE_PATH}/watermark`, value, { json: true })).data,
    savedMessage: t('org.watermark.saved'),
    check: (value) => {
      const problem = watermarkProblem(value);
      return problem ? t(problem.key, problem.params) : null;
    },
    onSaved: (watermark) => update({ watermark }),
  });
  const { draft, setDraft, error, setError, busy, save } = form;

  if (form.loadError) return <SettingsLoadFailed title={t('org.watermark.title')} error={form.loadError} onRetry={form.reload} />;
  if (!draft) return <Spin block loading className="qp-gap" />;
  const change = (patch: Partial<WatermarkSettings>) => setDraft({ ...draft, ...patch });

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
