import { Alert, Form, Input, Modal, Radio } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatSummary } from '../../../shared/chat/chat.ts';
import type { PickedItem } from '../../../shared/org/picker.ts';
import { OrgPicker } from '../../shell/picker/OrgPicker.tsx';
import type { ChatApi } from './chat-api.ts';

interface Props {
  visible: boolean;
  calls: ChatApi;
  onClose(): void;
  onStarted(chat: ChatSummary): void;
}

/** "New chat": a direct chat with one member, or a named group, people picked with the shell's picker. */
export function NewChatDialog({ visible, calls, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'direct' | 'group'>('direct');
  const [people, setPeople] = useState<PickedItem[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => (setPeople([]), setName(''), setError(null), setKind('direct'));
  const start = async () => {
    setBusy(true);
    try {
      const chat = kind === 'direct' ? await calls.direct(people[0]?.id ?? '') : await calls.group(name, people.map((p) => p.id));
      reset();
      onStarted(chat);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const ready = kind === 'direct' ? people.length === 1 : people.length > 0 && name.trim().length > 0;
  return (
    <Modal
      title={t('chat.new.title')}
      visible={visible}
      onOk={() => void start()}
      onCancel={() => (reset(), onClose())}
      okText={t('chat.new.start')}
      cancelText={t('chat.new.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !ready, 'data-testid': 'chat-new-start' } as object}
      unmountOnExit
    >
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="chat-new-error" />}
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group type="button" value={kind} onChange={(value: 'direct' | 'group') => (setKind(value), setPeople([]))} aria-label={t('chat.new.title')}>
            <Radio value="direct" data-testid="chat-new-direct">{t('chat.new.direct')}</Radio>
            <Radio value="group" data-testid="chat-new-group">{t('chat.new.group')}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'group' && (
          <Form.Item label={t('chat.new.name')}>
            <Input value={name} onChange={setName} maxLength={CHAT_LIMITS.groupNameMax} aria-label={t('chat.new.name')} data-testid="chat-new-name" />
          </Form.Item>
        )}
        <Form.Item label={kind === 'direct' ? t('chat.new.member') : t('chat.new.members')}>
          <OrgPicker kinds={['member']} value={people} onChange={setPeople} multiple={kind === 'group'} placeholder={kind === 'direct' ? t('chat.new.member') : t('chat.new.members')} testId="chat-new-picker" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
