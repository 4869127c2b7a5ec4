import { sql } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import { pgErrorCode } from '../../kernel/errors.ts';
import type { Sql } from './filter-sql.ts';

/**
 * How hard a list tries for an exact count (decision 0025). Below `exactBelow` rows (the planner's estimate) the
 * count is always exact; above it, an exact count is tried within a statement time limit — `listMs` for every
 * list page, `askedMs` when the user asks for the exact figure — and the estimate, labelled so, is answered when
 * the limit is hit. A limit of 0 never tries (the estimate at once). A page does not wait for its count more than
 * `pageShare` of its own reading time past it (B3: a counted page costs at most about that much more). A count that
 * hit its list limit is not tried again for the same table and condition for `retryMs`: the pages meanwhile answer
 * the estimate at once instead of spending the limit again on a count that will not fit.
 */
export interface CountConfig {
  exactBelow: number;
  listMs: number;
  askedMs: number;
  pageShare: number;
  retryMs: number;
}

const whole = (value: string | undefined, fallback: number) => (value !== undefined && /^[0-9]{1,9}$/.test(value) ? Number(value) : fallback);

export function readCountConfig(env: NodeJS.ProcessEnv): CountConfig {
  return {
    exactBelow: whole(env.FORMS_COUNT_EXACT_BELOW, 100_000),
    listMs: whole(env.FORMS_COUNT_BUDGET_MS, 300),
    askedMs: whole(env.FORMS_COUNT_ASKED_BUDGET_MS, 15_000),
    pageShare: 0.15,
    retryMs: whole(env.FORMS_COUNT_RETRY_MS, 60_000),
  };
}

let config = readCountConfig(process.env);
/** The settings in force; a test (or an operator's start script through the environment) sets them. */
export const countConfig = (): CountConfig => config;
export function configureCounts(change: Partial<CountConfig>): void {
  config = { ...config, ...change };
}

export type CountBudget = 'list' | 'asked';
export interface Count {
  count: number;
  estimated: boolean;
}

const QUERY_CANCELED = '57014';

/** When a list count last hit its limit, by table and condition (the viewer's rules and filter are in it). */
const tooSlow = new Map<string, number>();
const TOO_SLOW_KEPT = 1_000;

function conditionKey(trx: Trx, table: string, where: Sql): string {
  const { sql: text, parameters } = where.compile(trx);
  return `${table}\u0000${text}\u0000${JSON.stringify(parameters, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`;
}

function markTooSlow(key: string): void {
  tooSlow.delete(key);
  tooSlow.set(key, Date.now());
  // The oldest mark goes first (a Map keeps insertion order): the memory stays bounded.
  if (tooSlow.size > TOO_SLOW_KEPT) tooSlow.delete(tooSlow.keys().next().value!);
}

/**
 * count(*) under a statement time limit, in a savepoint of the caller's transaction: the limit and a cancelled
 * count are both undone by rolling back to it (the count changed nothing), so the transaction goes on as before.
 * Null when the limit was hit.
 */
async function countWithin(trx: Trx, table: string, where: Sql, ms: number): Promise<number | null> {
  await sql`savepoint forms_count`.execute(trx);
  try {
    await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
    const exact = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} t where ${where}`.execute(trx);
    return Number(exact.rows[0]?.n ?? 0);
  } catch (error) {
    if (pgErrorCode(error) === QUERY_CANCELED) return null;
    throw error;
  } finally {
    await sql`rollback to savepoint forms_count`.execute(trx);
    await sql`release savepoint forms_count`.execute(trx);
  }
}

/**
 * The visible rows: exact when small or countable within the budget, else the planner's estimate, labelled.
 * `onEstimate` hears the estimate before a budgeted exact count starts (a list answers it if it stops waiting).
 */
export async function countRecords(trx: Trx, table: string, where: Sql, budget: CountBudget = 'list', onEstimate?: (estimate: Count) => void): Promise<Count> {
  const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select 1 from ${sql.table(table)} t where ${where}`.execute(trx);
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  const { exactBelow, listMs, askedMs } = config;
  if (estimate < exactBelow) {
    const exact = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} t where ${where}`.execute(trx);
    return { count: Number(exact.rows[0]?.n ?? 0), estimated: false };
  }
  const ms = budget === 'asked' ? askedMs : listMs;
  onEstimate?.({ count: estimate, estimated: true });
  const key = budget === 'list' ? conditionKey(trx, table, where) : null;
  const lastTooSlow = key === null ? undefined : tooSlow.get(key);
  if (lastTooSlow !== undefined && Date.now() - lastTooSlow < config.retryMs) return { count: estimate, estimated: true };
  const exact = ms > 0 ? await countWithin(trx, table, where, ms) : null;
  if (key !== null && ms > 0) {
    if (exact === null) markTooSlow(key);
    else tooSlow.delete(key);
  }
  return exact === null ? { count: estimate, estimated: true } : { count: exact, estimated: false };
}

/**
 * A list page's count: when the count is still running `pageShare` of the page's reading time after the page,
 * the estimate it already heard (the abandoned count ends at its own time limit). The user's "show exact" waits.
 */
export async function pageCount(count: Promise<Count>, heard: () => Count | undefined, pageMs: number, budget: CountBudget): Promise<Count> {
  if (budget === 'asked') return count;
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(1, pageMs) * config.pageShare)));
  try {
    const first = await Promise.race([count, wait]);
    if (first !== 'late') return first;
    return heard() ?? (await count);
  } finally {
    clearTimeout(timer);
  }
}
