import { Badge, Button, Empty, Input } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatMessage, type ChatSummary } from '../../../shared/chat/chat.ts';
import type { ChatApi } from './chat-api.ts';
import { systemText } from './system-line.ts';

/** One line of what a message was, for the chat list and search results. */
export function useMessagePreview() {
  const { t } = useTranslation();
  return (message: ChatMessage | null) =>
    !message ? t('chat.list.noMessages') : message.system ? systemText(t, message.system) : message.kind === 'image' ? t('chat.list.image') : message.kind === 'file' ? t('chat.list.file', { name: message.body }) : message.body;
}

interface Props {
  chats: readonly ChatSummary[];
  active: string | null;
  calls: ChatApi;
  onOpen(chatId: string): void;
  onNew(): void;
}

/** The member's chats, most recent first, with unread badges; the search filters names and finds messages. */
export function ChatList({ chats, active, calls, onOpen, onNew }: Props) {
  const { t } = useTranslation();
  const preview = useMessagePreview();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ChatMessage[] | null>(null);
  const shown = useMemo(() => (q ? chats.filter((c) => c.title.toLowerCase().includes(q.toLowerCase())) : chats), [chats, q]);
  const titleOf = (chatId: string) => chats.find((c) => c.id === chatId)?.title ?? '';
  const search = async (text: string) => {
    setQ(text);
    if (!text) return setFound(null);
    setFound(await calls.search(text).catch(() => []));
  };
  return (
    <nav className="qp-chat-side" aria-label={t('chat.list.label')}>
      <div className="qp-chat-side-head">
        <Input.Search allowClear placeholder={t('chat.list.search')} aria-label={t('chat.list.search')} onChange={(v) => (setQ(v.trim()), !v && setFound(null))} onSearch={(v) => void search(v.trim())} data-testid="chat-search" />
        <Button type="primary" onClick={onNew} data-testid="chat-new">
          {t('chat.new.button')}
        </Button>
      </div>
      {chats.length === 0 ? (
        <Empty className="qp-chat-empty" description={t('chat.list.empty')} />
      ) : (
        <ul className="qp-chat-list" data-testid="chat-list">
          {shown.map((chat) => (
            <li key={chat.id}>
              <button type="button" className="qp-chat-item" aria-current={chat.id === active} onClick={() => onOpen(chat.id)} data-testid="chat-item" data-chat={chat.id}>
                <span className="qp-chat-item-text">
                  <span className="qp-chat-item-title">{chat.title}</span>
                  <span className="qp-chat-item-last">{preview(chat.lastMessage)}</span>
                </span>
                {chat.unread > 0 && (
                  <Badge count={chat.unread} maxCount={CHAT_LIMITS.unreadCap - 1} aria-label={t('chat.list.unread', { count: chat.unread })} data-testid="chat-unread" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {found && (
        <section aria-label={t('chat.search.results')} className="qp-chat-list" data-testid="chat-search-results">
          <h3 className="qp-chat-meta">{t('chat.search.results')}</h3>
          {found.length === 0 && <p className="qp-chat-meta">{t('chat.search.none')}</p>}
          {found.map((m) => (
            <button type="button" key={m.id} className="qp-chat-item" onClick={() => onOpen(m.conversationId)} data-testid="chat-search-hit">
              <span className="qp-chat-item-text">
                <span className="qp-chat-item-title">{titleOf(m.conversationId)} · {m.senderName}</span>
                <span className="qp-chat-item-last">{preview(m)}</span>
              </span>
            </button>
          ))}
        </section>
      )}
    </nav>
  );
}
