import { sql, type SqlBool } from 'kysely';
import type { Portal, PortalDraft, PortalSummary, Terminal } from '../../../shared/portal/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import './tables.ts';

/** A portal row with its creator's and editor's names (users are readable inside the space's transaction). */
function portalQuery(trx: Trx) {
  return trx
    .selectFrom('portal as p')
    .innerJoin('users as c', 'c.id', 'p.created_by')
    .innerJoin('users as e', 'e.id', 'p.updated_by')
    .select([
      'p.id', 'p.terminal', 'p.name', 'p.description', 'p.cover', 'p.role_groups', 'p.components', 'p.system', 'p.is_default', 'p.created_by',
      'p.updated_by', 'c.name as creator_name', 'e.name as editor_name', 'p.created_at', 'p.updated_at', 'p.version',
    ]);
}
type PortalRow = Awaited<ReturnType<ReturnType<typeof portalQuery>['executeTakeFirstOrThrow']>>;

function toPortal(row: PortalRow): Portal {
  return {
    id: String(row.id),
    terminal: row.terminal,
    name: row.name,
    description: row.description,
    cover: row.cover === null ? null : String(row.cover),
    roleGroups: row.role_groups.map(String),
    components: row.components,
    system: row.system,
    isDefault: row.is_default,
    creator: { id: String(row.created_by), name: row.creator_name },
    editor: { id: String(row.updated_by), name: row.editor_name },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

export const summaryOf = ({ components, ...rest }: Portal): PortalSummary => ({ ...rest, components: components.length });

/**
 * The scope rule as a condition of the query (a portal out of scope never leaves the database): no role groups is
 * every member; otherwise the member holds a role of one of them. `groups` null: no scope (managers).
 */
export const inScope = (groups: readonly string[] | null) =>
  groups === null ? sql<SqlBool>`true` : sql<SqlBool>`(cardinality(p.role_groups) = 0 or p.role_groups && ${[...groups]}::bigint[])`;

export async function readPortal(trx: Trx, id: string, groups: readonly string[] | null = null, lock = false): Promise<Portal | null> {
  let query = portalQuery(trx).where('p.id', '=', id).where(inScope(groups));
  if (lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  return row ? toPortal(row) : null;
}

/** The portals of a terminal in order: the default first, then by creation. */
export async function listPortals(trx: Trx, terminal: Terminal, groups: readonly string[] | null): Promise<Portal[]> {
  const rows = await portalQuery(trx).where('p.terminal', '=', terminal).where(inScope(groups)).orderBy('p.is_default', 'desc').orderBy('p.id').execute();
  return rows.map(toPortal);
}

/** Every image id a layout shows: the cover, custom images, image icons and carousel pictures. */
export function imagesOf(draft: PortalDraft): string[] {
  const ids = new Set<string>();
  if (draft.cover) ids.add(draft.cover);
  for (const component of draft.components) {
    if (component.type === 'custom' && component.config.image) ids.add(component.config.image);
    if (component.type === 'quickEntry') for (const item of component.config.items) if (item.iconType === 'image' && item.icon) ids.add(item.icon);
  }
  return [...ids];
}

/** The columns a draft writes (its text trimmed as the rules read it). */
export function draftValues(draft: PortalDraft) {
  return {
    terminal: draft.terminal,
    name: draft.name.trim(),
    description: draft.description,
    cover: draft.cover,
    role_groups: draft.roleGroups,
    components: JSON.stringify(draft.components),
    images: imagesOf(draft),
  };
}

export async function insertPortal(trx: Trx, spaceId: string, userId: string, draft: PortalDraft, options: { system?: boolean; isDefault?: boolean } = {}): Promise<string> {
  const row = await trx
    .insertInto('portal')
    .values({ space_id: spaceId, ...draftValues(draft), system: options.system ?? false, is_default: options.isDefault ?? false, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
