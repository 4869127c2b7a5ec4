import { Alert, Button, Card, Descriptions, Empty, Input, Message, Modal, Space, Spin, Table, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EnterpriseDetail } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { PATHS, quotaText, StatusTag } from './model.tsx';

type Change = 'suspend' | 'resume' | 'archive';

/** One quota against what the space uses. */
function QuotaUse({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="qp-gap">
      {`${label}: ${used} / ${quotaText(t, limit)} `}
      {limit !== null && used >= limit && <Tag color="red">{t('consoleSpaces.quota.reached')}</Tag>}
    </div>
  );
}

/**
 * sysop/enterprise/space?id=: one space — owner, status and the reason of its last change, quotas against use (the
 * apps' own usage figures, read in that space), its members and administrators — and its lifecycle: suspend (a
 * reason is required; members can no longer act or sign in, data kept), resume, archive.
 */
export function EnterpriseSpacePage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const id = typeof match.query['id'] === 'string' ? match.query['id'] : '';
  const [space, setSpace] = useState<EnterpriseDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [change, setChange] = useState<Change | null>(null);
  const [reason, setReason] = useState('');
  const { busy, error, setError, submit } = useSubmit(() => {
    Message.success(t(`consoleSpaces.change.${change ?? 'resume'}.done`));
    setChange(null);
    setRound((n) => n + 1);
  });

  useEffect(() => {
    if (!id) return;
    api.get<EnterpriseDetail>(`/api/console/enterprises/${encodeURIComponent(id)}`).then(
      (answer) => (setSpace(answer.data), setLoadError(null)),
      (failure: Error) => setLoadError(failure.message),
    );
  }, [api, id, round]);

  if (!id) return <Empty description={t('consoleSpaces.space.noneChosen')} />;
  if (loadError) return <Alert type="error" content={loadError} />;
  if (!space) return <Spin />;

  const open = (next: Change) => {
    setChange(next);
    setReason('');
    setError(null);
  };
  const apply = () => {
    if (!change) return;
    const body = reason.trim() ? { reason: reason.trim() } : {};
    void submit(() => api.post(`/api/console/enterprises/${encodeURIComponent(id)}/${change}`, body, { json: true }));
  };
  const usage = Object.entries(space.usage).map(([name, value]) => ({ name, value }));
  const details = [
    { label: t('consoleSpaces.space.id'), value: space.id },
    { label: t('consoleSpaces.space.owner'), value: space.providerName ?? t('consoleSpaces.space.platform') },
    { label: t('consoleSpaces.space.status'), value: <StatusTag status={space.status} /> },
    { label: t('consoleSpaces.space.reason'), value: <span data-testid="space-reason">{space.statusReason ?? '—'}</span> },
    { label: t('consoleSpaces.space.changedAt'), value: space.statusChangedAt ? new Date(space.statusChangedAt).toLocaleString(i18n.language) : '—' },
    { label: t('consoleSpaces.space.members'), value: <span data-testid="space-members">{space.members}</span> },
    { label: t('consoleSpaces.space.admins'), value: space.admins.map((a) => <Tag key={a.userId}>{`${a.name} (${a.loginId})`}</Tag>) },
    { label: t('consoleSpaces.space.createdAt'), value: new Date(space.createdAt).toLocaleString(i18n.language) },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="space-page">
      <Card
        title={space.name}
        extra={
          <Space>
            <Button onClick={() => navigate(PATHS.enterprises)}>{t('consoleSpaces.space.back')}</Button>
            <Button onClick={() => navigate(PATHS.editEnterprise(space.id))} data-testid="space-edit">{t('consoleSpaces.edit')}</Button>
            {space.status === 'active' && <Button onClick={() => open('suspend')} data-testid="space-suspend">{t('consoleSpaces.change.suspend.action')}</Button>}
            {space.status !== 'active' && <Button type="primary" onClick={() => open('resume')} data-testid="space-resume">{t('consoleSpaces.change.resume.action')}</Button>}
            {space.status !== 'archived' && <Button status="danger" onClick={() => open('archive')} data-testid="space-archive">{t('consoleSpaces.change.archive.action')}</Button>}
          </Space>
        }
      >
        <Descriptions column={2} data={details} border />
      </Card>
      <Card title={t('consoleSpaces.space.quotaUse')}>
        <QuotaUse label={t('consoleSpaces.quota.members')} used={space.used.members} limit={space.quotas.members} />
        <QuotaUse label={t('consoleSpaces.quota.apps')} used={space.used.apps} limit={space.quotas.apps} />
        <QuotaUse label={t('consoleSpaces.quota.storageMb')} used={space.used.storageMb} limit={space.quotas.storageMb} />
      </Card>
      <Card title={t('consoleSpaces.space.usage')}>
        <Table rowKey="name" pagination={false} data={usage} noDataElement={t('consoleSpaces.space.noUsage')}
          columns={[{ title: t('consoleSpaces.space.figure'), dataIndex: 'name' }, { title: t('consoleSpaces.space.value'), dataIndex: 'value' }]} />
      </Card>
      <Modal visible={!!change} title={change ? t(`consoleSpaces.change.${change}.title`, { name: space.name }) : ''} onCancel={() => setChange(null)} onOk={apply} confirmLoading={busy}
        okButtonProps={{ disabled: change === 'suspend' && !reason.trim(), 'data-testid': 'space-change-ok' } as Record<string, unknown>}>
        <p>{change && t(`consoleSpaces.change.${change}.hint`)}</p>
        <Input.TextArea value={reason} onChange={setReason} maxLength={500} placeholder={t(change === 'suspend' ? 'consoleSpaces.change.reasonRequired' : 'consoleSpaces.change.reasonOptional')}
          aria-label={t('consoleSpaces.space.reason')} data-testid="space-change-reason" />
        {error && <Alert type="error" content={error} className="qp-gap" />}
      </Modal>
    </Space>
  );
}
