import { Alert, Button, Card, Form, Input, Tabs, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';

type Kind = 'join' | 'register';
interface Status { state: 'pending' | 'approved' | 'rejected'; spaceName?: string; enterpriseName?: string; note: string | null }
const STATUS_PATH: Record<Kind, string> = { join: '/api/org/join-applications/status', register: '/api/org/space-requests/status' };
const STORE_KEY = 'qp.registration';
const COLORS = { pending: 'orangered', approved: 'green', rejected: 'red' } as const;

/**
 * entRegist (public, spec §2.5/§6): join an existing enterprise (its administrator decides) or ask for a new one
 * (the platform operator decides). The page keeps the application's token in this browser so the applicant sees
 * its state when they come back; an approved applicant signs in with the password chosen here.
 */
export function EntRegistPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const invitedTo = typeof match.query.space === 'string' ? match.query.space : '';
  const [kind, setKind] = useState<Kind>('join');
  const [ticket, setTicket] = useState<{ kind: Kind; token: string } | null>(() => JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null'));
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ticket) return;
    api.get(STATUS_PATH[ticket.kind], { params: { token: ticket.token }, ignoreUnauthorized: true }).then(
      (answer) => setStatus(answer.data as Status),
      () => (localStorage.removeItem(STORE_KEY), setTicket(null)),
    );
  }, [api, ticket]);

  async function submit(values: Record<string, string>) {
    setBusy(true);
    setError(null);
    try {
      const path = kind === 'join' ? '/api/org/join-applications' : '/api/org/space-requests';
      const answer = await api.post(path, kind === 'join' ? { ...values, spaceId: (values.spaceId ?? invitedTo).trim().toLowerCase() } : values, { json: true, ignoreUnauthorized: true });
      const next = { kind, token: (answer.data as { token: string }).token };
      localStorage.setItem(STORE_KEY, JSON.stringify(next));
      setTicket(next);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string, label: string, input = <Input maxLength={100} />) => (
    <Form.Item label={label} field={name} rules={[{ required: true, message: t('validation.required', { field: label }) }]}>{input}</Form.Item>
  );
  const password = (
    <>
      {field('password', t('shell.invitation.password'), <Input.Password autoComplete="new-password" maxLength={128} />)}
      {field('confirmPassword', t('shell.invitation.confirm'), <Input.Password autoComplete="new-password" maxLength={128} />)}
    </>
  );
  return (
    <div className="qp-login">
      <Card className="qp-login-card" title={t('org.registration.title')} bordered={false} data-testid="ent-regist">
        {ticket && status ? (
          <div data-testid="registration-status">
            <p>{t(`org.registration.status.${ticket.kind}`, { name: status.spaceName ?? status.enterpriseName ?? '' })} <Tag color={COLORS[status.state]}>{t(`org.grants.state.${status.state}`)}</Tag></p>
            {status.note && <p>{status.note}</p>}
            {status.state === 'approved' && ticket.kind === 'join' && <Button type="primary" href="/home/login" long>{t('shell.login.submit')}</Button>}
            <Button type="text" onClick={() => (localStorage.removeItem(STORE_KEY), setTicket(null), setStatus(null))}>{t('org.registration.another')}</Button>
          </div>
        ) : (
          <>
            {error && <Alert type="error" content={error} className="qp-login-error" data-testid="registration-error" />}
            <Tabs activeTab={kind} onChange={(k) => setKind(k as Kind)}>
              <Tabs.TabPane key="join" title={t('org.registration.join')}>
                <Form layout="vertical" onSubmit={submit} initialValues={{ spaceId: invitedTo }}>
                  {field('spaceId', t('org.registration.spaceId'), <Input maxLength={32} disabled={!!invitedTo} />)}
                  {field('loginId', t('org.member.loginId'), <Input maxLength={64} autoComplete="username" />)}
                  {field('name', t('org.member.name'))}
                  <Form.Item label={t('org.member.phone')} field="phone"><Input maxLength={20} /></Form.Item>
                  <Form.Item label={t('org.registration.message')} field="message"><Input.TextArea maxLength={200} /></Form.Item>
                  {password}
                  <Button type="primary" htmlType="submit" long loading={busy}>{t('org.registration.apply')}</Button>
                </Form>
              </Tabs.TabPane>
              <Tabs.TabPane key="register" title={t('org.registration.register')}>
                <Form layout="vertical" onSubmit={submit}>
                  {field('enterpriseName', t('org.registration.enterpriseName'))}
                  {field('contactName', t('org.registration.contactName'), <Input maxLength={40} />)}
                  {field('phone', t('org.member.phone'), <Input maxLength={20} />)}
                  {field('email', t('org.member.email'), <Input maxLength={200} />)}
                  {field('adminLoginId', t('org.registration.adminLoginId'), <Input maxLength={64} autoComplete="username" />)}
                  {password}
                  <Button type="primary" htmlType="submit" long loading={busy}>{t('org.registration.submit')}</Button>
                </Form>
              </Tabs.TabPane>
            </Tabs>
          </>
        )}
      </Card>
    </div>
  );
}
