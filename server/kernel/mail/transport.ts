import nodemailer from 'nodemailer';
import type { MailSecurity } from '../../../shared/org/mail-settings.ts';
import { AppError } from '../errors.ts';
import { openGuardedSocket, type OutboundGuard } from '../outbound/index.ts';

/** One mail server as a sender needs it: the password in plain text, opened from its sealed form just before use. */
export interface MailServer {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: string;
  fromAddress: string;
  fromName: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A Message-ID of the sender's choosing (`<…@…>`): a retry after a crash reuses it, so a copy is recognisable. */
  messageId?: string;
}

/**
 * Deadlines: `setupMs` covers connecting, the greeting and the TLS upgrade together (a server that accepts and says
 * nothing is given up on then); `socketMs` is the longest silence afterwards. An admin waits on both in the page.
 */
export interface MailTimeouts {
  setupMs: number;
  socketMs: number;
}

export const MAIL_TIMEOUTS: MailTimeouts = { setupMs: 10_000, socketMs: 20_000 };

type SmtpError = Error & { code?: string; responseCode?: number; timeoutType?: string };

/**
 * A nodemailer transport whose every connection goes through the kernel's outbound guard (decision 0016): the
 * `getSocket` hook hands nodemailer a TCP socket the guard opened to checked addresses, and nodemailer does the
 * SMTP, STARTTLS and implicit TLS on it (its certificate check against the host name included).
 */
function transportFor(guard: OutboundGuard, server: MailServer, timeouts: MailTimeouts) {
  const host = server.host.replace(/^\[|\]$/g, '');
  return nodemailer.createTransport({
    host,
    port: server.port,
    secure: server.security === 'tls',
    // STARTTLS mode insists on the upgrade; "none" does not attempt it (an internal relay with a broken certificate).
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    auth: server.user ? { user: server.user, pass: server.password } : undefined,
    tls: { minVersion: 'TLSv1.2' },
    connectionTimeout: timeouts.setupMs,
    greetingTimeout: timeouts.setupMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.setupMs,
    disableFileAccess: true,
    disableUrlAccess: true,
    getSocket: (_options, callback) => {
      openGuardedSocket(guard, host, server.port, { timeoutMs: timeouts.setupMs }).then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error),
      );
    },
  });
}

/**
 * What went wrong, for the admin who configured the server (422: their settings are at fault, not the platform).
 * The guard's refusal keeps its own words; the server's own reply text is not passed on (it may quote anything).
 */
export function mailFailure(error: unknown, server: Pick<MailServer, 'host' | 'port'>): AppError {
  const host = `${server.host}:${server.port}`;
  if (error instanceof AppError) {
    if (error.status === 422) return error;
    if (error.key === 'outbound.timeout') return new AppError(422, 'mail.noAnswer', { host, seconds: error.params.seconds ?? '' });
    if (error.key === 'outbound.unresolved') return new AppError(422, 'mail.unresolved', { host: server.host });
    return new AppError(422, 'mail.unreachable', { host });
  }
  const smtp = error as SmtpError;
  if (smtp.timeoutType || smtp.code === 'ETIMEDOUT') return new AppError(422, 'mail.noAnswer', { host, seconds: Math.ceil(MAIL_TIMEOUTS.setupMs / 1000) });
  if (smtp.code === 'EAUTH' || smtp.code === 'ENOAUTH') return new AppError(422, 'mail.authFailed', { host });
  if (smtp.code === 'ETLS' || smtp.code === 'EREQUIRETLS' || /certificate/i.test(smtp.message)) return new AppError(422, 'mail.tlsFailed', { host });
  if (smtp.code === 'EENVELOPE') return new AppError(422, 'mail.recipientRefused', { code: smtp.responseCode ?? '' });
  if (smtp.code === 'ECONNECTION' || smtp.code === 'ESOCKET' || smtp.code === 'EDNS') return new AppError(422, 'mail.unreachable', { host });
  return new AppError(422, 'mail.failed', { host, code: smtp.responseCode ?? smtp.code ?? '' });
}

/** Connects, greets, upgrades and signs in, then leaves: proves settings before they are saved. */
export async function verifyMailServer(guard: OutboundGuard, server: MailServer, timeouts = MAIL_TIMEOUTS): Promise<void> {
  const transport = transportFor(guard, server, timeouts);
  try {
    await transport.verify();
  } catch (error) {
    throw mailFailure(error, server);
  } finally {
    transport.close();
  }
}

/** Sends one message (plain text: no value a sender passes can become markup); returns the server's message id. */
export async function deliverMail(guard: OutboundGuard, server: MailServer, message: MailMessage, timeouts = MAIL_TIMEOUTS): Promise<string> {
  const transport = transportFor(guard, server, timeouts);
  try {
    const info = await transport.sendMail({
      from: { name: server.fromName, address: server.fromAddress },
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
    return info.messageId;
  } catch (error) {
    throw mailFailure(error, server);
  } finally {
    transport.close();
  }
}
