import { sql, type ColumnType } from 'kysely';
import { fieldLabel, type CardField, type MemberFieldDef, type MemberFieldKind } from '../../../shared/org/member-fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration org 0016 (decision 0048). */
export interface OrgMemberFieldTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  label: string;
  label_en: ColumnType<string, string | undefined, string>;
  kind: MemberFieldKind;
  options: ColumnType<string[], string[] | undefined, string[]>;
  required: ColumnType<boolean, boolean | undefined, boolean>;
  on_card: ColumnType<boolean, boolean | undefined, boolean>;
  self_edit: ColumnType<boolean, boolean | undefined, boolean>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrgMemberFieldValueTable {
  space_id: string;
  user_id: string;
  field_id: string;
  value: string;
}

export interface OrgMemberSelfEditTable {
  space_id: string;
  fields: string[];
  updated_at: Timestamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    org_member_field: OrgMemberFieldTable;
    org_member_field_value: OrgMemberFieldValueTable;
    org_member_self_edit: OrgMemberSelfEditTable;
  }
}

export const FIELD_COLUMNS = ['id', 'label', 'label_en as labelEn', 'kind', 'options', 'required', 'on_card as onCard', 'self_edit as selfEdit', 'enabled', 'sort'] as const;

/**
 * The space's fields in their order (row-level security: only the request space's). `lock` keeps them as read
 * until the transaction ends, so the values a write checked against cannot meet a changed or deleted field.
 */
export async function memberFields(trx: Trx, lock = false): Promise<MemberFieldDef[]> {
  let query = trx.selectFrom('org_member_field').select(FIELD_COLUMNS).orderBy('sort').orderBy('id');
  if (lock) query = query.forShare();
  return (await query.execute()).map((row) => ({ ...row, id: String(row.id) }));
}

/** The stored values of some members, by member then field. */
export async function fieldValuesOf(trx: Trx, userIds: string[]): Promise<Map<string, Record<string, string>>> {
  const byMember = new Map<string, Record<string, string>>();
  if (!userIds.length) return byMember;
  const rows = await trx.selectFrom('org_member_field_value').select(['user_id', 'field_id', 'value']).where('user_id', 'in', userIds).execute();
  for (const row of rows) {
    const values = byMember.get(String(row.user_id)) ?? {};
    values[String(row.field_id)] = row.value;
    byMember.set(String(row.user_id), values);
  }
  return byMember;
}

/** Stores new members' values (the insert path of the dialog and the import), in chunks of one statement each. */
export async function insertFieldValues(trx: Trx, spaceId: string, rows: Array<{ userId: string; values: Map<string, string> }>): Promise<void> {
  const all = rows.flatMap(({ userId, values }) => [...values].map(([field_id, value]) => ({ space_id: spaceId, user_id: userId, field_id, value })));
  for (let i = 0; i < all.length; i += 5000) await trx.insertInto('org_member_field_value').values(all.slice(i, i + 5000)).execute();
}

/**
 * Replaces one member's values of the enabled fields with `values` (an edit sends the whole set, as it sends the
 * whole list of departments). Values of disabled fields are kept: disabling hides a field, it does not erase it.
 */
export async function replaceFieldValues(trx: Trx, spaceId: string, userId: string, fields: MemberFieldDef[], values: Map<string, string>): Promise<void> {
  const enabled = fields.filter((f) => f.enabled).map((f) => f.id);
  if (enabled.length) await trx.deleteFrom('org_member_field_value').where('user_id', '=', userId).where('field_id', 'in', enabled).execute();
  await insertFieldValues(trx, spaceId, [{ userId, values }]);
}

/**
 * The extension fields on a member's address-book card: enabled ones the administrator shows members (`on_card`),
 * or all enabled ones for viewers who read full member records anyway. Labels in the viewer's language.
 */
export async function cardFields(trx: Trx, userId: string, seesAll: boolean, language: string): Promise<CardField[]> {
  let query = trx
    .selectFrom('org_member_field as f')
    .leftJoin('org_member_field_value as v', (join) => join.onRef('v.field_id', '=', 'f.id').on('v.user_id', '=', userId))
    .select(['f.id', 'f.label', 'f.label_en as labelEn', 'f.kind', 'v.value'])
    .where('f.enabled', '=', true)
    .orderBy('f.sort')
    .orderBy('f.id');
  if (!seesAll) query = query.where('f.on_card', '=', true);
  const rows = await query.execute();
  return rows.map((row) => ({ id: String(row.id), label: fieldLabel(row, language), kind: row.kind, value: row.value ?? null }));
}

/** How many members hold a value of each field (the editor warns before a delete removes them). */
export async function valueCounts(trx: Trx): Promise<Map<string, number>> {
  const rows = await sql<{ field_id: string; n: number }>`select field_id, count(*)::int as n from org_member_field_value group by field_id`.execute(trx);
  return new Map(rows.rows.map((r) => [String(r.field_id), r.n]));
}
