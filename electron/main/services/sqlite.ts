/// <reference path="./better-sqlite3.d.ts" />
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** The services' time source (same shape as the server's Clock), so tests can step time without sleeping. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Opens (creating if needed) a SQLite file for a main-process service: WAL, `synchronous = NORMAL`, foreign keys.
 *
 * NORMAL in WAL mode survives a crash of the app (a commit is in the WAL before it returns) but a power cut can
 * take back the last commits. That is fine for the cache (a re-fetch) and for the outbox's replay bookkeeping
 * (a lost `done` means a resend under the same Idempotency-Key, which the server answers from its store). The
 * one thing that must survive a power cut is a write the user was told is queued: the outbox commits those with
 * `durably` (FULL). So one level per file is not needed, and the desktop app still keeps two files
 * (cache.sqlite, outbox.sqlite): a cache deleted or corrupted never touches queued writes.
 */
export function openDatabase(file: string): Db {
  // A second connection on the same file (another process during a crash test, a tool) waits instead of failing.
  const db = new Database(file, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * Runs `work` (one transaction) with `synchronous = FULL`: its commit is on disk before this returns. WAL keeps
 * commits in order, so everything committed earlier is on disk too.
 */
export function durably<T>(db: Db, work: () => T): T {
  const level = db.pragma('synchronous', { simple: true });
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma(`synchronous = ${Number(level)}`);
  }
}

/**
 * Forward-only schema setup of one service: `steps[i]` takes its tables from version i to i + 1. Versions are
 * kept per service (not in `user_version`, which is one per file) so several services can share a file.
 * A file written by a newer app is refused rather than guessed at.
 */
export function migrate(db: Db, service: string, steps: readonly string[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_versions (service TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  const read = db.prepare<[string], { version: number }>('SELECT version FROM schema_versions WHERE service = ?');
  const write = db.prepare<[string, number]>(
    'INSERT INTO schema_versions (service, version) VALUES (?, ?) ON CONFLICT (service) DO UPDATE SET version = excluded.version',
  );
  // IMMEDIATE: two processes opening the same file at once cannot both run the same step.
  db.transaction(() => {
    const version = read.get(service)?.version ?? 0;
    if (version > steps.length) throw new Error(`${service} schema v${version} is newer than this app knows (v${steps.length})`);
    if (version === steps.length) return;
    for (const step of steps.slice(version)) db.exec(step);
    write.run(service, steps.length);
  }).immediate();
}
