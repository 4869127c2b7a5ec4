import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { accessPredicate, type Level } from './access.ts';
import type { FormMeta, Viewer } from './context.ts';
import { and, TRUE, type Sql } from './filter-sql.ts';
import { nextNumbers, peekNumber, serialField } from './numbering.ts';
import { SYSTEM_SELECT, param, searchTextOf, storedFields, toApiRecord, type RecordRow } from './storage.ts';
import { referenceFiles } from './file-access.ts';
import { checkedValues, columnsOf, filesOf } from './values.ts';
import { recordsWritten } from './analysis/stamps.ts';

const selectAll = (form: FormMeta) => {
  const fields = storedFields(form.allFields).map((f) => sql.ref(`t.${f.key}`));
  return fields.length ? sql`${SYSTEM_SELECT}, ${sql.join(fields)}` : SYSTEM_SELECT;
};

/** The viewer's first department owns their new records ("own department's records" rules read it). */
const ownerDepartment = (viewer: Viewer) => viewer.departments[0] ?? null;

/** Unique-violation on the number → "The number has been repeated", with the number the system would give next. */
async function numberRepeated(trx: Trx, form: FormMeta): Promise<never> {
  const serial = serialField(form.allFields);
  const suggested = serial?.numbering ? await peekNumber(trx, form, serial.numbering) : null;
  throw fail.conflict('common.numberRepeated', {}, { suggested });
}

/** Runs a statement that may hit the number's unique constraint, inside a savepoint so the transaction survives. */
async function guardNumber<T>(trx: Trx, form: FormMeta, work: () => Promise<T>): Promise<T> {
  await sql`savepoint number_guard`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint number_guard`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint number_guard`.execute(trx);
    if (pgErrorCode(error) === '23505' && String((error as { constraint?: string }).constraint).endsWith('_number')) return numberRepeated(trx, form);
    if (pgErrorCode(error) === '23P01') throw fail.conflict('common.alreadyOccupied');
    if (pgErrorCode(error) === '22000' || pgErrorCode(error) === '22008') throw fail.unprocessable('forms.occupy.badRange');
    throw error;
  }
}

export async function createRecord(trx: Trx, form: FormMeta, viewer: Viewer, input: Record<string, unknown>) {
  const values = await checkedValues(trx, form, viewer.fields, input, { userId: viewer.userId, roles: viewer.roles, recordId: null });
  const { columns, number: typed } = columnsOf(viewer.fields, values);
  const serial = serialField(form.allFields);
  const number = typed ?? (serial?.numbering ? (await nextNumbers(trx, form, serial.numbering, 1))[0]! : null);
  const names = ['space_id', 'number', 'owner_id', 'owner_dept_id', 'created_by', 'updated_by', 'form_version', 'search_text', ...columns.map((c) => c.key)];
  const row = await guardNumber(trx, form, async () =>
    (
      await sql<RecordRow>`
        insert into ${sql.table(form.table)} as t (${sql.join(names.map((n) => sql.ref(n)))})
        values (${form.spaceId}, ${number}, ${viewer.userId}::bigint, ${ownerDepartment(viewer)}::bigint, ${viewer.userId}::bigint,
          ${viewer.userId}::bigint, ${form.version}, ${searchTextOf(viewer.fields, values, number)}, ${sql.join(columns.map((c) => param(c.kind, c.value)))})
        returning ${selectAll(form)}`.execute(trx)
    ).rows[0]!,
  );
  await referenceFiles(trx, form.spaceId, form.id, row.id, filesOf(viewer.fields, values));
  await recordsWritten(trx, form);
  return { record: toApiRecord(row, viewer.fields), after: toApiRecord(row, form.allFields).values };
}

/**
 * A live record the viewer may see, locked for the change that follows; 404 when it is not theirs to see.
 * `granted`: a workflow node grants the change (kernel.recordFlow), not the viewer's record rules.
 */
async function lockVisible(trx: Trx, form: FormMeta, viewer: Viewer, id: string, level: Level, granted = false) {
  const row = (
    await sql<RecordRow & { allowed: boolean }>`
      select ${selectAll(form)}, ${granted ? TRUE : accessPredicate(form, viewer, level)} as allowed
      from ${sql.table(form.table)} t
      where t.id = ${id}::bigint and t.deleted_at is null and ${granted ? TRUE : accessPredicate(form, viewer, 'view')}
      for update`.execute(trx)
  ).rows[0];
  if (!row) throw fail.notFound('forms.recordNotFound');
  return row;
}

