import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import { translate, type Language } from '../../../../shared/i18n/index.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import { readableText } from '../../../kernel/html-text.ts';
import type { DataSharing } from '../../../kernel/data-sharing.ts';
import { SHARING_REFUSED } from '../../../../shared/org/data-sharing.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { loadFormAs } from '../context.ts';
import { and } from '../filter-sql.ts';
import { openWriter, wallOf, type Cell, type ColumnFormat, type RowWriter, type SheetKind } from '../../../kernel/sheets/index.ts';
import { labelsFor, readerOf, type Labels } from '../labels.ts';
import { visibleWhere } from '../list.ts';
import { SYSTEM_SELECT, storedFields, toApiRecord, type ApiRecord, type RecordRow } from '../storage.ts';
import { attemptFile, storeExport } from './export-store.ts';
import { JobFailed, JobTakenOver, type JobContext } from './runner.ts';
import { spaceTimeZone } from './space-zone.ts';

const BATCH = 5000;
const i18n = createI18n();

/** A stored day ('2024-02-29') as a spreadsheet date: midnight in the UTC fields, never shifted by a zone. */
const dayCell = (value: string): Cell => {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : date;
};
/** An instant as the wall-clock time of the space's zone; system times are shown to the second. */
const wallCell = (instant: string | Date, zone: string, toSecond = false): Cell => {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) return null;
  const wall = wallOf(ms, zone);
  return new Date(toSecond ? Math.floor(wall / 1000) * 1000 : wall);
};

/** How each column's dates are shown: calendar days for date fields, date-times for the rest. */
export const columnFormats = (fields: readonly FieldDef[]): ColumnFormat[] => [
  ...fields.map((f): ColumnFormat => (f.type === 'date' ? 'date' : f.type === 'datetime' ? 'datetime' : undefined)),
  undefined, 'datetime', 'datetime',
];

/** A value as a sheet cell: names instead of ids, lists joined, files by name, dates as spreadsheet dates. */
function cellOf(field: FieldDef, value: unknown, labels: Labels, zone: string): Cell {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'date':
      return dayCell(String(value));
    case 'datetime':
      return wallCell(String(value), zone);
    case 'member':
      return labels.users[String(value)] ?? String(value);
    case 'department':
      return labels.departments[String(value)] ?? String(value);
    case 'relation':
      return labels.relations[field.key]?.[String(value)] ?? String(value);
    case 'multiselect':
    case 'checkbox':
      return (value as string[]).join(', ');
    case 'attachment':
    case 'image':
      return (value as Array<{ name: string }>).map((f) => f.name).join(', ');
    case 'subtable':
      return JSON.stringify(value);
    case 'richtext':
      return readableText(String(value));
    default:
      return value as Cell;
  }
}

/**
 * Exports the records and fields the asking user may see (the same WHERE as their list, so permissions hold)
 * in keyset batches streamed to the writer: memory stays flat however many rows there are.
 */
export async function runExport(context: JobContext, dataDir: string, sharing: DataSharing): Promise<void> {
  const { db, job, actor } = context;
  // The space's data-sharing policy may have changed since the job was queued (decision 0046): asked again before
  // a row is read, so a refused member's queued export ends failed with the policy's message and writes nothing.
  if (!(await inSpace(db, actor.spaceId, (trx) => sharing.allowed(trx, actor))).export) throw new JobFailed(SHARING_REFUSED.export);
  const format = job.params.format as SheetKind;
  const language = (job.params.lang as Language) ?? 'zh-CN';
  const { form, viewer } = await inSpace(db, actor.spaceId, (trx) => loadFormAs(trx, actor, job.form_id));
  const wanted = job.params.columns as string[] | undefined;
  const fields = wanted ? viewer.fields.filter((f) => wanted.includes(f.key)) : viewer.fields;
  const system = (key: string) => translate(i18n.dictionaries, language, key);
  // The record number is the serial field's value: it is exported in that field's column, under its label,
  // once (a form without a serial field has no numbers).
  const header = [...fields.map((f) => f.label), system('forms.export.colOwner'), system('forms.export.colCreatedAt'), system('forms.export.colUpdatedAt')];
  const zone = await inSpace(db, actor.spaceId, (trx) => spaceTimeZone(trx, actor.spaceId));
  // This try's own file (decision 0109): created here, exclusively, and kept open to be read back through, so the
  // writer (which opens it by name) fills this very file and a sweep of its name cannot take its bytes away.
  const target = attemptFile(dataDir, actor.spaceId, job.id, context.attempt, format);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const file = await fs.promises.open(target, 'wx+');
  let writer: RowWriter | null = null;
  try {
    writer = await openWriter(target, format, header, form.name.slice(0, 31), columnFormats(fields));
    let rows = 0;
    let afterId: string | null = null;
    for (;;) {
      if (!(await context.heartbeat())) throw new JobTakenOver();
      const page: { records: ApiRecord[]; labels: Labels } = await inSpace(db, actor.spaceId, async (trx) => {
        const where = visibleWhere(form, viewer, job.params.filter as FilterGroup | undefined);
        const columns = storedFields(fields).map((f) => sql.ref(`t.${f.key}`));
        const result = await sql<RecordRow>`select ${columns.length ? sql`${SYSTEM_SELECT}, ${sql.join(columns)}` : SYSTEM_SELECT}
          from ${sql.table(form.table)} t where ${and([where, afterId ? sql`t.id > ${afterId}::bigint` : sql`true`])} order by t.id limit ${BATCH}`.execute(trx);
        const records = result.rows.map((row) => toApiRecord(row, fields));
        return { records, labels: await labelsFor(trx, readerOf(form, viewer), fields, records) };
      });
      for (const record of page.records) {
        await writer.write([
          ...fields.map((f) => cellOf(f, record.values[f.key], page.labels, zone)),
          page.labels.users[record.ownerId] ?? record.ownerId,
          wallCell(record.createdAt, zone, true),
          wallCell(record.updatedAt, zone, true),
        ]);
      }
      rows += page.records.length;
      if (page.records.length < BATCH) break;
      afterId = page.records.at(-1)!.id;
    }
    const open = writer;
    writer = null;
    await open.close();
    // One transaction, fenced by the lease: only the worker that holds the job stores its bytes and completes it. A
    // try that lost the job (its process froze past the lease, another took over) touches neither the job nor what
    // the other stored: it only removes its own file, below.
    const completed = await inSpace(db, actor.spaceId, async (trx) => {
      if (!(await context.holds(trx))) return false;
      const bytes = await storeExport(trx, actor.spaceId, job.id, file);
      await sql`update forms_job set status = 'complete', total = ${rows}, done = ${rows}, output_size = ${bytes}, finished_at = now()
        where id = ${job.id}::bigint`.execute(trx);
      return true;
    });
    if (!completed) throw new JobTakenOver();
  } finally {
    await writer?.close().catch(() => undefined);
    await file.close().catch(() => undefined);
    await fs.promises.rm(target, { force: true });
  }
}
