import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The user name the client signed in with (null: no AUTH). */
  user: string | null;
  /** The Message-ID header as sent (a sender retrying after a crash reuses it). */
  messageId: string;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next message that arrives (or one already waiting that `match` accepts). */
  next(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for tests: it accepts one user and password over a
 * plain connection (there is no certificate to check on loopback) and parses what it receives (mailparser), so a
 * test reads the subject and text as a mail client would.
 */
export async function startTestSmtp(credentials: { user: string; password: string }, options: { acceptDelayMs?: number } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiting: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid user name or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            user: typeof session.user === 'string' ? session.user : null,
            messageId: parsed.messageId ?? '',
          };
          received.push(mail);
          const index = waiting.findIndex((w) => w.match(mail));
          if (index >= 0) waiting.splice(index, 1)[0]!.resolve(mail);
          // A slow server: the message is here, the sender is not yet told (where a crash leaves a duplicate).
          if (options.acceptDelayMs) setTimeout(() => callback(), options.acceptDelayMs);
          else callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    next(match = () => true, timeoutMs = 15_000) {
      const already = received.find(match);
      if (already) {
        received.splice(received.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            received.splice(received.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word (an SMTP host that does not answer). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (connections are refused at once). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
