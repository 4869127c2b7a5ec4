import { sql } from 'kysely';
import { LOGIN_FAILURES_BEFORE_WAIT, LOGIN_WAIT_MS } from '../../../shared/constants.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { burnPasswordCheck, verifyPassword } from '../../kernel/passwords.ts';

/** Failed sign-ins one address may make in a window before it is refused outright (guessing across accounts). */
export const IP_FAILURE_LIMIT = 20;
export const IP_WINDOW_MS = 10 * 60_000;

async function ipRefused(kernel: Kernel, trx: Trx, ip: string): Promise<boolean> {
  const row = await trx.selectFrom('login_throttle').selectAll().where('ip', '=', ip).executeTakeFirst();
  return !!row && row.window_start.getTime() + IP_WINDOW_MS > kernel.clock.now() && row.failures >= IP_FAILURE_LIMIT;
}

async function countIpFailure(kernel: Kernel, trx: Trx, ip: string): Promise<void> {
  const now = new Date(kernel.clock.now());
  const windowStart = new Date(kernel.clock.now() - IP_WINDOW_MS);
  await trx
    .insertInto('login_throttle')
    .values({ ip, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql<number>`case when login_throttle.window_start < ${windowStart} then 1 else login_throttle.failures + 1 end`,
        window_start: sql<Date>`case when login_throttle.window_start < ${windowStart} then ${now} else login_throttle.window_start end`,
      }),
    )
    .execute();
}

/**
 * Checks a login ID and password. Unknown account and wrong password answer alike ("Wrong login password").
 * The third consecutive wrong password locks the account for a minute and says so; the lock refuses even the
 * right password until it passes. Counters are written in `trx`, which the caller commits even on failure.
 */
export async function authenticate(kernel: Kernel, trx: Trx, loginId: string, password: string, ip: string) {
  if (await ipRefused(kernel, trx, ip)) throw fail.tooMany('account.ipLimited');
  const user = await trx
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'failed_logins', 'locked_until', 'default_space_id'])
    .where(sql<string>`lower(login_id)`, '=', loginId.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  const now = kernel.clock.now();
  if (user?.locked_until && user.locked_until.getTime() > now) throw new AppError(429, 'account.tooManyAttempts');
  const valid = user ? await verifyPassword(password, user.password_hash) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    await countIpFailure(kernel, trx, ip);
    if (!user) return { error: new AppError(401, 'account.wrongPassword') };
    const failures = user.failed_logins + 1;
    const locked = failures >= LOGIN_FAILURES_BEFORE_WAIT;
    await trx
      .updateTable('users')
      .set({ failed_logins: locked ? 0 : failures, locked_until: locked ? new Date(now + LOGIN_WAIT_MS) : null })
      .where('id', '=', user.id)
      .execute();
    return { error: locked ? new AppError(429, 'account.tooManyAttempts') : new AppError(401, 'account.wrongPassword') };
  }
  if (user.status !== 'active') return { error: new AppError(403, 'account.disabled') };
  if (user.failed_logins > 0 || user.locked_until) {
    await trx.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', user.id).execute();
  }
  return { user };
}
