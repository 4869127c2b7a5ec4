import { atom, useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { MessageItem, UnreadCounts } from '../../shared/api/messages.ts';
import { parsePush } from '../../shared/messages/push.ts';
import { sessionAtom } from '../kernel/atoms.ts';
import { usePush } from './push-live.ts';
import { useServices } from './services.tsx';

/**
 * The member's unread counts, shared by the header's bell, the phone's tab bar, the to-do badge and the message
 * centre (one store per boot). Null until the first answer. The shell keeps them, not the messages app, because its
 * header shows them on every page; the message centre's screens load with their own chunk and read them here.
 */
export const unreadCountsAtom = atom<UnreadCounts | null>(null);

export interface MessagePushHandlers {
  onNew?(item: MessageItem): void;
  onUnread?(counts: UnreadCounts): void;
  /** The socket is bound again (push-live.ts): pushes sent while it was down are lost, so state should be read again. */
  onReconnect?(): void;
}

/**
 * The message centre's two events on the shell's push socket (push-live.ts), and its reconnect signal. Every open
 * window hears them (a socket per browser window; on desktop the main process forwards to each window).
 */
export function useMessagePush(handlers: MessagePushHandlers): void {
  const space = useAtomValue(sessionAtom)?.entId ?? null;
  usePush({
    onMessage: (message) => {
      const event = parsePush(message);
      // Events of another of the member's spaces are not this page's (their counts and lists are that space's).
      if (!event || (event.spaceId && space && event.spaceId !== space)) return;
      if (event.type === 'messages.new') handlers.onNew?.(event.item);
      if (event.type === 'messages.unread') handlers.onUnread?.(event.counts);
    },
    onReconnect: () => handlers.onReconnect?.(),
  });
}

/**
 * The unread counts, loaded once when mounted and kept current by the socket; `refresh` reads them again (after a
 * change made here, so the badge does not wait for the push). A failed load keeps what was shown: a badge is a hint,
 * and the message centre shows its own error.
 */
export function useUnreadCounts(): { counts: UnreadCounts | null; refresh: () => Promise<void> } {
  const { api } = useServices();
  const [counts, setCounts] = useAtom(unreadCountsAtom);
  const refresh = useCallback(async () => {
    try {
      setCounts((await api.get<UnreadCounts>('/api/messages/unread')).data);
    } catch {
      // Kept as it was; see above.
    }
  }, [api, setCounts]);
  useEffect(() => void refresh(), [refresh]);
  useMessagePush({ onUnread: setCounts, onReconnect: () => void refresh() });
  return { counts, refresh };
}
