import { atom, useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import type { MessageItem, UnreadCounts } from '../../shared/api/messages.ts';
import { parsePush } from '../../shared/messages/push.ts';
import { sessionAtom } from '../kernel/atoms.ts';
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
  /** The socket (re)connected: pushes sent while it was down are lost, so state should be read again. */
  onReconnect?(): void;
}

/**
 * Listens to the shell's push socket (the bridge: a WebSocket in the browser, the main process on desktop) for the
 * message centre's two events. Every open window has its own socket, so every window hears them.
 */
export function useMessagePush(handlers: MessagePushHandlers): void {
  const { bridge } = useServices();
  const space = useAtomValue(sessionAtom)?.entId ?? null;
  // The latest handlers without re-subscribing on every render.
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const push = bridge?.push;
    if (!push) return; // Tests and hosts without a socket: the page still works, without live updates.
    const offMessage = push.onMessage((message) => {
      const event = parsePush(message);
      // Events of another of the member's spaces are not this page's (their counts and lists are that space's).
      if (!event || (event.spaceId && space && event.spaceId !== space)) return;
      if (event.type === 'messages.new') current.current.onNew?.(event.item);
      if (event.type === 'messages.unread') current.current.onUnread?.(event.counts);
    });
    let last = push.status();
    const offStatus = push.onStatus((status) => {
      if (status === 1 && last === 0) current.current.onReconnect?.();
      last = status;
    });
    return () => {
      offMessage();
      offStatus();
    };
  }, [bridge, space]);
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