export async function getRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string) {
  const where: Sql = and([sql`t.id = ${id}::bigint`, sql`t.deleted_at is null`, accessPredicate(form, viewer, 'view')]);
  const row = (
    await sql<RecordRow & { can_modify: boolean; can_delete: boolean }>`
      select ${selectAll(form)}, ${accessPredicate(form, viewer, 'modify')} as can_modify, ${accessPredicate(form, viewer, 'delete')} as can_delete
      from ${sql.table(form.table)} t where ${where}`.execute(trx)
  ).rows[0];
  if (!row) throw fail.notFound('forms.recordNotFound');
  const owns = viewer.isAdmin || row.owner_id === viewer.userId;
  return { record: toApiRecord(row, viewer.fields), can: { modify: row.can_modify, delete: row.can_delete, share: owns, transfer: owns } };
}

/**
 * Optimistic concurrency: `rowVersion` is what the editor saw; a newer change by anyone else → 409, nothing written
 * (null: the caller serialises otherwise — the workflow's instance lock). `granted`: see lockVisible.
 */
export async function updateRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string, input: Record<string, unknown>, rowVersion: number | null, granted = false) {
  const current = await lockVisible(trx, form, viewer, id, 'modify', granted);
  if (!current.allowed) throw fail.forbidden('forms.noModifyPermission');
  if (rowVersion !== null && current.row_version !== rowVersion) throw fail.conflict('common.conflict', {}, { current: toApiRecord(current, viewer.fields) });
  const values = await checkedValues(trx, form, viewer.fields, input, { userId: viewer.userId, roles: viewer.roles, recordId: id });
  const { columns, number } = columnsOf(viewer.fields, values);
  const merged = { ...toApiRecord(current, form.allFields).values, ...values };
  const sets: Sql[] = [
    sql`updated_by = ${viewer.userId}::bigint`,
    sql`updated_at = clock_timestamp()`,
    sql`row_version = t.row_version + 1`,
    sql`form_version = ${form.version}`,
    sql`search_text = ${searchTextOf(form.allFields, merged, number === undefined ? current.number : number)}`,
    ...columns.map((c) => sql`${sql.ref(c.key)} = ${param(c.kind, c.value)}`),
  ];
  if (number !== undefined) {
    const serial = serialField(form.allFields);
    const kept = number ?? (serial?.numbering ? (await nextNumbers(trx, form, serial.numbering, 1))[0]! : null);
    sets.push(sql`number = ${kept}`);
  }
  const row = await guardNumber(trx, form, async () =>
    (await sql<RecordRow>`update ${sql.table(form.table)} t set ${sql.join(sets)} where t.id = ${id}::bigint returning ${selectAll(form)}`.execute(trx)).rows[0]!,
  );
  await referenceFiles(trx, form.spaceId, form.id, id, filesOf(viewer.fields, values));
  await recordsWritten(trx, form);
  return { record: toApiRecord(row, viewer.fields), before: toApiRecord(current, form.allFields).values, after: toApiRecord(row, form.allFields).values };
}

/** To the recycle bin (`recycleDatas`): the records stay, out of every view, until restored or purged. */
export async function deleteRecords(trx: Trx, form: FormMeta, viewer: Viewer, ids: readonly string[]) {
  const deleted: Array<{ id: string; before: Record<string, unknown> }> = [];
  for (const id of new Set(ids)) {
    const current = await lockVisible(trx, form, viewer, id, 'delete');
    if (!current.allowed) throw fail.forbidden('forms.noDeletePermission');
    deleted.push({ id, before: toApiRecord(current, form.allFields).values });
  }
  await sql`update ${sql.table(form.table)} t set deleted_at = clock_timestamp(), deleted_by = ${viewer.userId}::bigint
    where t.id = any(${deleted.map((d) => d.id)}::bigint[])`.execute(trx);
  await recordsWritten(trx, form);
  return deleted;
}

/** The bin of a form: admins see every deleted record, others those they deleted. */
export async function recycledRecords(trx: Trx, form: FormMeta, viewer: Viewer, limit: number) {
  const mine = viewer.isAdmin ? sql`true` : sql`t.deleted_by = ${viewer.userId}::bigint`;
  const rows = await sql<RecordRow>`select ${selectAll(form)} from ${sql.table(form.table)} t
    where t.deleted_at is not null and ${mine} order by t.deleted_at desc, t.id desc limit ${limit}`.execute(trx);
  return rows.rows.map((row) => toApiRecord(row, viewer.fields));
}

