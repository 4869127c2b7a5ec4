import { Alert, Button, Card, Input, Modal, Radio, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolesFor } from '../../../shared/permissions.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';

type State = 'pending' | 'approved' | 'rejected';
interface Application { id: string; loginId: string; name: string; phone: string | null; message: string; state: State; createdAt: string; decidedBy: string | null; note: string | null; loginTaken: boolean }
const COLORS: Record<State, string> = { pending: 'orangered', approved: 'green', rejected: 'red' };

/**
 * sysop/enterUserRegist (spec §6: the administrator reviews join applications): the link to hand to people who
 * should join, the applications by state, and approve or reject with a note. The auditor and the security reviewer
 * read the list; only the administrator decides.
 */
export function EnterUserRegistPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const canDecide = rolesFor('org.members.manage').some((role) => session?.roles.includes(role));
  const [state, setState] = useState<State | 'all'>('pending');
  const [rows, setRows] = useState<Application[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [deciding, setDeciding] = useState<{ row: Application; verdict: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    api.get('/api/org/join-applications', { params: state === 'all' ? {} : { state } }).then(
      (answer) => (setRows((answer.data as { applications: Application[] }).applications), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api, state, round]);

  const decide = async () => {
    if (!deciding) return;
    await api.post(`/api/org/join-applications/${deciding.row.id}/${deciding.verdict}`, { note }, { json: true }).then(
      () => (setDeciding(null), setRound((n) => n + 1)),
      (failure: Error) => (setError(failure.message), setDeciding(null)),
    );
  };
  const link = `${window.location.origin}/entRegist?space=${encodeURIComponent(session?.entId ?? '')}`;
  return (
    <Card title={t('org.join.title')} data-testid="join-review">
      <Typography.Paragraph>{t('org.join.linkHint')}</Typography.Paragraph>
      <Typography.Paragraph copyable code data-testid="join-link">{link}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group type="button" value={state} onChange={setState} aria-label={t('org.grants.state')}>
          {(['pending', 'approved', 'rejected', 'all'] as const).map((s) => <Radio key={s} value={s}>{t(`org.grants.state.${s}`)}</Radio>)}
        </Radio.Group>
        {error && <Alert type="error" content={error} closable onClose={() => setError(null)} />}
        <Table rowKey="id" data={rows ?? []} loading={!rows && !error} pagination={{ pageSize: 20 }} noDataElement={t('org.join.empty')} data-testid="join-table"
          columns={[
            { title: t('org.member.name'), dataIndex: 'name' },
            // The applicant is not told a login ID is taken (decision 0101): the administrator sees it before approving.
            { title: t('org.member.loginId'), dataIndex: 'loginId', render: (v: string, r: Application) => <span>{v}{r.state === 'pending' && r.loginTaken && <Tag color="red" style={{ marginLeft: 4 }} data-testid={`join-taken-${v}`}>{t('org.join.loginTakenTag')}</Tag>}</span> },
            { title: t('org.member.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
            { title: t('org.registration.message'), dataIndex: 'message', render: (v: string) => v || '—' },
            { title: t('org.join.appliedAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('org.grants.state'), dataIndex: 'state', render: (v: State, r: Application) => <span><Tag color={COLORS[v]}>{t(`org.grants.state.${v}`)}</Tag>{r.note ? ` ${r.note}` : ''}</span> },
            ...(canDecide ? [{
              title: t('org.posts.actions'), dataIndex: 'id',
              render: (_: string, r: Application) => r.state === 'pending' && (
                <Space size="mini">
                  <Button size="mini" type="primary" onClick={() => (setNote(''), setDeciding({ row: r, verdict: 'approve' }))} data-testid={`join-approve-${r.loginId}`}>{t('org.grants.approve')}</Button>
                  <Button size="mini" status="danger" onClick={() => (setNote(''), setDeciding({ row: r, verdict: 'reject' }))} data-testid={`join-reject-${r.loginId}`}>{t('org.grants.reject')}</Button>
                </Space>
              ),
            }] : []),
          ]} />
      </Space>
      {deciding && (
        <Modal visible title={`${t(`org.grants.${deciding.verdict}`)}: ${deciding.row.name}`} onOk={decide} onCancel={() => setDeciding(null)} okText={t(`org.grants.${deciding.verdict}`)} cancelText={t('org.structure.cancel')}>
          <Input.TextArea value={note} onChange={setNote} maxLength={200} placeholder={t('org.grants.note')} aria-label={t('org.grants.note')} data-testid="join-note" />
        </Modal>
      )}
    </Card>
  );
}
