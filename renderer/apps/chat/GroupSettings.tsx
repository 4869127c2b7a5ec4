import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatSummary } from '../../../shared/chat/chat.ts';
import type { PickedItem } from '../../../shared/org/picker.ts';
import { OrgPicker } from '../../shell/picker/OrgPicker.tsx';
import type { ChatApi } from './chat-api.ts';

interface Props {
  chat: ChatSummary;
  me: string;
  /** The viewer is a space admin: they may remove anyone, like the group's creator. */
  manager: boolean;
  calls: ChatApi;
  onClose(): void;
  onChanged(chat: ChatSummary): void;
  onLeft(): void;
}

/**
 * A group's settings: rename, add members (the shell's people picker: active members of the space), remove members
 * (the creator or an admin), leave. The server checks every rule again; its refusal shows here in the user's words.
 */
export function GroupSettings({ chat, me, manager, calls, onClose, onChanged, onLeft }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(chat.title);
  const [adding, setAdding] = useState<PickedItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayRemove = manager || chat.createdBy === me;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const rename = () => run(async () => onChanged(await calls.rename(chat.id, name)));
  const add = () =>
    run(async () => {
      onChanged(await calls.addMembers(chat.id, adding.map((p) => p.id)));
      setAdding([]);
    });
  const remove = (userId: string) => run(async () => onChanged(await calls.removeMember(chat.id, userId)));
  const leave = () =>
    run(async () => {
      await calls.leave(chat.id);
      onLeft();
    });

  return (
    <Modal
      title={t('chat.manage.title')}
      visible
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('chat.manage.close')}</Button>}
      unmountOnExit
      data-testid="chat-manage-dialog"
    >
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="chat-manage-error" />}
      <Form layout="vertical">
        <Form.Item label={t('chat.manage.name')}>
          <Space>
            <Input value={name} onChange={setName} maxLength={CHAT_LIMITS.groupNameMax} aria-label={t('chat.manage.name')} data-testid="chat-manage-name" />
            <Button type="primary" loading={busy} disabled={!name.trim() || name.trim() === chat.title} onClick={() => void rename()} data-testid="chat-manage-rename">
              {t('chat.manage.rename')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label={t('chat.manage.members')}>
          <ul className="qp-chat-members" data-testid="chat-manage-members">
            {chat.members.map((m) => (
              <li key={m.id} data-testid="chat-manage-member">
                <span>{m.name}</span>
                {m.id === chat.createdBy && <Tag size="small">{t('chat.manage.creator')}</Tag>}
                {mayRemove && m.id !== me && (
                  <Popconfirm title={t('chat.manage.removeConfirm', { name: m.name })} onOk={() => void remove(m.id)}>
                    <Button size="mini" disabled={busy} aria-label={t('chat.manage.remove', { name: m.name })} data-testid="chat-manage-remove">
                      {t('chat.manage.removeShort')}
                    </Button>
                  </Popconfirm>
                )}
              </li>
            ))}
          </ul>
        </Form.Item>
        <Form.Item label={t('chat.manage.add')}>
          <Space align="start">
            <OrgPicker kinds={['member']} value={adding} onChange={setAdding} multiple placeholder={t('chat.manage.add')} testId="chat-manage-picker" />
            <Button type="primary" loading={busy} disabled={adding.length === 0} onClick={() => void add()} data-testid="chat-manage-add">
              {t('chat.manage.add')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Popconfirm title={t('chat.manage.leaveConfirm')} onOk={() => void leave()}>
        <Button status="danger" disabled={busy} data-testid="chat-manage-leave">
          {t('chat.manage.leave')}
        </Button>
      </Popconfirm>
    </Modal>
  );
}
