import { sql } from 'kysely';
import { isDelegable, PERMISSIONS, type Permission } from '../../shared/permissions.ts';
import type { Role } from '../../shared/roles.ts';
import type { Db } from './db/pool.ts';
import { KERNEL_CHANNEL } from './maintenance.ts';
import type { PgListener } from './notify.ts';

export const ROLE_PERMISSIONS_KEY = 'role_permissions';

/** Root's changes to the built-in table: per permission, roles that were given it and roles it was taken from. */
export interface RolePermissionChanges {
  granted: Partial<Record<string, Role[]>>;
  withdrawn: Partial<Record<string, Role[]>>;
}

const NONE: RolePermissionChanges = { granted: {}, withdrawn: {} };

/** Root's own console permissions stay root's: taking them away would lock the operator out of this very page. */
export const lockedForRoot = (role: string, permission: string) =>
  role === 'root' && (PERMISSIONS[permission as Permission] as readonly string[] | undefined)?.includes('root') === true;

/**
 * Which roles hold each named permission: the built-in table (shared/permissions.ts) with root's changes from
 * `/root/perMange` (decision 0081). Kept in memory because the access check asks on every request; a change is
 * stored in `platform_settings` and announced through NOTIFY, so every server process follows at once.
 */
export class RolePermissions {
  private changes: RolePermissionChanges = NONE;
  /** Grows with every change: answers built from the table (the base info) are cached by it. */
  version = 0;

  constructor(private readonly db: Db) {}

  async load(listener: PgListener): Promise<void> {
    await listener.listen(KERNEL_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; changes?: RolePermissionChanges };
      if (event.type === 'rolePermissions' && event.changes) this.apply(event.changes);
    });
    const row = await this.db.selectFrom('platform_settings').select('value').where('key', '=', ROLE_PERMISSIONS_KEY).executeTakeFirst();
    if (row) this.apply(row.value as RolePermissionChanges);
  }

  /** The roles holding `permission` now. */
  rolesFor(permission: Permission): readonly Role[] {
    const withdrawn = this.changes.withdrawn[permission] ?? [];
    const granted = this.changes.granted[permission] ?? [];
    return [...new Set([...PERMISSIONS[permission], ...granted])].filter((role) => !withdrawn.includes(role));
  }

  /** Like `holds` of shared/permissions.ts, with root's changes. */
  holds(permission: Permission, roles: readonly string[], delegated: readonly string[] = []): boolean {
    if (this.rolesFor(permission).some((role) => roles.includes(role))) return true;
    return isDelegable(permission) && delegated.includes(permission);
  }

  get current(): RolePermissionChanges {
    return this.changes;
  }

  /** The stored changes, locked for an edit in the caller's transaction. */
  async storedForUpdate(exec: Db): Promise<RolePermissionChanges> {
    const row = await exec.selectFrom('platform_settings').select('value').where('key', '=', ROLE_PERMISSIONS_KEY).forUpdate().executeTakeFirst();
    return (row?.value as RolePermissionChanges | undefined) ?? NONE;
  }

  async save(exec: Db, changes: RolePermissionChanges): Promise<void> {
    const value = JSON.stringify(changes);
    await exec
      .insertInto('platform_settings')
      .values({ key: ROLE_PERMISSIONS_KEY, value, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
      .execute();
    await sql`select pg_notify(${KERNEL_CHANNEL}, ${JSON.stringify({ type: 'rolePermissions', changes })})`.execute(exec);
  }

  apply(changes: RolePermissionChanges): void {
    this.changes = changes;
    this.version += 1;
  }

  /** Every permission `roles` (and `delegated`) hold now: the renderer shows buttons by these (the server checks). */
  heldBy(roles: readonly string[], delegated: readonly string[] = []): Permission[] {
    return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => this.holds(permission, roles, delegated));
  }
}

/** `changes` with `role` holding (or not) `permission`: an entry only where it differs from the built-in table. */
export function withChange(changes: RolePermissionChanges, role: Role, permission: Permission, held: boolean): RolePermissionChanges {
  const builtIn = (PERMISSIONS[permission] as readonly Role[]).includes(role);
  const strip = (list: Role[] | undefined) => (list ?? []).filter((r) => r !== role);
  const granted = { ...changes.granted, [permission]: strip(changes.granted[permission]) };
  const withdrawn = { ...changes.withdrawn, [permission]: strip(changes.withdrawn[permission]) };
  if (held && !builtIn) granted[permission] = [...granted[permission]!, role];
  if (!held && builtIn) withdrawn[permission] = [...withdrawn[permission]!, role];
  const compact = (map: Partial<Record<string, Role[]>>) => Object.fromEntries(Object.entries(map).filter(([, list]) => list && list.length));
  return { granted: compact(granted), withdrawn: compact(withdrawn) };
}
