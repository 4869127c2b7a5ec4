import os from 'node:os';
import pino from 'pino';

export type Logger = pino.Logger;

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.apiKey',
  '*.secret',
];

/**
 * Structured logs to stdout or LOG_FILE. Cookies, authorisation headers and anything named like a password or
 * token are redacted, so a secret never reaches a log even when an object is logged whole. Writes are
 * asynchronous: a request never waits for its log line to reach the disk or the terminal.
 */
export function createLogger(level: string, file: string | null = null): Logger {
  // Lines are gathered up to 4 KiB per write and flushed at least every 250 ms.
  const destination = pino.destination({ dest: file ?? 1, sync: false, mkdir: true, minLength: 4096 });
  // One flush at a time: each pending flush holds an 'error' listener on the stream.
  let flushing = false;
  setInterval(() => {
    if (flushing) return;
    flushing = true;
    destination.flush(() => (flushing = false));
  }, 250).unref();
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}

export interface AccessEntry {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  user: string | undefined;
}

/**
 * The per-request access line, in pino's JSON shape and into the same stream, but built by hand: it has a
 * fixed shape with nothing to redact, and full pino serialisation (with redaction) cost about half of a
 * light call's throughput (bench:kernel). Null when the level hides info lines.
 */
export function accessLogWriter(log: Logger): ((entry: AccessEntry) => void) | null {
  if (!log.isLevelEnabled('info')) return null;
  const stream = (log as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  if (!stream) return null;
  const head = `{"level":30,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"time":`;
  return (e) =>
    stream.write(
      `${head}${Date.now()},"msg":"request","reqId":${JSON.stringify(e.reqId)},"method":"${e.method}",` +
        `"url":${JSON.stringify(e.url)},"status":${e.status},"ms":${e.ms}${e.user ? `,"user":"${e.user}"` : ''}}\n`,
    );
}
