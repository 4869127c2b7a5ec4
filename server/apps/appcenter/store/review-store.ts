import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { VersionRow } from './actor.ts';

/**
 * Root's reads and decisions across spaces, through the SECURITY DEFINER functions of migration 0005_store_review
 * (decision 0102). The store's policies show the app role its own space's rows and released ones only, whatever the
 * transaction sets; these functions are the one way past them, and they answer only what the review pages need.
 */

export interface VersionFilter {
  state?: string | null;
  channel?: string | null;
  id?: string;
  appIds?: string[];
  limit?: number;
}

/** Versions of every space, newest submission first. */
export async function reviewVersions(trx: Trx, filter: VersionFilter): Promise<VersionRow[]> {
  const appIds = filter.appIds ? sql`${filter.appIds}::bigint[]` : sql`null::bigint[]`;
  const { rows } = await sql<VersionRow>`
    select * from appcenter_store_review_versions(${filter.state ?? null}::text, ${filter.channel ?? null}::text, ${filter.id ?? null}::bigint, ${appIds}, ${filter.limit ?? null}::integer)`.execute(trx);
  return rows;
}

/** One version's package as stored, with its hash and state; undefined when there is no such version. */
export async function reviewPackage(trx: Trx, id: string): Promise<{ package: unknown; hash: string; state: string } | undefined> {
  const { rows } = await sql<{ package: unknown; hash: string; state: string }>`select * from appcenter_store_review_package(${id}::bigint)`.execute(trx);
  return rows[0];
}

export type Decision = { approve: true; hash: string; reviewer: string } | { approve: false; reason: string; reviewer: string };

/** Approves (only the package of `hash`) or rejects a pending version: 'missing', 'reviewed' or 'done'. */
export async function decide(trx: Trx, id: string, decision: Decision): Promise<'missing' | 'reviewed' | 'done'> {
  const hash = decision.approve ? decision.hash : null;
  const reason = decision.approve ? null : decision.reason;
  const { rows } = await sql<{ outcome: 'missing' | 'reviewed' | 'done' }>`
    select appcenter_store_review_decide(${id}::bigint, ${hash}::text, ${decision.approve}, ${reason}::text, ${decision.reviewer}::bigint) as outcome`.execute(trx);
  return rows[0]!.outcome;
}

export interface ReviewApp {
  id: string;
  name: string;
  space_name: string;
  listed: boolean;
  released: boolean;
}

/** Every space's store applications, most recently changed first. */
export async function reviewApps(trx: Trx, limit: number): Promise<ReviewApp[]> {
  return (await sql<ReviewApp>`select * from appcenter_store_review_apps(${limit}::integer)`.execute(trx)).rows;
}

/** Lists an application on the store or takes it off; false when there is no such application. */
export async function setListed(trx: Trx, id: string, listed: boolean): Promise<boolean> {
  const { rows } = await sql<{ hit: boolean }>`select appcenter_store_review_list(${id}::bigint, ${listed}) as hit`.execute(trx);
  return rows[0]!.hit;
}