async function lockRecycled(trx: Trx, form: FormMeta, viewer: Viewer, id: string) {
  const row = (
    await sql<{ deleted_by: string | null }>`select deleted_by from ${sql.table(form.table)} t
      where t.id = ${id}::bigint and t.deleted_at is not null for update`.execute(trx)
  ).rows[0];
  if (!row || (!viewer.isAdmin && row.deleted_by !== viewer.userId)) throw fail.notFound('forms.recordNotFound');
}

export async function restoreRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string) {
  await lockRecycled(trx, form, viewer, id);
  // A booking restored onto a slot someone took meanwhile hits the occupy constraint: "Already occupied".
  const row = await guardNumber(trx, form, async () =>
    (
      await sql<RecordRow>`update ${sql.table(form.table)} t set deleted_at = null, deleted_by = null, row_version = t.row_version + 1
        where t.id = ${id}::bigint returning ${selectAll(form)}`.execute(trx)
    ).rows[0]!,
  );
  await recordsWritten(trx, form);
  return { after: toApiRecord(row, form.allFields).values };
}

/** Purging is for good: the record, its shares and its discussion. Admins only, and only from the bin. */
export async function purgeRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string) {
  await lockRecycled(trx, form, viewer, id);
  if (!viewer.isAdmin) throw fail.forbidden('forms.noDeletePermission');
  await trx.deleteFrom('forms_share').where('form_id', '=', form.id).where('record_id', '=', id).execute();
  await trx.deleteFrom('forms_comment').where('form_id', '=', form.id).where('record_id', '=', id).execute();
  await trx.deleteFrom('forms_file_ref').where('form_id', '=', form.id).where('record_id', '=', id).execute();
  await sql`delete from ${sql.table(form.table)} t where t.id = ${id}::bigint`.execute(trx);
  await recordsWritten(trx, form);
}

/** The owner (or an admin) shares a record with members of the space, to view or to modify. */
export async function shareRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string, userIds: string[], level: 'view' | 'modify') {
  const current = await lockVisible(trx, form, viewer, id, 'view');
  if (!viewer.isAdmin && current.owner_id !== viewer.userId) throw fail.forbidden('forms.noSharePermission');
  const members = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', form.spaceId).where('user_id', 'in', userIds).execute();
  if (members.length !== new Set(userIds).size) throw fail.unprocessable('forms.share.notMember');
  await trx
    .insertInto('forms_share')
    .values(userIds.map((user) => ({ space_id: form.spaceId, form_id: form.id, record_id: id, user_id: user, level, created_by: viewer.userId })))
    .onConflict((oc) => oc.columns(['space_id', 'form_id', 'record_id', 'user_id']).doUpdateSet({ level }))
    .execute();
  // A share changes who sees the record: the charts of the member it names change too.
  await recordsWritten(trx, form);
}

export async function unshareRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string, userId: string) {
  const current = await lockVisible(trx, form, viewer, id, 'view');
  if (!viewer.isAdmin && current.owner_id !== viewer.userId) throw fail.forbidden('forms.noSharePermission');
  await trx.deleteFrom('forms_share').where('form_id', '=', form.id).where('record_id', '=', id).where('user_id', '=', userId).execute();
  await recordsWritten(trx, form);
}

export async function sharesOf(trx: Trx, form: FormMeta, viewer: Viewer, id: string) {
  await lockVisible(trx, form, viewer, id, 'view');
  return trx
    .selectFrom('forms_share as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id as userId', 'u.name', 's.level'])
    .where('s.form_id', '=', form.id)
    .where('s.record_id', '=', id)
    .orderBy('u.name')
    .execute();
}

/** Transfer: the record gets a new owner (and that owner's department); only the owner or an admin may. */
export async function transferRecord(trx: Trx, form: FormMeta, viewer: Viewer, id: string, userId: string) {
  const current = await lockVisible(trx, form, viewer, id, 'view');
  if (!viewer.isAdmin && current.owner_id !== viewer.userId) throw fail.forbidden('forms.noTransferPermission');
  const member = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', form.spaceId).where('user_id', '=', userId).executeTakeFirst();
  if (!member) throw fail.unprocessable('forms.share.notMember');
  const dept = await trx.selectFrom('org_member_department').select('department_id').where('user_id', '=', userId).orderBy('department_id').executeTakeFirst();
  await sql`update ${sql.table(form.table)} t set owner_id = ${userId}::bigint, owner_dept_id = ${dept?.department_id ?? null}::bigint,
    updated_at = clock_timestamp(), updated_by = ${viewer.userId}::bigint, row_version = t.row_version + 1 where t.id = ${id}::bigint`.execute(trx);
  await recordsWritten(trx, form);
}
