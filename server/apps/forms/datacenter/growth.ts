import { sql } from 'kysely';
import { GROWTH_DAYS, type GrowthDay } from '../../../../shared/api/forms-datacenter.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { ensureIndex } from '../storage.ts';

/** The growth window in the space's time zone: its days, oldest first, and the instant the first one starts. */
export interface GrowthWindow {
  zone: string;
  days: string[];
  since: Date;
}

export async function growthWindow(trx: Trx, zone: string): Promise<GrowthWindow> {
  const row = (
    await sql<{ today: string; since: Date }>`select (now() at time zone ${zone}::text)::date::text as today,
      (((now() at time zone ${zone}::text)::date - ${GROWTH_DAYS - 1}::int)::timestamp at time zone ${zone}::text) as since`.execute(trx)
  ).rows[0]!;
  const last = Date.parse(`${row.today}T00:00:00Z`);
  const days = Array.from({ length: GROWTH_DAYS }, (_, i) => new Date(last - (GROWTH_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  return { zone, days, since: row.since };
}

/**
 * Per-day counts of a table, kept while the table's fingerprint is unchanged. Past days only change when records
 * are created (the highest id moves), go to or leave the recycle bin, or are purged (the bin's count and latest
 * deletion move) — so a repeated data-centre or monitoring view of a million-row table costs three index lookups
 * instead of a scan of the window. The fingerprint is read from the database each time, so every server of a
 * cluster sees another's writes; entries also expire, for the rare change no fingerprint part sees (a record
 * committed after one with a higher id, an import retry removing its own newest rows).
 */
interface Kept {
  fingerprint: string;
  firstDay: string;
  counts: Map<string, number>;
  until: number;
}
const kept = new Map<string, Kept>();
const KEPT_MS = 10 * 60_000;
const KEPT_MAX = 5_000;

async function fingerprintOf(trx: Trx, table: string): Promise<string> {
  const t = sql.table(table);
  const row = (
    await sql<{ last_id: string | null; binned: string; last_binned: string | null }>`select
      (select max(t.id) from ${t} t)::text as last_id,
      (select count(*) from ${t} t where t.deleted_at is not null)::text as binned,
      (select max(t.deleted_at) from ${t} t where t.deleted_at is not null)::text as last_binned`.execute(trx)
  ).rows[0]!;
  return `${row.last_id}/${row.binned}/${row.last_binned}`;
}

/**
 * Live records created per day over the window: a group-by bounded to the window. A large table (`large`) reads it
 * through its index on created_at (partial on live rows, made the first time), so the cost is the window's rows,
 * never the table's; a small one is scanned, which costs less than an index on every insert would.
 */
export async function tableGrowth(trx: Trx, formId: string, table: string, window: GrowthWindow, large: boolean): Promise<GrowthDay[]> {
  const key = `${table}/${window.zone}`;
  const fingerprint = await fingerprintOf(trx, table);
  let entry = kept.get(key);
  if (!entry || entry.fingerprint !== fingerprint || entry.firstDay !== window.days[0] || entry.until < Date.now()) {
    if (large) await ensureIndex(trx, formId, 'created_at');
    const rows = await sql<{ day: string; n: number }>`select to_char(t.created_at at time zone ${window.zone}::text, 'YYYY-MM-DD') as day, count(*)::int as n
      from ${sql.table(table)} t where t.deleted_at is null and t.created_at >= ${window.since} group by 1`.execute(trx);
    entry = { fingerprint, firstDay: window.days[0]!, counts: new Map(rows.rows.map((r) => [r.day, r.n])), until: Date.now() + KEPT_MS };
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(key, entry);
  }
  const counts = entry.counts;
  return window.days.map((day) => ({ day, added: counts.get(day) ?? 0 }));
}

/** Records added over the last `days` days of a growth series (today included). */
export const addedInLast = (growth: readonly GrowthDay[], days: number) => growth.slice(-days).reduce((sum, d) => sum + d.added, 0);

/** The day-by-day sum of several tables' growth (the same window). */
export function sumGrowth(window: GrowthWindow, series: ReadonlyArray<readonly GrowthDay[]>): GrowthDay[] {
  return window.days.map((day, i) => ({ day, added: series.reduce((sum, s) => sum + (s[i]?.added ?? 0), 0) }));
}
