import { Alert, Button, Card, Form, Input, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';

interface Invitation { loginId: string; name: string; spaceName: string | null; expired?: boolean }

/**
 * home/invitation/{token}: an administrator added this person without a password (or imported them); the link
 * lets them choose one, once, then sign in. Unknown, used and expired links all say the same thing.
 */
export function InvitationPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api, hardNavigate } = useServices();
  const token = match.params.token ?? '';
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get(`/api/account/invitations/${encodeURIComponent(token)}`, { ignoreUnauthorized: true }).then(
      (answer) => setInvitation(answer.data as Invitation),
      (failure: Error) => setError(failure.message),
    );
  }, [api, token]);

  async function submit(values: { password: string; confirmPassword: string }) {
    setBusy(true);
    setError(null);
    try {
      await api.post(`/api/account/invitations/${encodeURIComponent(token)}`, values, { json: true, ignoreUnauthorized: true });
      hardNavigate(pagePath('', 'home/login'));
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="qp-login">
      <Card className="qp-login-card" title={t(invitation?.expired ? 'shell.invitation.expiredTitle' : 'shell.invitation.title')} bordered={false}>
        {!invitation && !error && <Spin block loading />}
        {invitation && <p className="qp-login-subtitle" data-testid="invitation-who">{t(invitation.expired ? 'shell.invitation.expiredSubtitle' : 'shell.invitation.subtitle', { name: invitation.name, loginId: invitation.loginId, space: invitation.spaceName ?? '' })}</p>}
        {error && <Alert type="error" content={error} className="qp-login-error" data-testid="invitation-error" />}
        {invitation && (
          <Form layout="vertical" onSubmit={submit}>
            <Form.Item label={t('shell.invitation.password')} field="password" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password autoComplete="new-password" maxLength={128} data-testid="invitation-password" />
            </Form.Item>
            <Form.Item label={t('shell.invitation.confirm')} field="confirmPassword" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
              <Input.Password autoComplete="new-password" maxLength={128} data-testid="invitation-confirm" />
            </Form.Item>
            <Button type="primary" htmlType="submit" long loading={busy}>{t('shell.invitation.submit')}</Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
