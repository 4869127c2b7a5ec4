import type { Trx } from '../../kernel/db/pool.ts';
import { assertWithinQuota } from '../../kernel/providers.ts';

/**
 * Refuses one more live app past the space's apps quota, counted as the usage figures count (apps in
 * the recycle bin do not count). Every way an app comes back to life goes through it: create, store install,
 * restore from the bin.
 */
export async function assertOneMoreApp(trx: Trx, spaceId: string): Promise<void> {
  const live = await trx.selectFrom('appcenter_app').select((eb) => eb.fn.countAll<string>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  await assertWithinQuota(trx, spaceId, 'apps', Number(live.n) + 1);
}
