import { Alert, Button, Form, Input, Link } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../kernel/transport.ts';
import { DesktopVersionLink } from '../../../shell/mobile/DesktopVersionLink.tsx';
import { mobileReturnUrl } from '../../../shell/mobile/mobile-paths.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { SecondStepForm } from '../SecondStepForm.tsx';
import { useSignIn } from './use-sign-in.ts';
import './mobile-login.css';

/**
 * `m/login` (decision 0064): the phone sign-in. The same calls as the web's sign-in — the password, then the
 * second step when the account has one (decision 0056), an expired password to the one-time page — on a full-width
 * page with touch-sized fields, and back to the `/m/` page asked for (else the mobile home) once signed in.
 */
export function MobileLoginPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { hardNavigate } = useServices();
  // A full load: the new session's base info, routes and socket start fresh.
  const signedInNow = () => hardNavigate(mobileReturnUrl(match.query.url));
  const { error, busy, ticket, submit, back } = useSignIn(signedInNow);

  return (
    <div className="qp-m-login" data-testid="m-login">
      <h1 className="qp-m-login-title">{t(ticket ? 'accountSecurity.login.codeTitle' : 'mobileShell.login.title')}</h1>
      {ticket ? (
        <SecondStepForm ticket={ticket} onDone={signedInNow} onBack={back} />
      ) : (
        <>
          <p className="qp-m-login-subtitle">{t('mobileShell.login.subtitle')}</p>
          {error && <Alert type="error" content={error} className="qp-login-error" data-testid="login-error" />}
          <Form layout="vertical" size="large" onSubmit={submit} autoComplete="on">
            <Form.Item label={t('account.loginId')} field="loginId" rules={[{ required: true, message: t('shell.login.loginIdRequired') }]}>
              <Input name="loginId" autoComplete="username" autoCapitalize="none" maxLength={64} data-testid="m-login-id" />
            </Form.Item>
            <Form.Item label={t('account.password')} field="password" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password name="password" autoComplete="current-password" maxLength={256} data-testid="m-login-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" long size="large" loading={busy} data-testid="m-login-submit">
              {t('shell.login.submit')}
            </Button>
          </Form>
          <p className="qp-m-login-links">
            {/* Web pages: they open as they do on a computer. */}
            <Link href={pagePath('', 'home/forgotPassword')} data-testid="forgot-password-link">{t('accountSecurity.login.forgot')}</Link>
            {/* The desktop sign-in, remembered on this browser (decision 0115). */}
            <DesktopVersionLink className="arco-link" />
          </p>
        </>
      )}
    </div>
  );
}
