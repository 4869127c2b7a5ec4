import { Alert, Button } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../../shared/messages/notify.ts';
import type { PageProps } from '../../types.ts';
import { unreadCountsAtom } from '../../../shell/message-live.ts';
import { fullCounts, type MessageFilter } from '../messages-api.ts';
import { useMessageList } from '../use-message-list.ts';
import { MobileMessageList } from './MobileMessageList.tsx';
import './mobile-messages.css';

/**
 * `m/messages` (decision 0064): the message centre on a phone, on the message centre's own list model and
 * calls — categories with their unread counts (a row that scrolls sideways), the messages newest first with new ones
 * arriving over the socket, "read" on each unread one and "all read", and a message's link, which marks it read.
 */
export function MobileMessagesPage(_: PageProps) {
  const { t } = useTranslation();
  const counts = fullCounts(useAtomValue(unreadCountsAtom));
  const [category, setCategory] = useState<MessageCategory | null>(null);
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const filter = useMemo<MessageFilter>(() => (category ? { category } : {}), [category]);
  const list = useMessageList(filter);

  // The outcome of a change is drawn above the list (an alert region), in the member's language.
  const attempt = (change: Promise<void>, done?: string) =>
    change.then(
      () => setFeedback(done ? { type: 'success', text: done } : null),
      (failure: Error) => setFeedback({ type: 'error', text: failure.message }),
    );
  const read = (item: MessageItem) => void attempt(list.markRead([item.id]));
  // The link itself navigates (the shell's link rules); reading is recorded alongside, not awaited.
  const open = (item: MessageItem) => !item.readAt && read(item);

  const chip = (key: MessageCategory | null, unread: number) => (
    <li key={key ?? 'all'}>
      <button type="button" className="qp-mm-chip" aria-pressed={category === key} onClick={() => setCategory(key)} data-testid={`messages-category-${key ?? 'all'}`}>
        {t(key ? `messages.ui.category.${key}` : 'messages.ui.category.all')}
        {unread > 0 && (
          <span className="qp-mm-count" data-testid={`messages-count-${key ?? 'all'}`}>
            <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
            <span className="qp-m-sr">{t('messages.ui.unreadCount', { count: unread })}</span>
          </span>
        )}
      </button>
    </li>
  );

  return (
    <div className="qp-mm" data-testid="m-messages">
      <nav aria-label={t('messages.ui.categories')}>
        <ul className="qp-mm-chips">
          {chip(null, counts.total)}
          {MESSAGE_CATEGORIES.map((key) => chip(key, counts.byCategory[key]))}
        </ul>
      </nav>
      <div className="qp-mm-bar">
        <Button long disabled={(category ? counts.byCategory[category] : counts.total) === 0} onClick={() => void attempt(list.readAll(category), t('messages.ui.allRead'))} data-testid="messages-read-all">
          {t(category ? 'messages.ui.readAllCategory' : 'messages.ui.readAll')}
        </Button>
      </div>
      {feedback && <Alert type={feedback.type} content={feedback.text} closable onClose={() => setFeedback(null)} data-testid="messages-feedback" />}
      <MobileMessageList list={list} empty={t(category ? 'messages.ui.emptyCategory' : 'messages.ui.empty')} onOpen={open} onRead={read} />
    </div>
  );
}
