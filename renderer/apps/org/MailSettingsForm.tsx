import { Alert, Button, Checkbox, Form, Input, InputNumber, Message, Select, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAIL_DEFAULT_PORTS,
  MAIL_SECURITY,
  MAIL_SETTINGS_LIMITS,
  MAIL_SETTINGS_PATH,
  mailSettingsProblem,
  type MailSecurity,
  type MailSettingsInput,
  type MailSettingsView,
} from '../../../shared/org/mail-settings.ts';
import { useServices } from '../../shell/services.tsx';
import { MailTestDialog } from './MailTestDialog.tsx';

/** Saving connects, upgrades and signs in first: a slow server may take the platform's whole 10 s setup time and more. */
const SLOW_CALL_MS = 60_000;

type TextField = 'host' | 'user' | 'fromAddress' | 'fromName';

/**
 * The space's SMTP server. The password is write-only: the field starts empty, says whether one is stored, and is
 * sent only when typed (or removed on purpose). "Send a test" uses what the form holds, saved or not.
 */
export function MailSettingsForm(props: { view: MailSettingsView; onSaved: (view: MailSettingsView) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState(props.view);
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);

  const input: MailSettingsInput = {
    host: draft.host.trim(),
    port: draft.port,
    security: draft.security,
    user: draft.user.trim(),
    fromAddress: draft.fromAddress.trim(),
    fromName: draft.fromName.trim(),
    ...(password ? { password } : removePassword ? { password: '' } : {}),
  };
  const change = (patch: Partial<MailSettingsView>) => setDraft({ ...draft, ...patch });
  // Choosing another mode moves the port along while it still is the previous mode's usual one.
  const setSecurity = (security: MailSecurity) => change({ security, port: draft.port === MAIL_DEFAULT_PORTS[draft.security] ? MAIL_DEFAULT_PORTS[security] : draft.port });

  async function save() {
    const problem = mailSettingsProblem(input);
    if (problem) return setError(t(problem.key, problem.params));
    setBusy(true);
    setError(null);
    try {
      const answer = await api.put<MailSettingsView>(MAIL_SETTINGS_PATH, input, { json: true, timeout: SLOW_CALL_MS });
      setDraft(answer.data);
      setPassword('');
      setRemovePassword(false);
      props.onSaved(answer.data);
      Message.success(t(answer.msg || 'org.mail.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const text = (field: TextField, extra: { type?: string; placeholder?: string } = {}) => (
    <Form.Item label={t(`org.mail.${field}`)} required={field === 'host' || field === 'fromAddress'}>
      <Input value={draft[field]} maxLength={MAIL_SETTINGS_LIMITS[field]} onChange={(value) => change({ [field]: value })} aria-label={t(`org.mail.${field}`)} data-testid={`mail-${field}`} {...extra} />
    </Form.Item>
  );

  return (
    <section aria-labelledby="qp-mail-server">
      <h3 id="qp-mail-server">{t('org.mail.server')}</h3>
      {!props.view.configured && <p className="qp-muted" data-testid="mail-not-configured">{t('org.mail.notConfigured')}</p>}
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="mail-error" />}
      <Form layout="vertical" style={{ maxWidth: 560 }} onSubmit={() => void save()}>
        {text('host', { placeholder: 'smtp.example.com' })}
        <Space size="large" align="start">
          <Form.Item label={t('org.mail.security')}>
            <Select value={draft.security} onChange={setSecurity} aria-label={t('org.mail.security')} data-testid="mail-security" style={{ width: 200 }}
              options={MAIL_SECURITY.map((s) => ({ value: s, label: t(`org.mail.security.${s}`) }))} />
          </Form.Item>
          <Form.Item label={t('org.mail.port')} required>
            <InputNumber value={draft.port} min={1} max={65535} precision={0} onChange={(port) => change({ port: Number(port) })} aria-label={t('org.mail.port')} data-testid="mail-port" style={{ width: 140 }} />
          </Form.Item>
        </Space>
        {text('user')}
        <Form.Item label={t('org.mail.password')}>
          <Input.Password value={password} maxLength={MAIL_SETTINGS_LIMITS.password} onChange={setPassword} autoComplete="new-password" disabled={removePassword}
            placeholder={t(draft.passwordSet ? 'org.mail.passwordKept' : 'org.mail.passwordNone')} aria-label={t('org.mail.password')} data-testid="mail-password" />
        </Form.Item>
        {draft.passwordSet && (
          <Checkbox checked={removePassword} onChange={(checked: boolean) => (setRemovePassword(checked), setPassword(''))} data-testid="mail-password-remove" className="qp-gap">
            {t('org.mail.passwordRemove')}
          </Checkbox>
        )}
        {text('fromAddress', { placeholder: 'noreply@example.com' })}
        {text('fromName')}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="mail-save">
            {t('org.mail.save')}
          </Button>
          <Button onClick={() => setTesting(true)} data-testid="mail-test">
            {t('org.mail.sendTest')}
          </Button>
        </Space>
      </Form>
      {testing && <MailTestDialog settings={input} onClose={() => setTesting(false)} />}
    </section>
  );
}
