import { Alert, Button, Card, Form, Spin, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { APPEARANCE_PATH, type Appearance } from '../../../shared/org/appearance.ts';
import { WEBCHAT_OFF_MESSAGE, type WebchatSetting } from '../../../shared/org/webchat.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';
import { SettingsLoadFailed, useSettingsForm } from '../../shell/settings-form.tsx';

/**
 * webchatConfig (spec §2.6, admin; decision 0037): the space's web chat switch, off by default, which the chat
 * micro-app reads (shared/org/webchat.ts). While it is off the page shows the §8 message members get from chat.
 */
export function WebchatConfigPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { update } = useAppearance();
  const form = useSettingsForm<WebchatSetting>({
    load: async () => (await api.get<Appearance>(APPEARANCE_PATH)).data.webchat,
    store: async (value) => (await api.put<WebchatSetting>(`${APPEARANCE_PATH}/webchat`, value, { json: true })).data,
    savedMessage: t('org.webchat.saved'),
    onSaved: (webchat) => update({ webchat }),
  });
  const { saved, draft, error, busy } = form;

  if (form.loadError) return <SettingsLoadFailed title={t('org.webchat.title')} error={form.loadError} onRetry={form.reload} />;
  if (!saved || !draft) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('org.webchat.title')} className="qp-narrow-card" data-testid="webchat-setting">
      <p className="qp-muted">{t('org.webchat.hint')}</p>
      {saved.enabled ? (
        <Alert type="success" className="qp-gap" content={t('org.webchat.onNotice')} data-testid="webchat-state" />
      ) : (
        <Alert type="info" className="qp-gap" title={t('org.webchat.offNotice')} content={t(WEBCHAT_OFF_MESSAGE)} data-testid="webchat-state" />
      )}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="webchat-error" />}
      <Form layout="vertical" onSubmit={() => void form.save()}>
        <Form.Item label={t('org.webchat.enabled')}>
          <Switch checked={draft.enabled} onChange={(on: boolean) => form.setDraft({ ...draft, enabled: on })} aria-label={t('org.webchat.enabled')} data-testid="webchat-enabled" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={draft.enabled === saved.enabled} data-testid="webchat-save">
          {t('org.webchat.save')}
        </Button>
      </Form>
    </Card>
  );
}
