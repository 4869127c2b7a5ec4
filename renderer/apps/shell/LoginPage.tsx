import { Alert, Button, Card, Form, Input } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath, TransportError } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';

/** Only same-origin paths may be returned to after sign-in (no open redirect through `url`). */
export function safeReturnUrl(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export function LoginPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api, hardNavigate } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: { loginId: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/account/login', values, { json: true, ignoreUnauthorized: true });
      // A full load: the new session's base info, routes and socket start fresh.
      hardNavigate(safeReturnUrl(match.query.url));
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
      <Card className="qp-login-card" title={t('shell.login.title')} bordered={false}>
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
      </Card>
    </div>
  );
}
