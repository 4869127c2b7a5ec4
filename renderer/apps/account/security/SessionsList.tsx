import { Alert, Button, Message, Table, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../../shared/api/account-security.ts';
import { useServices } from '../../../shell/services.tsx';

/** The member's signed-in sessions: where and when, this one marked; end one, or all the others. */
export function SessionsList() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions((await api.get<{ sessions: SessionView[] }>('/api/account/security/sessions')).data.sessions);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  async function act(call: () => Promise<{ msg: string; params: Record<string, unknown> }>) {
    setError(null);
    try {
      const answer = await call();
      Message.success(t(answer.msg, answer.params));
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const when = (iso: string) => new Date(iso).toLocaleString();
  return (
    <div data-testid="security-sessions">
      <h3 className="qp-settings-h2">{t('accountSecurity.sessions')}</h3>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      <Table
        rowKey="id"
        loading={!sessions && !error}
        data={sessions ?? []}
        pagination={false}
        columns={[
          {
            title: t('accountSecurity.device'),
            dataIndex: 'userAgent',
            render: (agent: string | null, row: SessionView) => (
              <span>
                {agent ?? t('accountSecurity.unknownDevice')} {row.current && <Tag color="green" data-testid="session-current">{t('accountSecurity.current')}</Tag>}
              </span>
            ),
          },
          { title: t('accountSecurity.ip'), dataIndex: 'ip' },
          { title: t('accountSecurity.signedInAt'), dataIndex: 'createdAt', render: when },
          { title: t('accountSecurity.lastSeen'), dataIndex: 'lastSeenAt', render: when },
          {
            title: '',
            dataIndex: 'id',
            render: (id: string, row: SessionView) =>
              !row.current && (
                <Button size="small" data-testid="session-sign-out" onClick={() => act(() => api.delete(`/api/account/security/sessions/${id}`))}>
                  {t('accountSecurity.signOut')}
                </Button>
              ),
          },
        ]}
      />
      <Button
        className="qp-gap"
        disabled={!sessions || sessions.length < 2}
        data-testid="sessions-sign-out-others"
        onClick={() => act(() => api.post('/api/account/security/sessions/sign-out-others', {}, { json: true }))}
      >
        {t('accountSecurity.signOutOthers')}
      </Button>
    </div>
  );
}
