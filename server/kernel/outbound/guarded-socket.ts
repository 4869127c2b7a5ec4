import net from 'node:net';
import tls from 'node:tls';
import { AppError } from '../errors.ts';
import { parseAddress } from './addresses.ts';
import type { OutboundGuard } from './guard.ts';

export interface GuardedSocketOptions {
  /** TLS from the first byte (SMTPS, 465); the certificate is checked against `host`. */
  tls?: tls.ConnectionOptions;
  timeoutMs?: number;
}

/**
 * A TCP (or TLS) connection for socket clients (SMTP and the like) to a user-configured host. A literal address
 * never reaches a `lookup`, so it is checked first; a name is resolved and checked by the guard's lookup, which
 * hands the connection only the addresses it checked. Resolves once connected.
 */
export async function openGuardedSocket(guard: OutboundGuard, host: string, port: number, options: GuardedSocketOptions = {}): Promise<net.Socket> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (parseAddress(bare)) await guard.check(bare, port);
  const lookup = guard.lookupFor(port);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = options.tls
      ? tls.connect({ ...options.tls, host: bare, port, lookup, servername: parseAddress(bare) ? undefined : bare })
      : net.connect({ host: bare, port, lookup });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new AppError(504, 'outbound.timeout', { seconds: Math.ceil(timeoutMs / 1000) }));
    }, timeoutMs);
    socket.once(options.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof AppError ? error : new AppError(502, 'outbound.failed', { host }));
    });
  });
}
