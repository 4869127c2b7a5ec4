import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Access } from '../../../shared/dashboards/model.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';

/**
 * Who is looking at charts and boards (decision 0065): the member, his platform roles, and the role groups he holds
 * a role in. The space's administrators open and edit everything (no group lookup needed); the creator always may.
 */
export interface Viewer {
  userId: string;
  roles: Role[];
  spaceId: string;
  language: Language;
  admin: boolean;
  groups: readonly string[];
}

export async function viewerOf(kernel: Kernel, trx: Trx, who: { userId: string; roles: readonly Role[]; spaceId: string; language: Language }): Promise<Viewer> {
  const admin = who.roles.includes('admin');
  const groups = admin ? [] : await kernel.directory.people.roleGroupsOf(trx, who.spaceId, who.userId);
  return { userId: who.userId, roles: [...who.roles], spaceId: who.spaceId, language: who.language, admin, groups };
}

/** Whether an Access document names this viewer: everyone, one of his role groups, or him. */
export function names(access: Access, viewer: Viewer): boolean {
  return access.everyone || access.members.includes(viewer.userId) || access.roleGroups.some((group) => viewer.groups.includes(group));
}

interface Guarded {
  createdBy: string;
  viewers: Access;
  editors: Access;
}

export const mayEdit = (item: Guarded, viewer: Viewer) => viewer.admin || item.createdBy === viewer.userId || names(item.editors, viewer);
/** Editors view too: giving someone the pen and not the page would be a puzzle. */
export const mayView = (item: Guarded, viewer: Viewer) => mayEdit(item, viewer) || names(item.viewers, viewer);

function namedIn(column: RawBuilder<unknown>, viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`(coalesce((${column}->>'everyone')::boolean, false) or ${column}->'members' ? ${viewer.userId} or ${column}->'roleGroups' ?| ${[...viewer.groups]}::text[])`;
}

/**
 * The same rule as mayView, as a condition of the query (`alias` is the chart's or board's table alias): lists and
 * search never fetch what the member may not open, so their pages are full and their cursors honest.
 */
export function viewableBy(alias: string, viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.admin) return sql<SqlBool>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${column('created_by')} = ${viewer.userId} or ${namedIn(column('viewers'), viewer)} or ${namedIn(column('editors'), viewer)})`;
}

/** The columns charts and boards share: who may open and change them, who made them, their version. */
interface GuardedRow {
  viewers: Access;
  editors: Access;
  version: number;
  created_by: string;
  creator_name: string;
  updated_at: Date | string;
}

/** Those columns as the shared model names them, with `canEdit` for this viewer. */
export function guardedOf(row: GuardedRow, viewer: Viewer) {
  const guarded = {
    viewers: row.viewers,
    editors: row.editors,
    version: row.version,
    createdBy: String(row.created_by),
    createdByName: row.creator_name,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  return { ...guarded, canEdit: mayEdit(guarded, viewer) };
}
