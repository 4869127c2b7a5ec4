import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Language } from '../../../../shared/i18n/index.ts';
import { inSpace, type Trx } from '../../../kernel/db/pool.ts';
import { loadFormAs } from '../context.ts';
import { cellsToJson, failedRowToJson, readSheetRows, detectImportFile, checkZip } from '../../../kernel/sheets/index.ts';
import { tableOf } from '../storage.ts';
import { assignNumbers, candidates, checkBatch, insertBatch, type Outcome, type SheetRow } from './import-batch.ts';
import { directoryOf } from './import-cells.ts';
import { relationNames } from './import-relations.ts';
import { recordsWritten } from '../analysis/stamps.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { recordImported } from '../write.ts';
import { spaceTimeZone } from './space-zone.ts';
import { JobFailed, JobTakenOver, type JobContext, type JobRow } from './runner.ts';

const BATCH = 2000;

/**
 * Imports a sheet as records. Each batch of rows commits together with the job's cursor, counts and failure
 * rows, so a crash loses at most the batch in flight, which the next worker redoes. The unique
 * (import_job, import_row) key is the last guard against a row landing twice: it fails the batch loudly rather
 * than skipping quietly (ON CONFLICT DO NOTHING also doubled the insert's cost).
 */
export async function runImport(context: JobContext, kernel: Kernel): Promise<void> {
  const { db, job, actor } = context;
  const mapping = job.params.mapping as Record<string, string>;
  const language = (job.params.lang as Language) ?? 'zh-CN';
  const tmp = path.join(os.tmpdir(), `qpaas-import-${actor.spaceId}-${job.id}-${process.pid}`);
  const file = await inSpace(db, actor.spaceId, (trx) => trx.selectFrom('forms_file').select('content').where('id', '=', job.file_id!).executeTakeFirst());
  if (!file) throw new JobFailed('forms.file.notFound');
  fs.writeFileSync(tmp, file.content);
  let writing: Promise<unknown> = Promise.resolve();
  try {
    const detected = await detectImportFile(tmp);
    if (detected.kind === 'xlsx') await checkZip(tmp);
    const cellContext = await inSpace(db, actor.spaceId, async (trx) => ({
      directory: directoryOf(
        await trx.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.id', 'u.name', 'u.login_id as loginId']).where('m.space_id', '=', actor.spaceId).execute(),
        await trx.selectFrom('org_department').select(['id', 'name']).execute(),
      ),
      zone: await spaceTimeZone(trx, actor.spaceId),
    }));
    // The form as it is when the import starts: every batch is checked and stored against that version.
    const { form, viewer } = await inSpace(db, actor.spaceId, (trx) => loadFormAs(trx, actor, job.form_id));
    const columns: Array<[number, FieldDef]> = Object.entries(mapping).flatMap(([column, key]) => {
      const field = viewer.fields.find((f) => f.key === key);
      return field ? [[Number(column), field] as [number, FieldDef]] : [];
    });
    let rowNo = 0;
    let batch: SheetRow[] = [];
    const store = (outcome: Outcome, lastRow: number) =>
      inSpace(db, actor.spaceId, async (trx) => {
        // A batch and the cursor that records it commit together, so not waiting for the disk is safe: after a
        // crash both are there or neither is, and the next worker redoes the batch.
        await sql`set local synchronous_commit = off`.execute(trx);
        if (!(await context.holds(trx))) throw new JobTakenOver();
        await assignNumbers(trx, form, viewer.fields, outcome, language);
        const ids = await insertBatch(trx, form, viewer, job.id, outcome.ok);
        await recordImported(kernel, trx, form, viewer, job.id, outcome.ok.map((row, i) => ({ id: ids[i]!, rowNo: row.rowNo, values: row.values })));
        if (outcome.failed.length) {
          await trx
            .insertInto('forms_import_failure')
            .values(outcome.failed.map((f) => ({ space_id: actor.spaceId, job_id: job.id, row_no: f.rowNo, reason: f.reason.slice(0, 2000), cells: JSON.stringify(failedRowToJson(f.line, f.cells)) })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await sql`update forms_job set cursor = ${lastRow}, done = done + ${outcome.ok.length}, failed = failed + ${outcome.failed.length}
          where id = ${job.id}::bigint`.execute(trx);
      });
    // One batch is written while the next is read and checked: PostgreSQL and this process work on both cores.
    // Batches still commit one after the other, in sheet order, so the cursor only ever moves forward.
    const write = async (rows: SheetRow[]) => {
      // The record API's check runs beside the previous batch's insert (in a transaction of its own when rows
      // name members, departments or records to look up): the two cores stay busy. It guarantees what a record
      // saved through the API gets (references are not locked there either); numbers, rows, failures and cursor
      // still commit together below.
      const relations = columns.some(([, field]) => field.type === 'relation')
        ? await inSpace(db, actor.spaceId, (trx) => relationNames(trx, actor, columns, rows))
        : undefined;
      const prepared = candidates(rows, columns, relations ? { ...cellContext, relations } : cellContext);
      const outcome = await checkBatch((work) => inSpace(db, actor.spaceId, work), form, viewer, prepared, language);
      await writing;
      writing = store(outcome, rows.at(-1)!.rowNo);
      writing.catch(() => undefined); // surfaced by the next await of `writing`
    };
    // The sheet and header row the import was started with (older jobs: the first sheet's first row).
    const headerRow = typeof job.params.headerRow === 'number' ? job.params.headerRow : null;
    const sheet = typeof job.params.sheet === 'number' ? job.params.sheet : undefined;
    let header = true;
    const skipHidden = job.params.skipHidden === true;
    for await (const { cells, line, errors, shown, hidden } of readSheetRows(tmp, detected.kind, { encoding: detected.encoding, sheet })) {
      if (headerRow !== null && line < headerRow) continue; // a title block above the header
      if (hidden && skipHidden && !header) continue; // the user chose to leave the sheet's hidden rows out
      if (header) {
        header = false;
        // Kept with the job: the failure file gives the user's own headers back.
        await inSpace(db, actor.spaceId, (trx) =>
          sql`update forms_job set params = params || jsonb_build_object('header', ${JSON.stringify(cellsToJson(cells))}::jsonb) where id = ${job.id}::bigint`.execute(trx),
        );
        continue;
      }
      rowNo += 1;
      if (rowNo <= job.cursor) continue;
      batch.push({ rowNo, line, cells, errors, shown });
      if (batch.length >= BATCH) {
        await write(batch);
        batch = [];
      }
    }
    if (batch.length) await write(batch);
    await writing;
    await inSpace(db, actor.spaceId, (trx) =>
      sql`update forms_job set status = 'complete', total = done + failed, finished_at = now() where id = ${job.id}::bigint`.execute(trx),
    );
  } catch (error) {
    // The batch in flight settles first: a failed import is cleaned up after it, never overtaken by it.
    await writing.catch(() => undefined);
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}


/**
 * An import is all or nothing as its user sees it: batches commit as they go (so a crash resumes without loss
 * or doubles), and a failed import removes every row it wrote, with its failure rows and counts, in the
 * transaction that marks it failed.
 */
export async function discardImport(trx: Trx, job: JobRow): Promise<void> {
  await sql`delete from ${sql.table(tableOf(job.form_id))} where import_job = ${job.id}::bigint`.execute(trx);
  await recordsWritten(trx, { id: job.form_id, spaceId: job.space_id });
  await trx.deleteFrom('forms_import_failure').where('job_id', '=', job.id).execute();
  await sql`update forms_job set done = 0, failed = 0, cursor = 0 where id = ${job.id}::bigint`.execute(trx);
}
