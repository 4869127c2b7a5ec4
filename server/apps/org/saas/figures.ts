import { sql } from 'kysely';
import type { ProviderSpace, SpaceStatus } from '../../../../shared/api/org-saas.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { inProviderSpace } from './enter.ts';

/**
 * The figures of the provider's spaces. Every function here runs inside `kernel.providerTransact`: `spaces` and
 * `memberships` are narrowed to the provider's rows by the database (decision 0071), so none of them names a
 * provider id; a space's own figures are read after stepping into it.
 */

/** Members are the enterprise's people: the provider's own saas accounts, members of each space, are not counted. */
const PEOPLE = sql<boolean>`not ('saas' = any(roles))`;

type SpaceRow = { id: string; name: string; status: SpaceStatus; status_reason: string | null; created_at: Date; quota_members: number | null; quota_apps: number | null; quota_storage_mb: number | null };

async function spaceRows(trx: Trx, spaceId?: string): Promise<SpaceRow[]> {
  let query = trx
    .selectFrom('spaces')
    .select(['id', 'name', 'status', 'status_reason', 'created_at', 'quota_members', 'quota_apps', 'quota_storage_mb'])
    .orderBy('created_at')
    .orderBy('id');
  if (spaceId) query = query.where('id', '=', spaceId);
  return (await query.execute()) as SpaceRow[];
}

async function memberCounts(trx: Trx): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('memberships')
    .select(['space_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', '=', 'active')
    .where(PEOPLE)
    .groupBy('space_id')
    .execute();
  return new Map(rows.map((row) => [row.space_id, Number(row.n)]));
}

function toSpace(row: SpaceRow, members: number, usage: Record<string, number>): ProviderSpace {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    statusReason: row.status_reason,
    createdAt: new Date(row.created_at).toISOString(),
    members,
    apps: usage['appcenter.apps'] ?? 0,
    records: usage['forms.records'] ?? 0,
    storageBytes: usage['forms.storageBytes'] ?? 0,
    quotas: { members: row.quota_members, apps: row.quota_apps, storageMb: row.quota_storage_mb },
  };
}

/** The provider's spaces with what each uses (the apps report it through `kernel.usage`, inside each space). */
export async function providerSpaces(kernel: Kernel, trx: Trx): Promise<Array<ProviderSpace & { usage: Record<string, number> }>> {
  const rows = await spaceRows(trx);
  const members = await memberCounts(trx);
  const spaces = [];
  for (const row of rows) {
    const usage = await inProviderSpace(trx, row.id, () => kernel.usage.collect(trx, row.id));
    spaces.push({ ...toSpace(row, members.get(row.id) ?? 0, usage), usage });
  }
  return spaces;
}

/** One of the provider's spaces; another provider's (or no) space is refused by the database as 404. */
export async function providerSpace(kernel: Kernel, trx: Trx, spaceId: string) {
  return inProviderSpace(trx, spaceId, async () => {
    const [row] = await spaceRows(trx, spaceId);
    const members = await memberCounts(trx);
    const usage = await kernel.usage.collect(trx, spaceId);
    const admins = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.login_id as loginId', 'u.name'])
      .where('m.space_id', '=', spaceId)
      .where('m.status', '=', 'active')
      .where(sql<boolean>`'admin' = any(m.roles)`)
      .orderBy('u.id')
      .execute();
    // The space's live apps as the application centre answers them, inside the space the transaction stepped into.
    const apps = (await kernel.apps.live(trx)).map((app) => ({ name: app.name, createdAt: app.createdAt }));
    return { space: toSpace(row!, members.get(spaceId) ?? 0, usage), usage, admins, apps };
  });
}

/** Members who joined per month over the last `months` months, with the running total at each month's end. */
export async function memberGrowth(trx: Trx, now: number, months = 6) {
  const start = new Date(now);
  start.setUTCDate(1);
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCMonth(start.getUTCMonth() - (months - 1));
  const rows = await sql<{ month: string; joined: number }>`
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as joined
    from memberships where status = 'active' and ${PEOPLE} and created_at >= ${start} group by 1`.execute(trx);
  const before = await sql<{ n: number }>`select count(*)::int as n from memberships where status = 'active' and ${PEOPLE} and created_at < ${start}`.execute(trx);
  const joined = new Map(rows.rows.map((row) => [row.month, row.joined]));
  let total = before.rows[0]?.n ?? 0;
  const growth = [];
  for (let i = 0; i < months; i += 1) {
    const at = new Date(start);
    at.setUTCMonth(start.getUTCMonth() + i);
    const month = at.toISOString().slice(0, 7);
    total += joined.get(month) ?? 0;
    growth.push({ month, joined: joined.get(month) ?? 0, total });
  }
  return growth;
}
