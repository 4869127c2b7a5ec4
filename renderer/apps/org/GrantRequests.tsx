import { Alert, Button, Input, Modal, Radio, Space, Table, Tag } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdsAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';

type Kind = 'platformRole' | 'enterpriseRole' | 'permission';
type State = 'pending' | 'approved' | 'rejected' | 'withdrawn';
interface Request {
  id: string; kind: Kind; action: 'grant' | 'revoke'; platformRole: string | null; roleName: string | null; permission: string | null; reason: string;
  state: State; requestedAt: string; decidedAt: string | null; note: string | null; userName: string; userLogin: string; requestedBy: string; decidedBy: string | null;
}
const COLORS: Record<State, string> = { pending: 'orangered', approved: 'green', rejected: 'red', withdrawn: 'gray' };

/**
 * Requests for sensitive grants (three-role separation): the security reviewer approves or rejects them with a note;
 * the administrator who asked may withdraw a pending one; the auditor reads them. Who, what and why are shown.
 */
export function GrantRequests({ kind }: { kind?: Kind } = {}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const may = useAtomValue(holdsAtom);
  const decides = may('org.grants.decide');
  const asks = may('org.grants.request');
  const [state, setState] = useState<State | 'all'>('pending');
  const [requests, setRequests] = useState<Request[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [deciding, setDeciding] = useState<{ request: Request; verdict: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    let live = true;
    api.get('/api/org/grant-requests', { params: state === 'all' ? {} : { state } }).then(
      (answer) => live && (setRequests((answer.data as { requests: Request[] }).requests), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, state, round]);

  const run = (work: Promise<unknown>) => work.then(() => (setDeciding(null), setRound((n) => n + 1)), (failure: Error) => setError(failure.message));
  const what = (r: Request) => {
    if (r.kind === 'permission') return t(`org.delegation.${r.action}`, { permission: t(`org.delegation.perm.${r.permission}`) });
    if (r.kind === 'platformRole') return t(`org.grants.${r.action}Platform`, { role: t(`org.platformRole.${r.platformRole}`) });
    return t('org.grants.joinRole', { role: r.roleName ?? '' });
  };
  const shown = requests && kind ? requests.filter((r) => r.kind === kind) : requests;

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="grant-requests">
      <Radio.Group type="button" value={state} onChange={setState} aria-label={t('org.grants.state')}>
        {(['pending', 'approved', 'rejected', 'withdrawn', 'all'] as const).map((s) => <Radio key={s} value={s}>{t(`org.grants.state.${s}`)}</Radio>)}
      </Radio.Group>
      {error && <Alert type="error" content={error} closable onClose={() => setError(null)} />}
      <Table rowKey="id" data={shown ?? []} loading={!requests && !error} pagination={{ pageSize: 20 }} noDataElement={t('org.grants.empty')}
        columns={[
          { title: t('org.grants.member'), dataIndex: 'userName', render: (_: string, r: Request) => `${r.userName} (${r.userLogin})` },
          { title: t('org.grants.what'), dataIndex: 'kind', render: (_: string, r: Request) => what(r) },
          { title: t('org.grants.reason'), dataIndex: 'reason' },
          { title: t('org.grants.requestedBy'), dataIndex: 'requestedBy', render: (v: string, r: Request) => `${v} · ${new Date(r.requestedAt).toLocaleString()}` },
          { title: t('org.grants.state'), dataIndex: 'state', render: (v: State, r: Request) => <span><Tag color={COLORS[v]}>{t(`org.grants.state.${v}`)}</Tag>{r.note ? ` ${r.note}` : ''}</span> },
          {
            title: t('org.posts.actions'),
            dataIndex: 'id',
            render: (_: string, r: Request) => r.state === 'pending' && (
              <Space size="mini">
                {decides && <Button size="mini" type="primary" onClick={() => (setNote(''), setDeciding({ request: r, verdict: 'approve' }))} data-testid={`grant-approve-${r.userLogin}`}>{t('org.grants.approve')}</Button>}
                {decides && <Button size="mini" status="danger" onClick={() => (setNote(''), setDeciding({ request: r, verdict: 'reject' }))} data-testid={`grant-reject-${r.userLogin}`}>{t('org.grants.reject')}</Button>}
                {asks && <Button size="mini" onClick={() => run(api.post(`/api/org/grant-requests/${r.id}/withdraw`, {}, { json: true }))}>{t('org.grants.withdraw')}</Button>}
              </Space>
            ),
          },
        ]} />
      {deciding && (
        <Modal visible title={t(`org.grants.${deciding.verdict}`)} onCancel={() => setDeciding(null)} okText={t(`org.grants.${deciding.verdict}`)} cancelText={t('org.structure.cancel')}
          onOk={() => run(api.post(`/api/org/grant-requests/${deciding.request.id}/${deciding.verdict}`, { note }, { json: true }))}>
          <p>{deciding.request.userName}: {what(deciding.request)}</p>
          <p>{t('org.grants.reason')}: {deciding.request.reason}</p>
          <Input.TextArea value={note} onChange={setNote} maxLength={200} placeholder={t('org.grants.note')} aria-label={t('org.grants.note')} data-testid="grant-note" />
        </Modal>
      )}
    </Space>
  );
}
