import { Alert, Button, Card, Form, Input, Link } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';

type Step = 'name' | 'code' | 'done';

interface ResetValues {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `home/forgotPassword` (decision 0057), public: name the account, receive a six-digit code at its
 * verified e-mail or phone, then choose a new password under the space's policy. The server answers the first step
 * alike for every name, so this page never says whether an account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [step, setStep] = useState<Step>('name');
  const [account, setAccount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  // Busy while a call runs; its refusal, already in the user's language, shown in the dialog.
  const { busy, error, setError, submit: run } = useSubmit<void>(() => {});

  const sendCode = (values: { account: string }) =>
    run(async () => {
      const answer = await api.post('/api/account/password-reset/code', { account: values.account.trim() }, { json: true, ignoreUnauthorized: true });
      setAccount(values.account.trim());
      setNotice(t(answer.msg));
      setStep('code');
    });

  const reset = (values: ResetValues) =>
    run(async () => {
      await api.post('/api/account/password-reset', { account, ...values }, { json: true, ignoreUnauthorized: true });
      setStep('done');
    });

  const toLogin = <Link href={pagePath('', 'home/login')} data-testid="forgot-to-login">{t('accountSecurity.forgot.toLogin')}</Link>;
  return (
    <div className="qp-login">
      <Card className="qp-login-card" title={t('accountSecurity.forgot.title')} bordered={false} data-testid="forgot-password">
        {error && <Alert type="error" content={error} className="qp-login-error" data-testid="forgot-error" />}
        {step === 'name' && (
          <Form layout="vertical" onSubmit={sendCode}>
            <p className="qp-login-subtitle">{t('accountSecurity.forgot.subtitle')}</p>
            <Form.Item label={t('accountSecurity.forgot.account')} field="account" rules={[{ required: true, message: t('accountSecurity.forgot.accountRequired') }]}>
              <Input autoComplete="username" maxLength={254} data-testid="forgot-account" />
            </Form.Item>
            <Button type="primary" htmlType="submit" long loading={busy} data-testid="forgot-send">{t('accountSecurity.forgot.send')}</Button>
          </Form>
        )}
        {step === 'code' && (
          <Form<ResetValues> layout="vertical" onSubmit={reset} autoComplete="off">
            {notice && <Alert type="info" content={notice} className="qp-gap" data-testid="forgot-notice" />}
            <p className="qp-login-subtitle">{t('accountSecurity.forgot.codeHint')}</p>
            <Form.Item label={t('accountSecurity.code')} field="code" rules={[{ required: true, match: /^[0-9]{6}$/, message: t('accountSecurity.codeRequired') }]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder={t('accountSecurity.codePlaceholder')} data-testid="forgot-code" />
            </Form.Item>
            <Form.Item label={t('account.newPassword')} field="newPassword" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password autoComplete="new-password" maxLength={256} data-testid="forgot-new-password" />
            </Form.Item>
            <Form.Item label={t('account.confirmPassword')} field="confirmPassword" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password autoComplete="new-password" maxLength={256} data-testid="forgot-confirm-password" />
            </Form.Item>
            <p className="qp-muted">{t('account.passwordAdvice')}</p>
            <Button type="primary" htmlType="submit" long loading={busy} data-testid="forgot-submit">{t('accountSecurity.forgot.submit')}</Button>
            <p>
              <Link onClick={() => { setStep('name'); setError(null); }}>{t('accountSecurity.forgot.resend')}</Link>
            </p>
          </Form>
        )}
        {step === 'done' && <Alert type="success" content={t('accountSecurity.forgot.done')} className="qp-gap" data-testid="forgot-done" />}
        <p>{toLogin}</p>
      </Card>
    </div>
  );
}
