import { sql } from 'kysely';
import type { QuotasInput } from '../../../../shared/api/console-spaces.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { activeMemberCount } from '../../../kernel/providers.ts';

const MB = 1024 * 1024;

/**
 * Runs `work` with the transaction's row-level-security space set to `spaceId`, then puts the caller's back (root's
 * own writes in the same transaction, such as the operation log entry, stay in root's space).
 */
export async function withinSpace<T>(trx: Trx, spaceId: string, work: () => Promise<T>): Promise<T> {
  const before = await sql<{ space: string | null }>`select current_setting('app.space_id', true) as space`.execute(trx);
  await sql`select set_config('app.space_id', ${spaceId}, true)`.execute(trx);
  try {
    return await work();
  } finally {
    await sql`select set_config('app.space_id', ${before.rows[0]?.space ?? ''}, true)`.execute(trx);
  }
}

export interface SpaceUse {
  /** Every app's figures for the space (kernel.usage), as the enterprise overview shows them. */
  usage: Record<string, number>;
  /** What the quotas count: active members, live apps, storage in MB (rounded up, as the quota check rounds). */
  used: { members: number; apps: number; storageMb: number };
}

/** What a space uses, read inside its own row-level-security scope. */
export async function spaceUse(kernel: Kernel, trx: Trx, spaceId: string): Promise<SpaceUse> {
  const usage = await withinSpace(trx, spaceId, () => kernel.usage.collect(trx, spaceId));
  const members = await activeMemberCount(trx, spaceId);
  return { usage, used: { members, apps: usage['appcenter.apps'] ?? 0, storageMb: Math.ceil((usage['forms.storageBytes'] ?? 0) / MB) } };
}

/** Refuses quotas below what the space already uses (422 naming the quota and the figure). */
export function assertQuotasCover(quotas: QuotasInput, used: SpaceUse['used']): void {
  const pairs = [
    ['members', quotas.members, used.members],
    ['apps', quotas.apps, used.apps],
    ['storage', quotas.storageMb, used.storageMb],
  ] as const;
  for (const [kind, limit, inUse] of pairs) {
    if (limit !== null && limit < inUse) throw fail.unprocessable(`consoleSpaces.quota.belowUse.${kind}`, { limit, used: inUse });
  }
}
