import { Alert, Button, Card, Descriptions, Message, Modal, Popconfirm, Space, Spin, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorUserDetail, ResetAnswer } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { LoadError } from './LoadError.tsx';
import { MembershipsCard } from './MembershipsCard.tsx';
import { UserStateTag } from './UserListPage.tsx';
import { useLoad } from '../../../shell/use-load.ts';

/** `/sysop/user/edit?id=`: one account: its state, lock and unlock, a password reset link, its spaces and roles. */
export function UserEditPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const raw = match.query.id;
  const id = typeof raw === 'string' && /^[0-9]{1,18}$/.test(raw) ? raw : null;
  const [reset, setReset] = useState<ResetAnswer | null>(null);
  const { data: user, error, loading, reload } = useLoad(async () => (id ? (await api.get<OperatorUserDetail>(`/api/console/operator/users/${id}`)).data : null), [api, id]);

  async function act(action: 'lock' | 'unlock' | 'reset') {
    try {
      const answer = await api.post<ResetAnswer & { sessionsEnded?: number }>(`/api/console/operator/users/${id}/${action}`, {}, { json: true });
      if (action === 'reset') setReset(answer.data);
      else Message.success(action === 'lock' ? t('consoleOperator.users.locked', { n: answer.data.sessionsEnded ?? 0 }) : t('consoleOperator.users.unlocked'));
      await reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const back = <a href="/sysop/user">{t('consoleOperator.user.back')}</a>;
  if (!id) return <Card title={t('consoleOperator.user.title')} extra={back}><Alert type="warning" content={t('consoleOperator.user.missingId')} /></Card>;
  if (error) return <Card title={t('consoleOperator.user.title')} extra={back}><LoadError message={error} onRetry={() => void reload()} /></Card>;
  if (!user) return <Spin loading={loading} />;
  const confirm = { okText: t('consoleOperator.confirm'), cancelText: t('consoleOperator.cancel') };

  return (
    <div data-testid="operator-user">
      <Card title={`${t('consoleOperator.user.title')} · ${user.name}`} extra={back}>
        <Descriptions
          column={2}
          data={[
            { label: t('consoleOperator.users.loginId'), value: user.loginId },
            { label: t('consoleOperator.users.name'), value: user.name },
            { label: t('consoleOperator.users.phone'), value: user.phone ?? '—' },
            { label: t('consoleOperator.users.email'), value: user.email ?? '—' },
            { label: t('consoleOperator.users.state'), value: <UserStateTag user={user} /> },
            { label: t('consoleOperator.user.sessions'), value: String(user.activeSessions) },
            { label: t('consoleOperator.users.createdAt'), value: new Date(user.createdAt).toLocaleString(i18n.language) },
          ]}
        />
        <Space className="qp-gap">
          {user.locked ? (
            <Button onClick={() => void act('unlock')} data-testid="user-unlock">{t('consoleOperator.users.unlock')}</Button>
          ) : (
            user.status !== 'invited' && (
              <Popconfirm title={t('consoleOperator.users.lockConfirm', { name: user.name })} onOk={() => act('lock')} {...confirm}>
                <Button status="danger" data-testid="user-lock">{t('consoleOperator.users.lock')}</Button>
              </Popconfirm>
            )
          )}
          {user.status !== 'disabled' && (
            <Popconfirm title={t('consoleOperator.user.resetConfirm')} onOk={() => act('reset')} {...confirm}>
              <Button data-testid="user-reset">{t('consoleOperator.user.reset')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Card>
      <MembershipsCard userId={user.id} memberships={user.memberships} onChanged={reload} />
      <Modal visible={!!reset} title={t('consoleOperator.user.reset')} onOk={() => setReset(null)} onCancel={() => setReset(null)} hideCancel okText={t('consoleOperator.confirm')}>
        {reset && (
          <>
            <p>{t('consoleOperator.user.resetLink')}</p>
            <Typography.Paragraph copyable code data-testid="reset-link">{`${location.origin}${reset.link}`}</Typography.Paragraph>
            <p className="qp-muted">{t('consoleOperator.user.resetExpires', { time: new Date(reset.expiresAt).toLocaleString(i18n.language) })}</p>
          </>
        )}
      </Modal>
    </div>
  );
}
