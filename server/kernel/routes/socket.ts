import type { FastifyRequest } from 'fastify';
import { NoQuery } from '../../../shared/api/common.ts';
import { fail } from '../errors.ts';
import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';
import { MEMBERSHIP_ENDED_CLOSE, closeSocketsOutsideMemberships } from '../push/membership-guard.ts';

/** Close codes the client can tell apart (4000–4999 are the application's). */
export const SOCKET_CLOSE = {
  unauthenticated: 4401,
  foreignUid: 4403,
  membershipEnded: MEMBERSHIP_ENDED_CLOSE,
  badMessage: 4400,
  tooManyFrames: 4429,
} as const;

/**
 * Inbound frames one socket may send: a burst, refilled at a steady rate (a token bucket). A client sends one
 * bindUid per connection, so this is far above honest use; a socket past it is closed (not just trimmed), so a
 * flood costs the server nothing more — the client's reconnect back-off then slows it down.
 */
export const SOCKET_FRAME_LIMIT = { burst: 20, perSecond: 5 } as const;

function frameBudget(now: () => number) {
  let tokens: number = SOCKET_FRAME_LIMIT.burst;
  let last = now();
  return (): boolean => {
    const at = now();
    tokens = Math.min(SOCKET_FRAME_LIMIT.burst, tokens + ((at - last) / 1000) * SOCKET_FRAME_LIMIT.perSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** A browser always sends Origin: it must be this server (or a configured origin). Tools without Origin pass. */
function originAllowed(kernel: Kernel, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (kernel.config.allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * The push socket of spec §7: after open the client sends `{ type: 'bindUid', uid, login_ip }`; the server
 * binds it to the session's user, or closes it when the uid is someone else's.
 */
export function registerSocketRoute(app: App, kernel: Kernel): void {
  app.get(
    '/napi/socket',
    {
      websocket: true,
      config: { access: 'public' },
      schema: { querystring: NoQuery },
      preValidation: async (req) => {
        if (!originAllowed(kernel, req)) throw fail.forbidden();
      },
    },
    (socket, req) => {
      const principal = req.ctx.principal;
      if (!principal) {
        socket.close(SOCKET_CLOSE.unauthenticated, 'sign in first');
        return;
      }
      const withinBudget = frameBudget(() => performance.now());
      socket.on('message', (raw) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!withinBudget()) {
          socket.close(SOCKET_CLOSE.tooManyFrames, 'too many messages');
          return;
        }
        let message: { type?: unknown; uid?: unknown };
        try {
          message = JSON.parse(raw.toString()) as typeof message;
        } catch {
          socket.close(SOCKET_CLOSE.badMessage, 'bad message');
          return;
        }
        if (message.type !== 'bindUid') return;
        if (String(message.uid) !== principal.userId) {
          socket.close(SOCKET_CLOSE.foreignUid, 'uid does not match the session');
          return;
        }
        kernel.hub.bind(socket, { sessionId: principal.sessionId, userId: principal.userId, spaceId: req.ctx.space?.id ?? null });
        socket.send(JSON.stringify({ type: 'bound', uid: principal.userId }));
        // The principal was read when the socket opened: a membership removed since then must not stay bound.
        void closeSocketsOutsideMemberships(kernel.db, kernel.hub, kernel.log, principal.userId);
      });
      socket.on('close', () => kernel.hub.unbind(socket));
    },
  );
}
