import { randomBytes } from 'node:crypto';
import type { EnterpriseRow, QuotasInput } from '../../../../shared/api/console-spaces.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { assertLicenceAllowsSpace } from '../access/licence.ts';
import { assertActiveProvider, grantProviderAccounts, type MembershipPair } from './accounts.ts';

const likeText = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

export interface EnterpriseFilter {
  /** A provider's id, or `platform` for the platform's own spaces. */
  provider?: string;
  status?: EnterpriseRow['status'];
  q?: string;
  id?: string;
}

/** Spaces as root's enterprise list shows them: owner, status and its reason, active members, quotas. */
export async function enterpriseRows(trx: Trx, filter: EnterpriseFilter = {}): Promise<EnterpriseRow[]> {
  let query = trx
    .selectFrom('spaces as s')
    .leftJoin('providers as p', 'p.id', 's.provider_id')
    .select((eb) => [
      's.id',
      's.name',
      's.status',
      's.status_reason',
      's.status_changed_at',
      's.provider_id',
      'p.name as provider_name',
      's.quota_members',
      's.quota_apps',
      's.quota_storage_mb',
      's.created_at',
      eb.selectFrom('memberships as m').select(eb.fn.countAll<string>().as('n')).whereRef('m.space_id', '=', 's.id').where('m.status', '=', 'active').as('members'),
    ])
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(1000);
  if (filter.id) query = query.where('s.id', '=', filter.id);
  if (filter.provider === 'platform') query = query.where('s.provider_id', 'is', null);
  else if (filter.provider) query = query.where('s.provider_id', '=', filter.provider);
  if (filter.status) query = query.where('s.status', '=', filter.status);
  const q = filter.q?.trim();
  if (q) query = query.where((eb) => eb.or([eb('s.name', 'ilike', likeText(q)), eb('s.id', 'ilike', likeText(q))]));
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    statusReason: r.status_reason,
    statusChangedAt: r.status_changed_at ? new Date(r.status_changed_at).toISOString() : null,
    providerId: r.provider_id,
    providerName: r.provider_name,
    members: Number(r.members ?? 0),
    quotas: { members: r.quota_members, apps: r.quota_apps, storageMb: r.quota_storage_mb },
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function enterpriseRow(trx: Trx, id: string): Promise<EnterpriseRow> {
  const [row] = await enterpriseRows(trx, { id });
  if (!row) throw fail.notFound('space.notFound');
  return row;
}

/**
 * Creates a space with its first administrator (an account made beforehand in the same transaction), its owner and
 * quotas; the owner's saas accounts become `saas` members of it. A taken id is refused before anything is written.
 */
export async function insertEnterprise(
  trx: Trx,
  input: { id?: string; name: string; providerId: string | null; quotas?: QuotasInput; adminUserId: () => Promise<string> },
): Promise<{ id: string; joined: MembershipPair[] }> {
  const id = input.id ?? randomBytes(5).toString('hex');
  if (await trx.selectFrom('spaces').select('id').where('id', '=', id).executeTakeFirst()) throw fail.conflict('console.spaceExists', { id });
  if (input.providerId) await assertActiveProvider(trx, input.providerId);
  await assertLicenceAllowsSpace(trx); // a private deployment's licensed number of spaces (decision 0082)
  await trx
    .insertInto('spaces')
    .values({
      id,
      name: input.name.trim(),
      provider_id: input.providerId,
      status_reason: null,
      status_changed_at: null,
      quota_members: input.quotas?.members ?? null,
      quota_apps: input.quotas?.apps ?? null,
      quota_storage_mb: input.quotas?.storageMb ?? null,
    })
    .execute();
  const adminId = await input.adminUserId();
  await trx.updateTable('users').set({ default_space_id: id }).where('id', '=', adminId).where('default_space_id', 'is', null).execute();
  await trx.insertInto('memberships').values({ space_id: id, user_id: adminId, roles: ['admin'] }).execute();
  const granted = input.providerId ? await grantProviderAccounts(trx, input.providerId, id) : [];
  return { id, joined: [{ spaceId: id, userId: adminId }, ...granted] };
}
