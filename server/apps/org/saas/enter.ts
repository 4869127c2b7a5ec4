import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import { enterProviderSpace } from '../../../kernel/providers.ts';

/**
 * Runs `work` inside one of the provider's spaces (decision 0071: the database refuses another provider's space,
 * answered 404), then steps back into the request's own space, so what follows in the same transaction — the
 * operation-log row above all — is written where the request acts, not in the last space visited.
 */
export async function inProviderSpace<T>(trx: Trx, spaceId: string, work: () => Promise<T>): Promise<T> {
  const before = await sql<{ space: string | null }>`select current_setting('app.space_id', true) as space`.execute(trx);
  await enterProviderSpace(trx, spaceId);
  // On an error the transaction rolls back whole, so only a success needs the way back.
  const result = await work();
  await sql`select set_config('app.space_id', ${before.rows[0]?.space ?? ''}, true)`.execute(trx);
  return result;
}
