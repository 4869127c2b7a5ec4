import { useEffect, useRef } from 'react';
import { useServices } from './services.tsx';

/**
 * The server's answer to bindUid (server/kernel/routes/socket.ts): from this message on, every push for the member
 * reaches this window. Each socket is bound once, so each one after a page mounted means the socket was down in
 * between (a server process went away, the network dropped) or was not yet bound when the page read its data.
 */
export function isBound(message: unknown): boolean {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'bound';
}

export interface PushHandlers {
  /** Every JSON message of the push socket except the binding itself, as it arrives. */
  onMessage?(message: unknown): void;
  /**
   * The socket is bound again: pushes sent while it was down are lost for good, so what the view shows must be read
   * from the server again (decision 0110). Fired on the binding rather than on the socket opening, so that a read
   * started here cannot miss a change pushed between the two.
   */
  onReconnect?(): void;
}

/**
 * The one way a view listens to the shell's push socket (the bridge: a WebSocket in the browser, the main process
 * on desktop) while it is mounted. Handlers are read at call time, so a view passes fresh closures on every render
 * without subscribing again. Hosts without a socket (tests, a signed-out page) get nothing, and the view still works.
 */
export function usePush(handlers: PushHandlers): void {
  const { bridge } = useServices();
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const push = bridge?.push;
    if (!push) return;
    return push.onMessage((message) => {
      if (isBound(message)) current.current.onReconnect?.();
      else current.current.onMessage?.(message);
    });
  }, [bridge]);
}

/** A view that only needs to catch up after the socket was down (a badge, a list read on demand). */
export function useOnReconnect(onReconnect: () => void): void {
  usePush({ onReconnect });
}
