import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { VALUE_KIND, type FieldDef } from '../../../../shared/forms/fields.ts';
import { validateValues, defaultValues, type FieldError } from '../../../../shared/forms/validate.ts';
import { translate, type Language } from '../../../../shared/i18n/index.ts';
import { inSpace, type Trx } from '../../../kernel/db/pool.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { loadFormAs, type FormMeta, type Viewer } from '../context.ts';
import { readSheet, detectImportFile, checkZip, type Cell } from '../io/index.ts';
import { nextNumbers, serialField, takenNumbers } from '../numbering.ts';
import { searchTextOf, storedFields, tableOf } from '../storage.ts';
import { cellValue, directoryOf, type Directory } from './import-cells.ts';
import { JobFailed, JobTakenOver, type JobContext, type JobRow } from './runner.ts';

const BATCH = 2000;
const i18n = createI18n();

interface Row {
  rowNo: number;
  cells: Cell[];
}

interface Outcome {
  ok: Array<{ rowNo: number; values: Record<string, unknown>; number: string | null; cells: Cell[] }>;
  failed: Array<{ rowNo: number; reason: string; cells: Cell[] }>;
}

const reasonOf = (language: Language, errors: Array<{ key: string; params?: Record<string, string | number> }>) =>
  errors.map((e) => translate(i18n.dictionaries, language, e.key, e.params)).join('; ');

/** Checks a batch's rows with the same §5 rules as a form: JavaScript only, done while the previous batch writes. */
function checkRows(fields: readonly FieldDef[], rows: Row[], mapping: Array<[number, FieldDef]>, directory: Directory, language: Language): Outcome {
  const outcome: Outcome = { ok: [], failed: [] };
  const serial = serialField(fields);
  const defaults = defaultValues(fields);
  for (const row of rows) {
    const input: Record<string, unknown> = { ...defaults };
    const unreadable: FieldError[] = [];
    for (const [column, field] of mapping) {
      // A cell the conversion cannot handle is this row's failure, never the import's: the rest goes on.
      try {
        input[field.key] = cellValue(field, row.cells[column] ?? null, directory);
      } catch {
        unreadable.push({ field: field.key, key: 'forms.import.cellUnreadable', params: { field: field.label } });
        delete input[field.key];
      }
    }
    const checked = validateValues(fields, input);
    const values = checked.values;
    const errors = [...unreadable, ...checked.errors.filter((e) => !unreadable.some((u) => u.field === e.field))];
    if (errors.length) outcome.failed.push({ rowNo: row.rowNo, reason: reasonOf(language, errors), cells: row.cells });
    else outcome.ok.push({ rowNo: row.rowNo, values, number: serial ? ((values[serial.key] as string | null) ?? null) : null, cells: row.cells });
  }
  return outcome;
}

/** Numbers typed in the sheet must be free, in the form and within the sheet; the others are generated. */
async function assignNumbers(trx: Trx, form: FormMeta, fields: readonly FieldDef[], outcome: Outcome, language: Language) {
  const serial = serialField(fields);
  if (!serial) return;
  const taken = await takenNumbers(trx, form.table, outcome.ok.filter((r) => r.number !== null).map((r) => r.number!));
  const seen = new Set<string>();
  outcome.ok = outcome.ok.filter((r) => {
    const duplicate = r.number !== null && (taken.has(r.number) || seen.has(r.number));
    if (r.number !== null) seen.add(r.number);
    if (duplicate) outcome.failed.push({ rowNo: r.rowNo, reason: translate(i18n.dictionaries, language, 'common.numberRepeated'), cells: r.cells });
    return !duplicate;
  });
  if (serial.numbering) {
    const missing = outcome.ok.filter((r) => r.number === null);
    const numbers = await nextNumbers(trx, form, serial.numbering, missing.length);
    missing.forEach((r, i) => (r.number = numbers[i]!));
  }
}

const RECORDSET_TYPE: Record<string, string> = { text: 'text', number: 'float8', date: 'date', datetime: 'timestamptz', texts: 'jsonb', ref: 'bigint', json: 'jsonb', serial: 'text' };

/**
 * A batch as one JSON document turned into rows by json_to_recordset: one parameter and PostgreSQL's own JSON
 * parser, instead of an array literal per column built in JavaScript. Keys are the checked field keys.
 */
