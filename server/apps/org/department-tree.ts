import { sql } from 'kysely';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import type { Trx } from '../../kernel/db/pool.ts';

/** The department and all its descendants (adjacency list walked by a recursive query; docs/decisions/0030). */
export async function subtreeIds(trx: Trx, id: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from org_department where id = ${id}
      union select d.id from org_department d join tree t on d.parent_id = t.id
    ) select id::text as id from tree`.execute(trx);
  return new Set(rows.rows.map((r) => r.id));
}

/** Locks and returns a department of the request's space, or answers 404 (another space's id does not exist here). */
export async function lockDepartment(trx: Trx, id: string, missing = 'common.notFound'): Promise<{ id: string; parent_id: string | null }> {
  const row = await trx.selectFrom('org_department').select(['id', 'parent_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw fail.notFound(missing);
  return row;
}

/** Refuses a new parent (or merge target) that is the department itself or one of its descendants. */
export async function refuseOwnSubtree(trx: Trx, id: string, other: string, key: string): Promise<void> {
  if ((await subtreeIds(trx, id)).has(other)) throw fail.unprocessable(key);
}

/** Puts `id` under `parentId` at `index` among its siblings and renumbers them 0, 1, 2… (one ordered list). */
export async function placeDepartment(trx: Trx, id: string, parentId: string | null, index: number): Promise<void> {
  const siblings = await trx
    .selectFrom('org_department')
    .select('id')
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .where('id', '!=', id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const order = siblings.map((s) => s.id);
  order.splice(Math.min(index, order.length), 0, id);
  await trx.updateTable('org_department').set({ parent_id: parentId, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', id).execute();
  for (const [sort, sibling] of order.entries()) {
    await trx.updateTable('org_department').set({ sort }).where('id', '=', sibling).execute();
  }
}

/**
 * Hands everything a department holds to `targetId` and removes it: members and heads (kept once where the target
 * already has them), posts, and sub-departments (appended after the target's own). One transaction: a clash of
 * sub-department names under the target aborts all of it.
 */
export async function mergeInto(trx: Trx, spaceId: string, id: string, targetId: string): Promise<void> {
  await lockDepartment(trx, targetId, 'org.targetMissing');
  await refuseOwnSubtree(trx, id, targetId, 'org.mergeIntoOwnSubtree');
  for (const table of ['org_member_department', 'org_department_head'] as const) {
    await sql`insert into ${sql.table(table)} (space_id, department_id, user_id)
      select ${spaceId}, ${targetId}, user_id from ${sql.table(table)} where department_id = ${id}
      on conflict do nothing`.execute(trx);
  }
  await trx.updateTable('org_post').set({ department_id: targetId }).where('department_id', '=', id).execute();
  const last = await trx.selectFrom('org_department').select((eb) => eb.fn.max('sort').as('m')).where('parent_id', '=', targetId).executeTakeFirst();
  try {
    await trx
      .updateTable('org_department')
      .set({ parent_id: targetId, sort: sql<number>`sort + ${Number(last?.m ?? -1) + 1}`, updated_at: sql<Date>`clock_timestamp()` })
      .where('parent_id', '=', id)
      .execute();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw fail.unprocessable('org.mergeNameClash');
    throw error;
  }
  await trx.deleteFrom('org_department').where('id', '=', id).execute();
}

/** Whether anything still hangs on the department: members, sub-departments or posts. */
export async function holdsAnything(trx: Trx, id: string): Promise<boolean> {
  const member = await trx.selectFrom('org_member_department').select('user_id').where('department_id', '=', id).executeTakeFirst();
  const child = await trx.selectFrom('org_department').select('id').where('parent_id', '=', id).executeTakeFirst();
  const post = await trx.selectFrom('org_post').select('id').where('department_id', '=', id).executeTakeFirst();
  return Boolean(member || child || post);
}
