import { Alert, Button, Form, Input, Link } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';

/**
 * The sign-in's second step (decision 0056): the password was right, the account has two-step verification, and
 * the server holds a short-lived ticket. A current code from the authenticator app, or one recovery code, finishes.
 */
export function SecondStepForm({ ticket, onDone, onBack }: { ticket: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const text = value.trim();
    if (recovery ? text.length < 10 : !/^[0-9]{6}$/.test(text)) {
      return setError(t(recovery ? 'accountSecurity.login.recoveryRequired' : 'accountSecurity.codeRequired'));
    }
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/account/login/second-step', recovery ? { ticket, recoveryCode: text } : { ticket, code: text }, { json: true, ignoreUnauthorized: true });
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <div data-testid="second-step">
      <p className="qp-login-subtitle">{t(recovery ? 'accountSecurity.login.recoveryHint' : 'accountSecurity.login.codeHint')}</p>
      {error && <Alert type="error" content={error} className="qp-login-error" data-testid="second-step-error" />}
      <Form layout="vertical" onSubmit={submit} autoComplete="off">
        <Form.Item label={t(recovery ? 'accountSecurity.login.recoveryCode' : 'accountSecurity.code')}>
          {recovery ? (
            <Input aria-label={t('accountSecurity.login.recoveryCode')} value={value} onChange={setValue} maxLength={16} autoComplete="off" data-testid="second-step-recovery" />
          ) : (
            <Input aria-label={t('accountSecurity.code')} value={value} onChange={setValue} maxLength={6} inputMode="numeric" autoComplete="one-time-code" autoFocus data-testid="second-step-code" />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={busy} data-testid="second-step-submit">
          {t('accountSecurity.login.verify')}
        </Button>
      </Form>
      <p>
        <Link onClick={() => { setRecovery(!recovery); setValue(''); setError(null); }} data-testid="second-step-toggle">
          {t(recovery ? 'accountSecurity.login.useCode' : 'accountSecurity.login.useRecovery')}
        </Link>
        {' · '}
        <Link onClick={onBack}>{t('accountSecurity.login.back')}</Link>
      </p>
    </div>
  );
}
