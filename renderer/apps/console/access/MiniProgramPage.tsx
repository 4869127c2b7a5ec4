import { Alert, Button, Card, Form, Input, Switch } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppletSettings } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

/** `/sysop/miniprogram` (decision 0083): the applet's id, name and switch; its secret is sealed and never shown. */
export function MiniProgramPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, reload } = useLoad(async () => (await api.get<{ settings: AppletSettings | null }>(`${ACCESS_API}/applet`)).data.settings, []);
  const [form, setForm] = useState({ appId: '', name: '', enabled: true, secret: '' });
  const [saved, setSaved] = useState(false);
  const save = useSubmit(() => (setSaved(true), setForm((f) => ({ ...f, secret: '' })), void reload()));
  useEffect(() => {
    if (data) setForm({ appId: data.appId, name: data.name, enabled: data.enabled, secret: '' });
  }, [data]);
  const submit = () =>
    save.submit(() => {
      setSaved(false);
      const { secret, ...rest } = form;
      return api.put(`${ACCESS_API}/applet`, { ...rest, appId: rest.appId.trim(), ...(secret ? { secret } : {}) }, { json: true });
    });

  return (
    <Card title={t('routes.console.miniProgram')} data-testid="mini-program">
      <p className="qp-muted">{t('consoleAccess.applet.hint')}</p>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {data === null && !error && <Alert className="qp-gap" content={t('consoleAccess.applet.none')} />}
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('consoleAccess.applet.appId')} required><Input aria-label={t('consoleAccess.applet.appId')} value={form.appId} maxLength={64} onChange={(appId) => setForm({ ...form, appId })} /></Form.Item>
        <Form.Item label={t('consoleAccess.ui.name')}><Input aria-label={t('consoleAccess.ui.name')} value={form.name} maxLength={60} onChange={(name) => setForm({ ...form, name })} /></Form.Item>
        <Form.Item label={t('consoleAccess.applet.secret')} extra={data?.hasSecret ? t('consoleAccess.ui.secretKeep') : undefined}>
          <Input.Password aria-label={t('consoleAccess.applet.secret')} value={form.secret} maxLength={200} autoComplete="new-password" onChange={(secret) => setForm({ ...form, secret })} />
        </Form.Item>
        <Form.Item label={t('consoleAccess.applet.enabled')}><Switch aria-label={t('consoleAccess.applet.enabled')} checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} /></Form.Item>
        {save.error && <Alert type="error" className="qp-gap" content={save.error} />}
        {saved && <Alert type="success" className="qp-gap" content={t('consoleAccess.ui.saved')} />}
        <Button type="primary" loading={save.busy} disabled={!form.appId.trim()} onClick={() => void submit()}>{t('consoleAccess.ui.save')}</Button>
      </Form>
    </Card>
  );
}
