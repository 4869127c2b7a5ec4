import { Alert, Button, Card, Form, Input, Link } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { useSignIn } from './mobile/use-sign-in.ts';
import { SecondStepForm } from './SecondStepForm.tsx';

/** Only same-origin paths may be returned to after sign-in (no open redirect through `url`). */
export function safeReturnUrl(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function LoginPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { hardNavigate } = useServices();
  const signedInNow = () => hardNavigate(safeReturnUrl(match.query.url));
  // The sign-in's calls are shared with the phone's sign-in (decision 0064).
  const { error, busy, ticket, submit, back } = useSignIn(signedInNow);

  return (
    <div className="qp-login">
      <Card className="qp-login-card" title={t(ticket ? 'accountSecurity.login.codeTitle' : 'shell.login.title')} bordered={false}>
        {ticket ? (
          <SecondStepForm ticket={ticket} onDone={signedInNow} onBack={back} />
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
