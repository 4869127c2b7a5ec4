import { Alert, Button, Drawer, Input, Message, Modal, Space, Table } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_API, STORE_LIMITS, type PackageSummary, type StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { ChannelTag, StateTag, when } from '../../../shell/store-tags.tsx';
import { useGet } from '../../../shell/use-load.ts';

/**
 * The operator's review queue (on `root/application`, root): every space's pending versions, what each
 * package holds (checked as an install would check it), approve, or reject with a reason (required).
 */
export function ReviewQueue({ onReviewed }: { onReviewed: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const queue = useGet<{ versions: StoreVersion[] }>(`${STORE_API}/review`, { state: 'pending' });
  const [shown, setShown] = useState<{ version: StoreVersion; summary: PackageSummary } | null>(null);
  const [rejecting, setRejecting] = useState<StoreVersion | null>(null);
  const [reason, setReason] = useState('');
  const reject = useSubmit(() => {
    setRejecting(null);
    setShown(null);
    Message.success(t('appcenter.store.review.rejected'));
    void queue.reload();
    onReviewed();
  });

  async function open(version: StoreVersion) {
    try {
      setShown((await api.get<{ version: StoreVersion; summary: PackageSummary }>(`${STORE_API}/review/${version.id}`)).data);
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }
  async function approve(version: StoreVersion) {
    try {
      await api.post(`${STORE_API}/review/${version.id}/approve`, {}, { json: true });
      Message.success(t('appcenter.store.review.approved'));
      setShown(null);
      await queue.reload();
      onReviewed();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('appcenter.store.col.app'), dataIndex: 'appName' },
    { title: t('appcenter.store.col.space'), dataIndex: 'spaceName' },
    { title: t('appcenter.store.col.version'), dataIndex: 'label' },
    { title: t('appcenter.store.col.channel'), dataIndex: 'channel', render: (c: StoreVersion['channel']) => <ChannelTag channel={c} /> },
    { title: t('appcenter.store.col.submittedAt'), dataIndex: 'submittedAt', render: (at: string) => when(at, i18n.language) },
    {
      title: t('appcenter.store.col.actions'),
      dataIndex: 'id',
      render: (_: string, v: StoreVersion) => (
        <Button size="small" onClick={() => void open(v)} data-testid={`review-open-${v.appName}`}>
          {t('appcenter.store.review.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      {queue.error && <Alert type="error" content={queue.error} className="qp-gap" />}
      <Table rowKey="id" columns={columns} data={queue.data?.versions ?? []} loading={!queue.data && !queue.error} pagination={false} noDataElement={t('appcenter.store.review.empty')} data-testid="review-queue" />
      <Drawer width={560} visible={!!shown} title={shown ? `${shown.version.appName} ${shown.version.label}` : ''} onCancel={() => setShown(null)} footer={null} data-testid="review-detail">
        {shown && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space><StateTag state={shown.version.state} /><ChannelTag channel={shown.version.channel} /></Space>
            <p>{shown.version.notes || t('appcenter.store.noNotes')}</p>
            {!shown.summary.valid && <Alert type="error" content={shown.summary.problems.map((p) => t(p)).join(' ')} data-testid="review-invalid" />}
            <Table rowKey="name" size="small" pagination={false} data={shown.summary.forms}
              columns={[
                { title: t('appcenter.store.review.form'), dataIndex: 'name' },
                { title: t('appcenter.store.review.fields'), dataIndex: 'fields' },
                { title: t('appcenter.store.review.views'), dataIndex: 'views' },
                { title: t('appcenter.store.review.rules'), dataIndex: 'rules' },
              ]} />
            <p className="qp-muted">{t('appcenter.store.review.flows', { n: shown.summary.flows })} · {shown.summary.hash}</p>
            {shown.version.state === 'pending' && (
              <Space>
                <Button type="primary" disabled={!shown.summary.valid} onClick={() => void approve(shown.version)} data-testid="review-approve">{t('appcenter.store.review.approve')}</Button>
                <Button status="danger" onClick={() => { setReason(''); reject.setError(null); setRejecting(shown.version); }} data-testid="review-reject">{t('appcenter.store.review.reject')}</Button>
              </Space>
            )}
          </Space>
        )}
      </Drawer>
      <Modal visible={!!rejecting} title={t('appcenter.store.review.rejectTitle')} confirmLoading={reject.busy} onCancel={() => setRejecting(null)} data-testid="review-reject-dialog"
        onOk={() => {
          if (!reason.trim()) return reject.setError(t('appcenter.store.reasonRequired'));
          void reject.submit(() => api.post(`${STORE_API}/review/${rejecting!.id}/reject`, { reason }, { json: true }));
        }}>
        <Input.TextArea value={reason} maxLength={STORE_LIMITS.reason} showWordLimit autoSize={{ minRows: 3 }} onChange={setReason} placeholder={t('appcenter.store.review.reasonHint')} aria-label={t('appcenter.store.review.rejectTitle')} data-testid="review-reason" />
        {reject.error && <Alert type="error" content={reject.error} className="qp-gap" />}
      </Modal>
    </>
  );
}
