import { Alert, Form, Input, Modal, Radio } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_PRIORITIES, type NoticeRecipients } from '../../../shared/messages/notify.ts';
import type { PickedItem } from '../../../shared/org/picker.ts';
import { OrgPicker } from '../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../shell/services.tsx';
import { messagesApi, type NoticeDraft } from './messages-api.ts';

/** Picked people as the notice's recipients (the server resolves groups and removes duplicates). */
export function recipientsOf(picked: readonly PickedItem[]): NoticeRecipients {
  const ids = (kind: PickedItem['kind']) => picked.filter((p) => p.kind === kind).map((p) => p.id);
  const out: NoticeRecipients = {};
  const members = ids('member');
  const departments = ids('department');
  const roleGroups = ids('roleGroup');
  const userGroups = ids('userGroup');
  if (members.length) out.members = members;
  if (departments.length) out.departments = departments;
  if (roleGroups.length) out.roleGroups = roleGroups;
  if (userGroups.length) out.userGroups = userGroups;
  return out;
}

/** NoticeBody's limits (shared/api/messages.ts). */
export const TITLE_MAX = 200;
export const BODY_MAX = 5000;

/** The administrator's announcement: a notice to members, departments, role groups or user groups. */
export function SendNoticeDialog({ visible, onClose, onSent }: { visible: boolean; onClose(): void; onSent(recipients: number): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [priority, setPriority] = useState<NoticeDraft['priority']>('normal');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setPicked([]);
    setTitle('');
    setBody('');
    setPriority('normal');
    setError(null);
    onClose();
  }

  async function send() {
    if (picked.length === 0) return setError(t('messages.ui.notice.noRecipients'));
    if (!title.trim()) return setError(t('messages.ui.notice.noTitle'));
    setBusy(true);
    setError(null);
    try {
      const answer = await messagesApi(api).sendNotice({ recipients: recipientsOf(picked), title: title.trim(), body: body.trim(), priority });
      onSent(answer.data?.recipients ?? 0);
      close();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('messages.ui.notice.title')}
      visible={visible}
      onOk={() => void send()}
      onCancel={close}
      okText={t('messages.ui.notice.send')}
      cancelText={t('messages.ui.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'notice-send' } as object}
      unmountOnExit
    >
      <Form layout="vertical">
        <Form.Item label={t('messages.ui.notice.recipients')} required>
          <OrgPicker kinds={['member', 'department', 'roleGroup', 'userGroup']} value={picked} onChange={setPicked} multiple placeholder={t('messages.ui.notice.pick')} testId="notice-recipients" />
        </Form.Item>
        <Form.Item label={t('messages.ui.notice.subject')} required>
          <Input value={title} onChange={setTitle} maxLength={TITLE_MAX} aria-label={t('messages.ui.notice.subject')} data-testid="notice-subject" />
        </Form.Item>
        <Form.Item label={t('messages.ui.notice.body')}>
          <Input.TextArea value={body} onChange={setBody} maxLength={BODY_MAX} autoSize={{ minRows: 3, maxRows: 8 }} aria-label={t('messages.ui.notice.body')} data-testid="notice-body" />
        </Form.Item>
        <Form.Item label={t('messages.ui.notice.priority')}>
          <Radio.Group type="button" value={priority} onChange={setPriority} aria-label={t('messages.ui.notice.priority')}>
            {MESSAGE_PRIORITIES.map((p) => (
              <Radio key={p} value={p} data-testid={`notice-priority-${p}`}>
                {t(`messages.ui.priority.${p}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="notice-error" />}
    </Modal>
  );
}
