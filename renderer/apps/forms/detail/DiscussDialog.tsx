import { Alert, Form, Modal } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChatSource, ChatSummary } from '../../../../shared/chat/chat.ts';
import { CHAT_CONVERSATION_QUERY } from '../../../../shared/chat/chat.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { failureText, pathTo } from './model.ts';

interface Props {
  match: RouteMatch;
  /** The record the chat is about, as the chat's header links back to it (forms.detail with `?id=`). */
  source: ChatSource;
  onClose(): void;
}

/**
 * "Discuss in chat" (decision 0052): pick a member, then qChat opens on the direct chat about this record — one per
 * pair and record, so asking again reopens the same conversation. The chat server checks the member and the link.
 */
export function DiscussDialog({ match, source, onClose }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [people, setPeople] = useState<PickedItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const chat = (await api.post<ChatSummary>('/api/chat/conversations/direct', { userId: people[0]!.id, source }, { json: true })).data;
      // The shell keeps this page alive behind qChat: the dialog must not stay open over it.
      onClose();
      navigate(pathTo(match, 'chat.qchat', {}, { [CHAT_CONVERSATION_QUERY]: chat.id }));
    } catch (failure) {
      setError(failureText(failure, t('common.operationFailed')));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('chat.fromRecord.title')}
      visible
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('chat.fromRecord.start')}
      cancelText={t('chat.fromRecord.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: people.length !== 1, 'data-testid': 'detail-chat-start' } as object}
      unmountOnExit
    >
      <Alert type="info" content={t('chat.fromRecord.hint')} className="qp-fd-gap" />
      {error && <Alert type="error" content={error} className="qp-fd-gap" data-testid="detail-chat-error" />}
      <Form layout="vertical">
        <Form.Item label={t('chat.fromRecord.member')} required>
          <OrgPicker kinds={['member']} value={people} onChange={setPeople} placeholder={t('chat.fromRecord.member')} testId="detail-chat-picker" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
