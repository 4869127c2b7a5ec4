import { Alert, Button, Card, Form, Input, Message, Modal, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderRow, SpaceRequestRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';

type Verdict = { kind: 'approve' | 'reject'; request: SpaceRequestRow };
const STATE_COLOR: Record<SpaceRequestRow['state'], string> = { pending: 'arcoblue', approved: 'green', rejected: 'red' };

/** Enterprise registrations (entRegist) awaiting root: approve (the space and its administrator are made) or reject. */
export function SpaceRequests({ providers, onApproved }: { providers: ProviderRow[]; onApproved: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [state, setState] = useState<SpaceRequestRow['state'] | undefined>('pending');
  const [rows, setRows] = useState<SpaceRequestRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [providerId, setProviderId] = useState<string>('platform');
  const [reason, setReason] = useState('');

  useEffect(() => {
    let live = true;
    api.get<{ requests: SpaceRequestRow[] }>('/api/console/space-requests', { params: state ? { state } : {} }).then(
      (answer) => live && (setRows(answer.data.requests), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, state, round]);

  const { busy, error: decideError, setError: setDecideError, submit } = useSubmit(() => {
    Message.success(t(verdict?.kind === 'approve' ? 'consoleSpaces.request.approved' : 'consoleSpaces.request.rejected'));
    if (verdict?.kind === 'approve') onApproved();
    setVerdict(null);
    setRound((n) => n + 1);
  });
  const open = (next: Verdict) => {
    setVerdict(next);
    setProviderId('platform');
    setReason('');
    setDecideError(null);
  };
  const decide = () => {
    if (!verdict) return;
    const path = `/api/console/space-requests/${verdict.request.id}/${verdict.kind}`;
    const body = verdict.kind === 'approve' ? { providerId: providerId === 'platform' ? null : providerId } : { reason };
    void submit(() => api.post(path, body, { json: true }));
  };

  const columns = [
    { title: t('consoleSpaces.request.enterprise'), dataIndex: 'enterpriseName' },
    { title: t('consoleSpaces.request.contact'), dataIndex: 'contactName', render: (_: unknown, r: SpaceRequestRow) => `${r.contactName} · ${r.phone} · ${r.email}` },
    { title: t('consoleSpaces.request.adminLogin'), dataIndex: 'adminLoginId' },
    { title: t('consoleSpaces.request.message'), dataIndex: 'message', render: (m: string) => m || '—' },
    { title: t('consoleSpaces.request.createdAt'), dataIndex: 'createdAt', width: 170, render: (at: string) => new Date(at).toLocaleString(i18n.language) },
    {
      title: t('consoleSpaces.request.state'),
      dataIndex: 'state',
      render: (s: SpaceRequestRow['state'], r: SpaceRequestRow) => (
        <span>
          <Tag color={STATE_COLOR[s]}>{t(`consoleSpaces.request.state.${s}`)}</Tag> {r.note ?? r.createdSpaceId ?? ''}
        </span>
      ),
    },
    {
      title: t('consoleSpaces.actions'),
      dataIndex: 'actions',
      width: 150,
      render: (_: unknown, r: SpaceRequestRow) =>
        r.state === 'pending' && (
          <Space size="mini">
            <Button size="mini" type="text" onClick={() => open({ kind: 'approve', request: r })} data-testid={`request-approve-${r.id}`}>
              {t('consoleSpaces.request.approve')}
            </Button>
            <Button size="mini" type="text" onClick={() => open({ kind: 'reject', request: r })} data-testid={`request-reject-${r.id}`}>
              {t('consoleSpaces.request.reject')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card title={t('consoleSpaces.request.title')} className="qp-gap" data-testid="space-requests"
      extra={
        <Select allowClear style={{ width: 140 }} value={state} onChange={(s?: SpaceRequestRow['state']) => setState(s)} aria-label={t('consoleSpaces.request.state')}
          options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: t(`consoleSpaces.request.state.${s}`) }))} />
      }>
      {error && <Alert type="error" content={error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={rows ?? []} loading={!rows && !error} pagination={{ pageSize: 10, hideOnSinglePage: true }} noDataElement={t('consoleSpaces.request.empty')} />
      <Modal visible={!!verdict} title={verdict ? t(`consoleSpaces.request.${verdict.kind}Title`, { name: verdict.request.enterpriseName }) : ''} onCancel={() => setVerdict(null)} onOk={decide} confirmLoading={busy}
        okButtonProps={{ disabled: verdict?.kind === 'reject' && !reason.trim() }}>
        {verdict?.kind === 'approve' ? (
          <Form layout="vertical">
            <p className="qp-muted">{t('consoleSpaces.request.approveHint', { login: verdict.request.adminLoginId })}</p>
            <Form.Item label={t('consoleSpaces.space.owner')}>
              <Select value={providerId} onChange={setProviderId} aria-label={t('consoleSpaces.space.owner')}
                options={[{ value: 'platform', label: t('consoleSpaces.space.platform') }, ...providers.filter((p) => p.status === 'active').map((p) => ({ value: p.id, label: p.name }))]} />
            </Form.Item>
          </Form>
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('consoleSpaces.request.reason')} required>
              <Input.TextArea value={reason} onChange={setReason} maxLength={200} aria-label={t('consoleSpaces.request.reason')} />
            </Form.Item>
          </Form>
        )}
        {decideError && <Alert type="error" content={decideError} />}
      </Modal>
    </Card>
  );
}
