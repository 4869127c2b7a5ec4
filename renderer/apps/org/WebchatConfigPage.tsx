import { Alert, Button, Card, Form, Message, Spin, Switch } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEARANCE_PATH, type Appearance } from '../../../shared/org/appearance.ts';
import { WEBCHAT_OFF_MESSAGE, type WebchatSetting } from '../../../shared/org/webchat.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';

/**
 * webchatConfig (spec §2.6, admin; decision 0037): the space's web chat switch, off by default, which the chat
 * micro-app reads (shared/org/webchat.ts). While it is off the page shows the §8 message members get from chat.
 */
export function WebchatConfigPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { update } = useAppearance();
  const [saved, setSaved] = useState<WebchatSetting | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<Appearance>(APPEARANCE_PATH).then(
      (answer) => {
        if (!live) return;
        setSaved(answer.data.webchat);
        setEnabled(answer.data.webchat.enabled);
        setLoadError(null);
      },
      (failure: Error) => live && setLoadError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  async function save() {
    setBusy(true);
    try {
      const answer = (await api.put<WebchatSetting>(`${APPEARANCE_PATH}/webchat`, { enabled }, { json: true })).data;
      setSaved(answer);
      update({ webchat: answer });
      setError(null);
      Message.success(t('org.webchat.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (loadError) {
    return (
      <Card title={t('org.webchat.title')} className="qp-narrow-card">
        <Alert type="error" content={loadError} className="qp-gap" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('org.webchat.retry')}</Button>
      </Card>
    );
  }
  if (!saved) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('org.webchat.title')} className="qp-narrow-card" data-testid="webchat-setting">
      <p className="qp-muted">{t('org.webchat.hint')}</p>
      {saved.enabled ? (
        <Alert type="success" className="qp-gap" content={t('org.webchat.onNotice')} data-testid="webchat-state" />
      ) : (
        <Alert type="info" className="qp-gap" title={t('org.webchat.offNotice')} content={t(WEBCHAT_OFF_MESSAGE)} data-testid="webchat-state" />
      )}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="webchat-error" />}
      <Form layout="vertical" onSubmit={() => void save()}>
        <Form.Item label={t('org.webchat.enabled')}>
          <Switch checked={enabled} onChange={(on: boolean) => setEnabled(on)} aria-label={t('org.webchat.enabled')} data-testid="webchat-enabled" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={enabled === saved.enabled} data-testid="webchat-save">
          {t('org.webchat.save')}
        </Button>
      </Form>
    </Card>
  );
}
