import type { FastifyRequest } from 'fastify';
import { sql, type ColumnType, type Expression, type Generated, type SqlBool } from 'kysely';
import { holdsBusinessRole } from '../../../shared/permissions.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { allows } from '../../kernel/http/admit.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppcenterSystemTable {
  space_id: string;
  id: Generated<string>;
  name: string;
  icon: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppcenterAppTable {
  space_id: string;
  id: Generated<string>;
  system_id: string;
  name: string;
  icon: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: string | null;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    appcenter_system: AppcenterSystemTable;
    appcenter_app: AppcenterAppTable;
  }
}

export const SYSTEM_COLUMNS = ['id', 'name', 'icon', 'description', 'sort', 'created_at as createdAt', 'updated_at as updatedAt'] as const;
export const APP_COLUMNS = [
  'appcenter_app.id',
  'appcenter_app.system_id as systemId',
  'appcenter_app.name',
  'appcenter_app.icon',
  'appcenter_app.description',
  'appcenter_app.sort',
  'appcenter_app.roles',
  'appcenter_app.created_at as createdAt',
  'appcenter_app.updated_at as updatedAt',
] as const;

/** Who builds the application centre: holders of `appcenter.manage` see every app, whatever its roles. */
export function canManage(req: FastifyRequest): boolean {
  return allows({ permission: 'appcenter.manage' }, req.ctx.principal, req.ctx.roles, req.ctx.delegated);
}

/**
 * The apps the caller may see, as a condition inside the query (never a filter after fetching, so a limit or a
 * count can never leak a hidden app): live apps that share one of the caller's roles, or whose roles are empty
 * when the caller holds a business role (safe and audit only see apps that name them: appOpenTo, decision 0026);
 * managers see every live app. Parenthesised, so it combines safely with other conditions.
 */
export function visibleTo(req: FastifyRequest): Expression<SqlBool> {
  if (canManage(req)) return sql<SqlBool>`(appcenter_app.deleted_at is null)`;
  const roles: string[] = [...req.ctx.roles];
  const everyMembers = holdsBusinessRole(roles) ? sql`appcenter_app.roles = '{}' or ` : sql``;
  return sql<SqlBool>`(appcenter_app.deleted_at is null and (${everyMembers}appcenter_app.roles && ${roles}::text[]))`;
}

/**
 * Whether the caller may use at least one app of the space: what an upload (not yet tied to any app) needs, so
 * that safe and audit, who use no app unless an admin names their role in one, cannot store business files.
 */
export async function usesSomeApp(trx: Trx, req: FastifyRequest): Promise<boolean> {
  if (canManage(req) || holdsBusinessRole(req.ctx.roles)) return true;
  return Boolean(await trx.selectFrom('appcenter_app').select('id').where(visibleTo(req)).limit(1).executeTakeFirst());
}

/**
 * One app the caller may open, or undefined (unknown, another space's, recycled or not for their roles all look
 * the same). Other apps ask the same question through `kernel.apps` (apps-provider.ts).
 */
export function findVisibleApp(trx: Trx, req: FastifyRequest, id: string) {
  return trx.selectFrom('appcenter_app').select(APP_COLUMNS).where('appcenter_app.id', '=', id).where(visibleTo(req)).executeTakeFirst();
}

/** Escapes `%`, `_` and `\` so a search text matches itself, not as a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