async function insertBatch(trx: Trx, form: FormMeta, viewer: Viewer, jobId: string, rows: Outcome['ok']) {
  if (rows.length === 0) return;
  const fields: FieldDef[] = storedFields(viewer.fields);
  const document = JSON.stringify(
    rows.map((r) => {
      const row: Record<string, unknown> = { u_number: r.number, u_row: r.rowNo, u_search: searchTextOf(viewer.fields, r.values, r.number) };
      for (const f of fields) row[f.key] = r.values[f.key] ?? null;
      return row;
    }),
  );
  const shape = [sql`u_number text, u_row int, u_search text`, ...fields.map((f) => sql`${sql.ref(f.key)} ${sql.raw(RECORDSET_TYPE[VALUE_KIND[f.type]]!)}`)];
  const selected = fields.map((f) =>
    VALUE_KIND[f.type] === 'texts' ? sql`case when u.${sql.ref(f.key)} is null then null else array(select jsonb_array_elements_text(u.${sql.ref(f.key)})) end` : sql`u.${sql.ref(f.key)}`,
  );
  await sql`
    insert into ${sql.table(form.table)} (space_id, number, owner_id, owner_dept_id, created_by, updated_by, form_version, import_job, import_row, search_text
      ${sql.join(fields.map((f) => sql`, ${sql.ref(f.key)}`), sql``)})
    select ${form.spaceId}, u.u_number, ${viewer.userId}::bigint, ${viewer.departments[0] ?? null}::bigint, ${viewer.userId}::bigint, ${viewer.userId}::bigint,
      ${form.version}, ${jobId}::bigint, u.u_row, u.u_search ${sql.join(selected.map((s) => sql`, ${s}`), sql``)}
    from json_to_recordset(${document}::json) as u(${sql.join(shape)})`.execute(trx);
}

/**
 * Imports a sheet as records. Each batch of rows commits together with the job's cursor, counts and failure
 * rows, so a crash loses at most the batch in flight, which the next worker redoes. The unique
 * (import_job, import_row) key is the last guard against a row landing twice: it fails the batch loudly rather
 * than skipping quietly (ON CONFLICT DO NOTHING also doubled the insert's cost).
 */
export async function runImport(context: JobContext): Promise<void> {
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
    const directory = await inSpace(db, actor.spaceId, async (trx) =>
      directoryOf(
        await trx.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.id', 'u.name', 'u.login_id as loginId']).where('m.space_id', '=', actor.spaceId).execute(),
        await trx.selectFrom('org_department').select(['id', 'name']).execute(),
      ),
    );
    // The form as it is when the import starts: every batch is checked and stored against that version.
    const { form, viewer } = await inSpace(db, actor.spaceId, (trx) => loadFormAs(trx, actor, job.form_id));
    const columns: Array<[number, FieldDef]> = Object.entries(mapping).flatMap(([column, key]) => {
      const field = viewer.fields.find((f) => f.key === key);
      return field ? [[Number(column), field] as [number, FieldDef]] : [];
    });
    let rowNo = 0;
    let batch: Row[] = [];
    const store = (outcome: Outcome, lastRow: number) =>
      inSpace(db, actor.spaceId, async (trx) => {
        // A batch and the cursor that records it commit together, so not waiting for the disk is safe: after a
        // crash both are there or neither is, and the next worker redoes the batch.
        await sql`set local synchronous_commit = off`.execute(trx);
        const alive = await sql<{ ok: boolean }>`select forms_job_heartbeat(${job.id}::bigint, ${context.worker}) as ok`.execute(trx);
        if (!alive.rows[0]?.ok) throw new JobTakenOver();
        await assignNumbers(trx, form, viewer.fields, outcome, language);
        await insertBatch(trx, form, viewer, job.id, outcome.ok);
        if (outcome.failed.length) {
          await trx
            .insertInto('forms_import_failure')
            .values(outcome.failed.map((f) => ({ space_id: actor.spaceId, job_id: job.id, row_no: f.rowNo, reason: f.reason.slice(0, 2000), cells: JSON.stringify(f.cells) })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await sql`update forms_job set cursor = ${lastRow}, done = done + ${outcome.ok.length}, failed = failed + ${outcome.failed.length}
          where id = ${job.id}::bigint`.execute(trx);
      });
    // One batch is written while the next is read and checked: PostgreSQL and this process work on both cores.
    // Batches still commit one after the other, in sheet order, so the cursor only ever moves forward.
    const write = async (rows: Row[]) => {
      const outcome = checkRows(viewer.fields, rows, columns, directory, language);
      await writing;
      writing = store(outcome, rows.at(-1)!.rowNo);
      writing.catch(() => undefined); // surfaced by the next await of `writing`
    };
    let header = true;
    for await (const cells of readSheet(tmp, detected.kind, { encoding: detected.encoding })) {
      if (header) {
        header = false;
        continue;
      }
      rowNo += 1;
      if (rowNo <= job.cursor) continue;
      batch.push({ rowNo, cells });
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
    if ((error as { key?: string }).key && !(error instanceof JobFailed) && !(error instanceof JobTakenOver)) throw new JobFailed((error as { key: string }).key);
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
  await trx.deleteFrom('forms_import_failure').where('job_id', '=', job.id).execute();
  await sql`update forms_job set done = 0, failed = 0, cursor = 0 where id = ${job.id}::bigint`.execute(trx);
}
