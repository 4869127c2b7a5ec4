import { Alert, Button, Empty, Form, Message, Modal, Popconfirm, Radio, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import { DirectoryProvider } from '../record-form/directory.tsx';
import { MemberSelect } from './MemberSelect.tsx';
import { failureText } from './model.ts';
import type { Share, ShareLevel } from './types.ts';

interface ShareModalProps {
  recordPath: string;
  visible: boolean;
  onClose(): void;
}

/**
 * Share one record (§6 "data may be shared per record"): who has it now, with which level, and a picker to add
 * people to view or to modify it. Every change asks the server again, so the list is what the server holds.
 */
export function ShareModal({ recordPath, visible, onClose }: ShareModalProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [shares, setShares] = useState<Share[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [level, setLevel] = useState<ShareLevel>('view');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api.get<{ shares: Share[] }>(`${recordPath}/shares`).then(
      (answer) => (setShares(answer.data.shares), setError(null)),
      (failure: unknown) => setError(failureText(failure, t('common.fetchFailed'))),
    );
  }, [api, recordPath, t]);
  useEffect(() => {
    if (!visible) return;
    setUserIds([]);
    load();
  }, [visible, load]);

  async function add() {
    if (userIds.length === 0) return setError(t('forms.detail.share.pickSomeone'));
    setBusy(true);
    try {
      await api.post(`${recordPath}/shares`, { userIds, level }, { json: true });
      Message.success(t('forms.detail.share.done', { n: userIds.length }));
      setUserIds([]);
      load();
    } catch (failure) {
      setError(failureText(failure, t('common.operationFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function remove(share: Share) {
    try {
      await api.delete(`${recordPath}/shares/${share.userId}`);
      Message.success(t('forms.detail.share.removed', { name: share.name }));
      load();
    } catch (failure) {
      setError(failureText(failure, t('common.operationFailed')));
    }
  }

  return (
    <Modal title={t('forms.detail.share.title')} visible={visible} onCancel={onClose} footer={null} unmountOnExit data-testid="share-modal">
      <DirectoryProvider needed={visible}>
        {error && <Alert type="error" content={error} className="qp-fd-gap" data-testid="share-error" />}
        <Form layout="vertical">
          <Form.Item label={t('forms.detail.share.people')}>
            <MemberSelect multiple value={userIds} onChange={(v) => setUserIds(v as string[])} testId="share-users" />
          </Form.Item>
          <Form.Item label={t('forms.detail.share.levelLabel')} extra={t(`forms.detail.share.levelHint.${level}`)}>
            <Radio.Group type="button" value={level} onChange={setLevel}>
              <Radio value="view">{t('forms.detail.share.level.view')}</Radio>
              <Radio value="modify">{t('forms.detail.share.level.modify')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Button type="primary" loading={busy} onClick={() => void add()} data-testid="share-add">
            {t('forms.detail.share.add')}
          </Button>
        </Form>
        <Typography.Title heading={6} className="qp-fd-subtitle">
          {t('forms.detail.share.current')}
        </Typography.Title>
        {shares === null && !error && <Spin />}
        {shares?.length === 0 && <Empty description={t('forms.detail.share.none')} />}
        {shares?.map((share) => (
          <div key={share.userId} className="qp-fd-share-row" data-testid={`share-row-${share.userId}`}>
            <Space>
              <span>{share.name}</span>
              <Tag color={share.level === 'modify' ? 'orange' : 'arcoblue'}>{t(`forms.detail.share.level.${share.level}`)}</Tag>
            </Space>
            <Popconfirm title={t('forms.detail.share.removeConfirm', { name: share.name })} onOk={() => void remove(share)}>
              <Button size="mini" type="text" status="danger" data-testid={`share-remove-${share.userId}`}>
                {t('forms.detail.share.remove')}
              </Button>
            </Popconfirm>
          </div>
        ))}
      </DirectoryProvider>
    </Modal>
  );
}
