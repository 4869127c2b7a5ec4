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

/** Lines are handed to the file writer in chunks of about this many characters. */
const CHUNK_CHARS = 8192;

/**
 * Gathers whole lines (pino's and the access lines alike, so their order is kept) and hands them to the writer
 * a chunk at a time. Sonic-boom measures its whole pending buffer on every write, so a line per write cost a
 * tenth of a light call at thousands of requests a second (bench:kernel).
 */
class LineBatcher {
  private parts: string[] = [];
  private chars = 0;

  constructor(private readonly sink: pino.DestinationStream & { flush(cb: () => void): void; flushSync(): void }) {}

  write(line: string): boolean {
    this.parts.push(line);
    this.chars += line.length;
    if (this.chars >= CHUNK_CHARS) this.drain();
    return true;
  }

  drain(): void {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.chars = 0;
    this.sink.write(chunk);
  }

  flush(done: () => void): void {
    this.drain();
    this.sink.flush(done);
  }

  /** At exit, whatever is still gathered reaches the file (sonic-boom's own exit flush writes what it holds). */
  flushSync(): void {
    this.drain();
    try {
      this.sink.flushSync();
    } catch {
      // a write still in flight: sonic-boom finishes it itself
    }
  }
}

// One exit handler for every logger of the process (test processes start several platforms).
const openBatchers = new Set<LineBatcher>();
process.once('exit', () => {
  for (const batcher of openBatchers) batcher.flushSync();
});

/**
 * Structured logs to stdout or LOG_FILE. Cookies, authorisation headers and anything named like a password or
 * token are redacted, so a secret never reaches a log even when an object is logged whole. Writes are
 * asynchronous: a request never waits for its log line to reach the disk or the terminal.
 */
export function createLogger(level: string, file: string | null = null): Logger {
  // Chunks are written as they fill and flushed at least every 250 ms.
  const destination = pino.destination({ dest: file ?? 1, sync: false, mkdir: true, minLength: 4096 });
  const lines = new LineBatcher(destination);
  openBatchers.add(lines);
  // One flush at a time: each pending flush holds an 'error' listener on the stream.
  let flushing = false;
  setInterval(() => {
    if (flushing) return;
    flushing = true;
    lines.flush(() => (flushing = false));
  }, 250).unref();
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, lines);
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
