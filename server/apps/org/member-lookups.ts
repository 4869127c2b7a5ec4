import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import type { Lookups } from './member-import.ts';
import { takenLoginIds } from './member-store.ts';

/** Adds `name → id` unless another row has the same name: an ambiguous name must be written as a code or path. */
function addUnique(map: Map<string, string>, ambiguous: Set<string>, name: string, id: string): void {
  const key = name.toLowerCase();
  if (ambiguous.has(key)) return;
  if (map.has(key) && map.get(key) !== id) {
    map.delete(key);
    ambiguous.add(key);
  } else map.set(key, id);
}

/**
 * Everything the import resolves names against, in a handful of queries for the whole file: departments by code,
 * by path ("Head office/Production/Workshop 1") or by a name no other department has; posts by code or unique
 * name; superiors among the space's members by login ID; login IDs already used anywhere on the platform.
 */
export async function lookupsFor(trx: Trx, spaceId: string, logins: string[], superiors: string[]): Promise<Lookups> {
  const departments = new Map<string, string>();
  const ambiguous = new Set<string>();
  const rows = await trx.selectFrom('org_department').select(['id', 'parent_id', 'name', 'code']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: string): string => {
    const names: string[] = [];
    for (let at = byId.get(id), depth = 0; at && depth < 1000; at = at.parent_id ? byId.get(at.parent_id) : undefined, depth++) names.unshift(at.name);
    return names.join('/');
  };
  for (const row of rows) {
    departments.set(row.code.toLowerCase(), row.id);
    departments.set(pathOf(row.id).toLowerCase(), row.id);
  }
  for (const row of rows) if (!departments.has(row.name.toLowerCase()) || ambiguous.has(row.name.toLowerCase())) addUnique(departments, ambiguous, row.name, row.id);

  const posts = new Map<string, string>();
  const postRows = await trx.selectFrom('org_post').select(['id', 'name', 'code']).execute();
  for (const row of postRows) posts.set(row.code.toLowerCase(), row.id);
  const ambiguousPosts = new Set<string>();
  for (const row of postRows) if (!posts.has(row.name.toLowerCase()) || ambiguousPosts.has(row.name.toLowerCase())) addUnique(posts, ambiguousPosts, row.name, row.id);

  const members = new Map<string, string>();
  if (superiors.length) {
    const found = await sql<{ login: string; id: string }>`
      select lower(u.login_id) as login, u.id from memberships m join users u on u.id = m.user_id
      where m.space_id = ${spaceId} and lower(u.login_id) = any(${[...new Set(superiors)]}::text[])`.execute(trx);
    for (const row of found.rows) members.set(row.login, row.id);
  }
  return { departments, posts, members, taken: await takenLoginIds(trx, [...new Set(logins)]) };
}
