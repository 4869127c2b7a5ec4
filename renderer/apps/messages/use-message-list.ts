import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageItem } from '../../../shared/api/messages.ts';
import type { MessageCategory } from '../../../shared/messages/notify.ts';
import { useServices } from '../../shell/services.tsx';
import { applyCounts, appendPage, insertNew, readAllIn, removeIds, setRead } from './list-model.ts';
import { messagesApi, type MessageFilter } from './messages-api.ts';
import { useMessagePush, useUnreadCounts } from '../../shell/message-live.ts';

export interface MessageListState {
  items: MessageItem[];
  /** The cursor of the next keyset page; null when the last page is shown. */
  next: string | null;
  loading: boolean;
  /** A failed first page (the list cannot be shown) or a failed next page (the list stays, with a retry). */
  error: string | null;
  loadMore(): void;
  reload(): void;
  toggleRead(item: MessageItem): Promise<void>;
  markRead(ids: readonly string[]): Promise<void>;
  readAll(category: MessageCategory | null): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
}

/**
 * The message centre's list: the first page for the filter, further pages by cursor, new messages from the socket,
 * and the member's changes applied locally once the server accepted them (then the counts are read again). A change
 * the server refuses throws its message for the page to show; the list is left as it was.
 */
export function useMessageList(filter: MessageFilter): MessageListState {
  const { api } = useServices();
  const calls = useMemo(() => messagesApi(api), [api]);
  const { refresh } = useUnreadCounts();
  const [items, setItems] = useState<MessageItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // Answers for an older filter (the member changed it while a page was loading) are dropped.
  const generation = useRef(0);
  const key = JSON.stringify(filter);
  const current = useRef(filter);
  current.current = filter;

  /** One page for the filter of generation `mine`; an answer for an older filter is dropped. */
  const fetchPage = useCallback(
    (mine: number, cursor: string | null, place: (page: MessageItem[]) => void) => {
      setLoading(true);
      setError(null);
      calls.list(current.current, cursor).then(
        (page) => {
          if (mine !== generation.current) return;
          place(page.items);
          setNext(page.next);
          setLoading(false);
        },
        (failure: Error) => {
          if (mine !== generation.current) return;
          setError(failure.message);
          setLoading(false);
        },
      );
    },
    [calls],
  );

  useEffect(() => {
    const mine = ++generation.current;
    setItems([]);
    setNext(null);
    fetchPage(mine, null, setItems);
  }, [fetchPage, key, round]);

  const loadMore = useCallback(() => {
    if (loading || !next) return;
    fetchPage(generation.current, next, (page) => setItems((old) => appendPage(old, page)));
  }, [fetchPage, loading, next]);

  useMessagePush({
    onNew: (item) => setItems((old) => insertNew(old, item, current.current)),
    onUnread: (counts) => setItems((old) => applyCounts(old, counts)),
    // Messages pushed while the socket was down would be missing: read the first page again.
    onReconnect: () => setRound((n) => n + 1),
  });

  const after = useCallback(
    async (change: Promise<unknown>, local: (old: MessageItem[]) => MessageItem[]) => {
      await change;
      setItems(local);
      void refresh();
    },
    [refresh],
  );

  return {
    items,
    next,
    loading,
    error,
    loadMore,
    reload: useCallback(() => setRound((n) => n + 1), []),
    toggleRead: (item) =>
      item.readAt
        ? after(calls.markUnread([item.id]), (old) => setRead(old, new Set([item.id]), false))
        : after(calls.markRead([item.id]), (old) => setRead(old, new Set([item.id]), true)),
    markRead: (ids) => after(calls.markRead(ids), (old) => setRead(old, new Set(ids), true)),
    readAll: (category) => after(calls.readAll(category), (old) => readAllIn(old, category)),
    remove: (ids) => after(calls.remove(ids), (old) => removeIds(old, new Set(ids))),
  };
}
