import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { EXPORT_HISTORY_DAYS } from '../../../../shared/constants.ts';
import { inSpace, type Db, type Trx } from '../../../kernel/db/pool.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { leaseSeconds } from './runner.ts';

// Finished exports live in PostgreSQL, where every server process of the database reads them; a try writes its file
// on its own host first, under a name no other try shares (decision 0109).

/** A MiB a part: storing and serving an export holds one part at a time, whatever its size (decision 0107). */
const PART_BYTES = 1 << 20;
export const EXPORT_PRUNE = { kind: 'forms.export.prune', name: 'hourly', cron: '53 * * * *' } as const;

/** Where this host's export tries write: DATA_DIR/exports (exports of older versions kept their files here too). */
export const attemptsDir = (dataDir: string) => path.join(dataDir, 'exports');

/** One try's file: its job and the try's own name, so a try taken over and the one that took it never share a file. */
export const attemptFile = (dataDir: string, spaceId: string, jobId: string, attempt: string, format: string) =>
  path.join(attemptsDir(dataDir), `${spaceId}-${jobId}-${attempt}.${format}.part`);

/** Fills `buffer` from `position` (a read may answer short before the end); answers the bytes read, 0 at the end. */
async function readPart(file: fs.promises.FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * Stores the export read through `file` as the job's parts, in the caller's transaction (the one that marks the job
 * complete, after checking the lease). Read through the try's own open handle rather than its name: a sweep that
 * removed the name meanwhile leaves the bytes readable. Answers the bytes stored.
 */
export async function storeExport(trx: Trx, spaceId: string, jobId: string, file: fs.promises.FileHandle): Promise<number> {
  const buffer = Buffer.alloc(PART_BYTES);
  let stored = 0;
  for (let seq = 0; ; seq += 1) {
    const length = await readPart(file, buffer, stored);
    if (length === 0) return stored;
    await trx.insertInto('forms_export_part').values({ space_id: spaceId, job_id: jobId, seq, bytes: buffer.subarray(0, length) }).execute();
    stored += length;
  }
}

/** How many parts the job's stored export has (0: none, or no longer kept). */
export async function storedParts(trx: Trx, jobId: string): Promise<number> {
  const row = await trx.selectFrom('forms_export_part').select((eb) => eb.fn.countAll<number>().as('parts')).where('job_id', '=', jobId).executeTakeFirst();
  return Number(row?.parts ?? 0);
}

/**
 * The stored export as a stream, a part per query: no connection is held while a slow client reads, and memory holds
 * one part. A part missing meanwhile (pruned) ends the answer with an error rather than short of bytes unnoticed.
 */
export function exportStream(db: Db, spaceId: string, jobId: string, parts: number): Readable {
  async function* bytes() {
    for (let seq = 0; seq < parts; seq += 1) {
      const part = await inSpace(db, spaceId, (trx) =>
        trx.selectFrom('forms_export_part').select('bytes').where('job_id', '=', jobId).where('seq', '=', seq).executeTakeFirst(),
      );
      if (!part) throw new Error(`part ${seq} of export ${jobId} is gone`);
      yield part.bytes;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/**
 * Removes the files of tries nobody writes any more on this host: a killed process's partial export, and the files of
 * exports made before they were stored in the database. Only files untouched for longer than the lease: a live try
 * writes at every batch, and should a slow one's name be taken anyway, it reads its bytes through its open handle.
 * Answers how many were removed.
 */
export async function sweepAttempts(dataDir: string, lease = leaseSeconds(), now = Date.now()): Promise<number> {
  let removed = 0;
  const sweep = async (folder: string, depth: number): Promise<void> => {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && depth === 0) {
        // Older versions kept finished exports in a folder per space.
        await sweep(full, 1);
        await fs.promises.rmdir(full).catch(() => undefined);
      } else if (entry.isFile()) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (!stat || now - stat.mtimeMs <= lease * 1000) continue;
        await fs.promises.rm(full, { force: true });
        removed += 1;
      }
    }
  };
  await sweep(attemptsDir(dataDir), 0);
  return removed;
}

/**
 * Housekeeping of exports: each process sweeps its own host's tries at start (a killed process left its file here,
 * and only a process on this host can see it), and an hourly platform schedule removes stored exports past the
 * history's 3 days (§4, §9), sweeping the host of the process that runs it as well.
 */
export function defineExportHousekeeping(app: App, kernel: Kernel): void {
  const { dataDir } = kernel.config;
  app.addHook('onReady', async () => {
    const removed = await sweepAttempts(dataDir).catch((error: unknown) => void kernel.log.warn({ err: error }, 'sweeping export files failed'));
    if (removed) kernel.log.info({ removed }, 'files of export tries that ended were removed');
  });
  kernel.jobs.define(EXPORT_PRUNE.kind, async () => {
    await sql`select forms_export_prune(${EXPORT_HISTORY_DAYS})`.execute(kernel.db);
    await sweepAttempts(dataDir);
  });
  kernel.schedules.declare(EXPORT_PRUNE.kind, EXPORT_PRUNE.name, EXPORT_PRUNE.cron);
}
