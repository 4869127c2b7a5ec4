import { Alert, Button, Card, Form, Input, Link } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath, TransportError } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { SecondStepForm } from './SecondStepForm.tsx';

/** Only same-origin paths may be returned to after sign-in (no open redirect through `url`). */
export function safeReturnUrl(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function LoginPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api, hardNavigate } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set when the password was right and the account asks for its second step (decision 0056).
  const [ticket, setTicket] = useState<string | null>(null);
  const signedInNow = () => hardNavigate(safeReturnUrl(match.query.url));

  async function submit(values: { loginId: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ secondStep?: boolean; ticket?: string }>('/api/account/login', values, { json: true, ignoreUnauthorized: true });
      if (answer.data?.secondStep && answer.data.ticket) {
        setTicket(answer.data.ticket);
        setBusy(false);
        return;
      }
      // A full load: the new session's base info, routes and socket start fresh.
      signedInNow();
    } catch (failure) {
      // The right password, but older than the space's policy allows: choose a new one on the one-time page.
      const token = failure instanceof TransportError && failure.msg === 'account.passwordExpired' ? (failure.data as { token?: string } | null)?.token : undefined;
      if (token) return hardNavigate(pagePath('', `home/invitation/${encodeURIComponent(token)}`));
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="qp-login">
      <Card className="qp-login-card" title={t(ticket ? 'accountSecurity.login.codeTitle' : 'shell.login.title')} bordered={false}>
        {ticket ? (
          <SecondStepForm ticket={ticket} onDone={signedInNow} onBack={() => setTicket(null)} />
        ) : (
          <>
            <p className="qp-login-subtitle">{t('shell.login.subtitle')}</p>
            {error && <Alert type="error" content={error} className="qp-login-error" data-testid="login-error" />}
            <Form layout="vertical" onSubmit={submit} autoComplete="on">
              <Form.Item label={t('account.loginId')} field="loginId" rules={[{ required: true, message: t('shell.login.loginIdRequired') }]}>
                <Input name="loginId" autoComplete="username" maxLength={64} />
              </Form.Item>
              <Form.Item label={t('account.password')} field="password" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
                <Input.Password name="password" autoComplete="current-password" maxLength={256} />
              </Form.Item>
              <Button type="primary" htmlType="submit" long loading={busy}>
                {t('shell.login.submit')}
              </Button>
            </Form>
            <p>
              <Link href={pagePath('', 'home/forgotPassword')} data-testid="forgot-password-link">{t('accountSecurity.login.forgot')}</Link>
            </p>
            {/* The public pages of §6 a guest may read before signing in. */}
            <p className="qp-login-links">
              <Link href={pagePath('', 'news/list')} data-testid="login-news">{t('routes.portal.newsList')}</Link>
              <Link href={pagePath('', 'developercenter')} data-testid="login-developer">{t('routes.account.developerCenter')}</Link>
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
