import { sql } from 'kysely';
import type { Db, Trx } from './db/pool.ts';
import { fail, pgErrorCode } from './errors.ts';

/**
 * The service-provider tier (decision 0071). The boundary is the database's: inside a provider's
 * transaction `app.provider_id` is set, `spaces` and `memberships` narrow to that provider's rows, and the
 * provider-owned tables (forced RLS on app.provider_id) show only its own. Outside one they show nothing.
 */
export async function actAsProvider(trx: Trx, providerId: string): Promise<void> {
  await sql`select set_config('app.provider_id', ${providerId}, true)`.execute(trx);
}

/**
 * Steps into one of the provider's spaces inside a provider transaction, so that space's own RLS-bound figures
 * can be read. The database refuses another provider's space (42501), answered as "does not exist" so a
 * provider cannot learn which ids other providers hold.
 */
export async function enterProviderSpace(trx: Trx, spaceId: string): Promise<void> {
  try {
    await sql`select qpaas_enter_space(${spaceId})`.execute(trx);
  } catch (error) {
    if (pgErrorCode(error) === '42501') throw fail.notFound('space.notFound');
    throw error;
  }
}

/** The active provider a saas account belongs to, or null (a disabled provider's accounts act as nobody's). */
export async function providerOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('provider_members as pm')
    .innerJoin('providers as p', 'p.id', 'pm.provider_id')
    .select('pm.provider_id')
    .where('pm.user_id', '=', userId)
    .where('p.status', '=', 'active')
    .executeTakeFirst();
  return row?.provider_id ?? null;
}

export type QuotaKind = 'members' | 'apps' | 'storage';
const QUOTA_COLUMN = { members: 'quota_members', apps: 'quota_apps', storage: 'quota_storage_mb' } as const;

/**
 * Refuses a write that would take the space past its quota (null = unlimited). The caller passes what the space
 * would use after the write (members, apps, or storage in bytes), counted inside its own transaction; the quota
 * row is locked so two concurrent writes cannot both slip under the limit.
 */
export async function assertWithinQuota(trx: Trx, spaceId: string, kind: QuotaKind, wouldUse: number): Promise<void> {
  const row = await trx.selectFrom('spaces').select(QUOTA_COLUMN[kind]).where('id', '=', spaceId).forUpdate().executeTakeFirst();
  const limit = row ? (row as Record<string, number | null>)[QUOTA_COLUMN[kind]] : null;
  const used = kind === 'storage' ? Math.ceil(wouldUse / (1024 * 1024)) : wouldUse;
  if (limit !== null && limit !== undefined && used > limit) throw fail.unprocessable(`space.quota.${kind}`, { limit });
  for (const limitOf of platformLimits.values()) {
    const platform = await limitOf(trx, kind);
    if (platform && used > platform.limit) throw fail.unprocessable(platform.key, { limit: platform.limit });
  }
}

/** A limit every space has beside its own quota: the private deployment's licence (decision 0082), for one. */
export type PlatformLimit = (trx: Trx, kind: QuotaKind) => Promise<{ limit: number; key: string } | null>;
const platformLimits = new Map<string, PlatformLimit>();

/**
 * Adds (or replaces, by name) a platform-wide limit that `assertWithinQuota` applies wherever the space's own
 * quota is checked, so every way members, apps or files are added meets it too. The console app adds the licence's.
 */
export function addPlatformLimit(name: string, limitOf: PlatformLimit): void {
  platformLimits.set(name, limitOf);
}

/** How many active members a space has (the members quota counts these). */
export async function activeMemberCount(trx: Trx, spaceId: string): Promise<number> {
  const row = await trx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('space_id', '=', spaceId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
