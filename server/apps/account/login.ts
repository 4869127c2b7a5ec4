import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { LOGIN_WAIT_MS } from '../../../shared/constants.ts';
import type { SecurityPolicy } from '../../../shared/security-policy.ts';
import { hashToken } from '../../kernel/sessions.ts';
import type { Db, Trx } from '../../kernel/db/pool.ts';
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

/** Wrong passwords count towards the lock while they are less than this far apart from the window's first. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** A login name as the failure counter knows it: a hash of its lower case, never the typed text itself. */
const loginKeyOf = (loginId: string) => createHash('sha256').update(loginId.toLowerCase()).digest('hex');

async function lockedUntil(trx: Trx, loginKey: string): Promise<number> {
  const row = await trx.selectFrom('login_failures').select('locked_until').where('login_key', '=', loginKey).executeTakeFirst();
  return row?.locked_until?.getTime() ?? 0;
}

/** Counts a wrong password for a login name (known or not); true when this one locks the name. */
async function countLoginFailure(kernel: Kernel, trx: Trx, loginKey: string, policy: SecurityPolicy): Promise<boolean> {
  const now = new Date(kernel.clock.now());
  const windowStart = new Date(kernel.clock.now() - LOGIN_FAILURE_WINDOW_MS);
  const fresh = sql<boolean>`login_failures.window_start < ${windowStart}`;
  const counted = await trx
    .insertInto('login_failures')
    .values({ login_key: loginKey, failures: 1, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('login_key').doUpdateSet({
        failures: sql<number>`case when ${fresh} then 1 else login_failures.failures + 1 end`,
        window_start: sql<Date>`case when ${fresh} then ${now} else login_failures.window_start end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  // A name's first failure in a window is also the moment to drop counters nobody needs any more.
  if (counted.failures === 1) await forgetOldLoginFailures(kernel, trx);
  if (counted.failures < policy.lockoutFailures) return false;
  // Locked: the count starts again after the wait, as if the window were new.
  await trx
    .updateTable('login_failures')
    .set({ failures: 0, window_start: now, locked_until: new Date(kernel.clock.now() + policy.lockoutMinutes * 60_000) })
    .where('login_key', '=', loginKey)
    .execute();
  return true;
}

/** Forgets counters whose window and lock are over (unknown names would otherwise pile up). */
export async function forgetOldLoginFailures(kernel: Kernel, db: Db): Promise<void> {
  const stale = new Date(kernel.clock.now() - LOGIN_FAILURE_WINDOW_MS - LOGIN_WAIT_MS);
  await db.deleteFrom('login_failures').where('window_start', '<', stale).where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', stale)])).execute();
}

/**
 * Checks a login ID and password. Unknown account and wrong password answer alike ("Wrong login password"),
 * and lock alike: the counter is kept per login name whether an account has it or not, so the third wrong
 * password within the window locks the name for a minute either way. The lock refuses even the right password
 * until it passes. Counters are written in `trx`, which the caller commits even on failure.
 */
export async function authenticate(kernel: Kernel, trx: Trx, loginId: string, password: string, ip: string) {
  if (await ipRefused(kernel, trx, ip)) throw fail.tooMany('account.ipLimited');
  const loginKey = loginKeyOf(loginId);
  if ((await lockedUntil(trx, loginKey)) > kernel.clock.now()) throw new AppError(429, 'account.tooManyAttempts');
  const user = await trx
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'default_space_id', 'password_changed_at'])
    .where(sql<string>`lower(login_id)`, '=', loginId.toLowerCase())
    .executeTakeFirst();
  // An unknown name costs the same hashing time as a known one.
  const valid = user ? await verifyPassword(password, user.password_hash) : (await burnPasswordCheck(password), false);
  // The lockout of the account's own space applies (an unknown name gets the platform's floor).
  const policy = kernel.policies.get(user?.default_space_id);
  if (!user || !valid) {
    await countIpFailure(kernel, trx, ip);
    const locked = await countLoginFailure(kernel, trx, loginKey, policy);
    return { error: locked ? new AppError(429, 'account.tooManyAttempts') : new AppError(401, 'account.wrongPassword') };
  }
  if (user.status !== 'active') return { error: new AppError(403, 'account.disabled') };
  await trx.deleteFrom('login_failures').where('login_key', '=', loginKey).execute();
  const age = kernel.clock.now() - new Date(user.password_changed_at).getTime();
  if (policy.passwordExpiryDays > 0 && age > policy.passwordExpiryDays * 86_400_000) {
    // The right password, but too old: a one-time link (the invitation page) lets its owner choose a new one.
    const token = randomBytes(24).toString('base64url');
    await trx.updateTable('users').set({ invite_token_hash: hashToken(token), invite_expires_at: new Date(kernel.clock.now() + 3_600_000) }).where('id', '=', user.id).execute();
    return { error: new AppError(403, 'account.passwordExpired', { days: policy.passwordExpiryDays }, { token }) };
  }
  return { user };
}

/**
 * For an account left with no space to work in: the last of its spaces the operator suspended or archived,
 * so sign-in can say why. A service provider's account is not shut out by its spaces (it has its own console).
 */
export async function closedSpaceOf(trx: Trx, userId: string) {
  return trx
    .selectFrom('memberships as m')
    .innerJoin('spaces as sp', 'sp.id', 'm.space_id')
    .select(['sp.status', 'sp.status_reason'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .where('sp.status', 'in', ['suspended', 'archived'])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('provider_members as pm').select('pm.user_id').where('pm.user_id', '=', userId))))
    .orderBy('sp.status_changed_at', 'desc')
    .executeTakeFirst();
}
