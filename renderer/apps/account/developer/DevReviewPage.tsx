import { Alert, Button, Card, Input, Modal, Popconfirm, Radio, Space, Table, Tag } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATES, type ApplicationState, type ReviewedApplication } from '../../../../shared/api/account-developer.ts';
import { useServices } from '../../../shell/services.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import type { PageProps } from '../../types.ts';
import { developerApi } from './developer-api.ts';

const COLORS: Record<ApplicationState, string> = { pending: 'orangered', approved: 'green', rejected: 'red', revoked: 'gray' };
type Feedback = { type: 'success' | 'error'; text: string } | null;

/**
 * system/dev and devmanagement (decision 0049, 0058): the space administrator's review of developer applications —
 * by state, approve, reject with a reason the applicant reads, and revoke a live token at once.
 */
export function DevReviewPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => developerApi(api), [api]);
  const [state, setState] = useState<ApplicationState | 'all'>('pending');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [rejecting, setRejecting] = useState<ReviewedApplication | null>(null);
  const [note, setNote] = useState('');

  // A filter changed while an earlier list was still loading: the slower, older answer must not replace it.
  const listed = useLoad(() => calls.review(state), [calls, state]);
  const rows = listed.data;
  const reload = () => void listed.reload();

  const act = async (work: () => Promise<unknown>, success: string, name: string) => {
    setFeedback(null);
    try {
      await work();
      setFeedback({ type: 'success', text: t(success, { name }) });
      reload();
      return true;
    } catch (failure) {
      setFeedback({ type: 'error', text: (failure as Error).message });
      return false;
    }
  };
  const reject = async () => {
    if (rejecting && (await act(() => calls.reject(rejecting.id, note), 'account.developer.review.rejectedOk', rejecting.userName))) setRejecting(null);
  };

  const actions = (row: ReviewedApplication) => (
    <Space size="mini">
      {row.state === 'pending' && (
        <>
          <Button size="mini" type="primary" onClick={() => act(() => calls.approve(row.id), 'account.developer.review.approvedOk', row.userName)} data-testid={`dev-approve-${row.loginId}`}>
            {t('account.developer.review.approve')}
          </Button>
          <Button size="mini" status="danger" onClick={() => (setNote(''), setRejecting(row))} data-testid={`dev-reject-${row.loginId}`}>
            {t('account.developer.review.reject')}
          </Button>
        </>
      )}
      {row.state === 'approved' && (
        <Popconfirm title={t('account.developer.review.revokeConfirm', { name: row.userName })} onOk={() => act(() => calls.revoke(row.id), 'account.developer.review.revokedOk', row.userName)}>
          <Button size="mini" status="danger" data-testid={`dev-revoke-${row.loginId}`}>{t('account.developer.review.revoke')}</Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('account.developer.review.title')}</h1>} data-testid="dev-review">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group type="button" value={state} onChange={setState} aria-label={t('account.developer.state')}>
          {[...APPLICATION_STATES, 'all' as const].map((s) => (
            <Radio key={s} value={s} data-testid={`dev-filter-${s}`}>{t(`account.developer.state.${s}`)}</Radio>
          ))}
        </Radio.Group>
        {listed.error && <Alert type="error" content={listed.error} data-testid="dev-load-error" />}
        {feedback && <Alert type={feedback.type} content={feedback.text} closable onClose={() => setFeedback(null)} data-testid="dev-feedback" />}
        <Table rowKey="id" data={rows ?? []} loading={listed.loading && !rows} pagination={{ pageSize: 20 }} noDataElement={t('account.developer.review.empty')} data-testid="dev-table"
          columns={[
            { title: t('account.developer.review.applicant'), dataIndex: 'userName', render: (v: string, r: ReviewedApplication) => `${v} (${r.loginId})` },
            { title: t('account.developer.reason'), dataIndex: 'reason' },
            { title: t('account.developer.review.appliedAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              title: t('account.developer.state'), dataIndex: 'state',
              render: (v: ApplicationState, r: ReviewedApplication) => (
                <span><Tag color={COLORS[v]}>{t(`account.developer.state.${v}`)}</Tag>{r.note ? ` ${r.note}` : ''}{r.last4 ? ` …${r.last4}` : ''}</span>
              ),
            },
            { title: t('account.developer.review.actions'), dataIndex: 'id', render: (_: string, r: ReviewedApplication) => actions(r) },
          ]} />
      </Space>
      {rejecting && (
        <Modal visible title={t('account.developer.review.rejectTitle', { name: rejecting.userName })} onOk={reject} onCancel={() => setRejecting(null)}
          okText={t('account.developer.review.reject')} cancelText={t('account.developer.cancel')} okButtonProps={{ disabled: !note.trim(), status: 'danger' }}>
          <Input.TextArea value={note} onChange={setNote} maxLength={200} placeholder={t('account.developer.review.notePlaceholder')} aria-label={t('account.developer.review.note')} data-testid="dev-reject-note" />
        </Modal>
      )}
    </Card>
  );
}
