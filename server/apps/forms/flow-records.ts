import { sql } from 'kysely';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { FlowActor, FlowRecord, FormRecords } from '../../kernel/record-flow.ts';
import { loadFormAs, publishedFields } from './context.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { writeRecords, type Writer } from './write.ts';
import { SYSTEM_SELECT, storedFields, tableOf, toApiRecord, type RecordRow } from './storage.ts';
import { recordsWritten } from './analysis/stamps.ts';

/** What a record is called in to-do lists and messages: its title field, else its number, else `#id`. */
function titleOf(fields: readonly FieldDef[], values: Record<string, unknown>, number: string | null, id: string): string {
  const field = fields.find((f) => f.title && f.type !== 'subtable');
  const value = field ? values[field.key] : null;
  const text = value === null || value === undefined || value === '' ? null : Array.isArray(value) ? value.join(', ') : String(value);
  return (text ?? number ?? `#${id}`).slice(0, 200);
}

const only = (values: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(Object.entries(values).filter(([key]) => keys.includes(key)));

async function read(trx: Trx, formId: string, recordId: string): Promise<FlowRecord | null> {
  const meta = await trx.selectFrom('forms_form').select(['space_id', 'version']).where('id', '=', formId).executeTakeFirst();
  if (!meta || meta.version === 0) return null;
  const fields = await publishedFields(trx, meta.space_id, formId, meta.version);
  const columns = storedFields(fields).map((f) => sql.ref(`t.${f.key}`));
  const row = (
    await sql<RecordRow>`select ${SYSTEM_SELECT}${columns.length ? sql`, ${sql.join(columns)}` : sql``} from ${sql.table(tableOf(formId))} t
      where t.id = ${recordId}::bigint and t.deleted_at is null`.execute(trx)
  ).rows[0];
  if (!row) return null;
  const record = toApiRecord(row, fields);
  return { id: record.id, values: record.values, rowVersion: record.rowVersion, ownerId: record.ownerId, title: titleOf(fields, record.values, record.number, record.id) };
}

/**
 * Forms' half of `kernel.recordFlow`: the engine writes records through the one write path (write.ts) as every
 * other writer — the same checks, sanitising, numbering, audit entry and events — with the field set of the flow's
 * node in place of the member's visible fields, and the node's grant in place of his rules (via "workflow").
 */
export const formRecordsOf = (kernel: Kernel): FormRecords => ({
  async form(trx, actor: FlowActor, formId) {
    const { form } = await loadFormAs(trx, actor, formId);
    return { id: form.id, appId: form.appId, appName: form.appName, name: form.name, fields: form.allFields };
  },

  async facts(trx, formId) {
    const row = await trx
      .selectFrom('forms_form as f')
      .innerJoin('appcenter_app as a', 'a.id', 'f.app_id')
      .select(['f.id', 'f.space_id', 'f.name', 'f.version', 'f.app_id', 'a.name as app_name'])
      .where('f.id', '=', formId)
      .executeTakeFirst();
    if (!row || row.version === 0) return null;
    return { id: row.id, appId: row.app_id, appName: row.app_name, name: row.name, fields: await publishedFields(trx, row.space_id, formId, row.version) };
  },

  async create(trx, actor, formId, values, keys) {
    const { form, viewer } = await loadFormAs(trx, actor, formId);
    const [created] = await writeRecords(kernel, trx, form, flowWriter({ ...viewer, fields: form.allFields.filter((f) => keys.includes(f.key)) }), [{ op: 'create', values: only(values, keys) }]);
    return (await read(trx, formId, created!.id))!;
  },

  async update(trx, actor, formId, recordId, values, rowVersion, keys) {
    const { form, viewer } = await loadFormAs(trx, actor, formId);
    const writer = { ...flowWriter({ ...viewer, fields: form.allFields.filter((f) => keys.includes(f.key)) }), granted: true };
    await writeRecords(kernel, trx, form, writer, [{ op: 'update', id: recordId, values: only(values, keys), rowVersion }]);
    return (await read(trx, formId, recordId))!;
  },

  read,

  async setHandler(trx, formId, recordId, handlerId) {
    await sql`update ${sql.table(tableOf(formId))} t set handler_id = ${handlerId}::bigint where t.id = ${recordId}::bigint`.execute(trx);
    await recordsWritten(trx, { id: formId, spaceId: null });
  },
});

/** A member's write through a flow node: his own identity, "via workflow" in the audit entry. */
const flowWriter = (viewer: Writer['viewer']): Writer => ({ viewer, actor: { kind: 'member', userId: viewer.userId }, via: 'workflow' });
