import { SocketHub } from '../../server/kernel/push/hub.ts';
import type { Platform } from '../../server/platform.ts';

/** 1012 "service restart": what a server process draining for a restart closes its sockets with. */
export const SERVICE_RESTART = 1012;

export interface PushOutage {
  /** Sockets that came back during the outage and were sent away again. */
  readonly refused: number;
  /** Ends the outage: the next bindUid binds again, as on a process that is up. */
  end(): void;
}

/**
 * Test-only: the platform's push sockets go down as when the server process holding them goes away. Every bound
 * socket is closed with 1012, and until `end()` each socket that comes back is closed the same way before it is
 * bound (as if no process were up yet to take it), so a push sent meanwhile reaches no one, for certain.
 */
export function pushOutage(platform: Platform, code = SERVICE_RESTART): PushOutage {
  const hub = platform.kernel.hub;
  let refused = 0;
  // An own property over the class's method; `end` puts the method back.
  hub.bind = (socket) => {
    refused += 1;
    socket.close(code, 'service restart');
  };
  hub.closeWhere(() => true, code, 'service restart');
  return {
    get refused() {
      return refused;
    },
    end: () => void (hub.bind = SocketHub.prototype.bind),
  };
}

/** Whether the platform holds a bound push socket of `userId` now. */
export const isBound = (platform: Platform, userId: string): boolean => platform.kernel.hub.boundTo().some((b) => b.userId === userId);
