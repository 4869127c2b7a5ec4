import { sql } from 'kysely';
import type { AccountSecurityView, SecurityAdvice } from '../../../../shared/api/account-security.ts';
import type { SecurityLevel } from '../../../../shared/security-policy.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import './tables.ts';

/** A password counts as strong from this length with three of lower case, upper case, digits and symbols. */
const STRONG_LENGTH = 10;
/** A password older than this is advised to be changed (whatever the space's expiry, which may be "never"). */
export const FRESH_PASSWORD_DAYS = 180;

export function isStrongPassword(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(password)).length;
  return [...password].length >= STRONG_LENGTH && classes >= 3;
}

/** Keeps whether the password just typed (at sign-in or when set) is strong; the text itself is never kept. */
export async function notePasswordStrength(kernel: Kernel, trx: Trx, userId: string, password: string): Promise<void> {
  const strong = isStrongPassword(password);
  const now = new Date(kernel.clock.now());
  await trx
    .insertInto('account_password_strength')
    .values({ user_id: userId, strong, noted_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ strong, noted_at: now }))
    .execute();
}

/**
 * §9's Low / Medium / High for one account. Five measures; High needs two-step verification and three more of them
 * (a stolen password alone must not open a "High" account), Medium any two.
 */
export function accountLevel(done: Record<SecurityAdvice, boolean>): { level: SecurityLevel; advice: SecurityAdvice[] } {
  const advice = (Object.keys(done) as SecurityAdvice[]).filter((item) => !done[item]);
  const points = 5 - advice.length;
  const level: SecurityLevel = done.twoStep && points >= 4 ? 'high' : points >= 2 ? 'medium' : 'low';
  return { level, advice };
}

/** `li***@example.com`, `138****5678`: enough for the owner to recognise, little for a shoulder. */
export function maskAddress(kind: 'email' | 'phone', value: string): string {
  if (kind === 'phone') return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : `${value.slice(0, 1)}****`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** A binding counts while the account still holds the same address (an administrator may have changed it). */
export async function verifiedAddresses(trx: Trx, userId: string): Promise<{ email: string | null; phone: string | null }> {
  const rows = await trx
    .selectFrom('account_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.kind', 'b.value'])
    .where('b.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('b.kind', '=', 'email'), eb(sql<string>`lower(u.email)`, '=', sql<string>`lower(b.value)`)]),
        eb.and([eb('b.kind', '=', 'phone'), eb('u.phone', '=', eb.ref('b.value'))]),
      ]),
    )
    .execute();
  return { email: rows.find((r) => r.kind === 'email')?.value ?? null, phone: rows.find((r) => r.kind === 'phone')?.value ?? null };
}

export async function securityView(kernel: Kernel, trx: Trx, userId: string): Promise<AccountSecurityView> {
  const user = await trx.selectFrom('users').select('password_changed_at').where('id', '=', userId).executeTakeFirstOrThrow();
  const strength = await trx.selectFrom('account_password_strength').select('strong').where('user_id', '=', userId).executeTakeFirst();
  const totp = await trx.selectFrom('account_totp').select('enabled').where('user_id', '=', userId).executeTakeFirst();
  const left = await trx
    .selectFrom('account_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const addresses = await verifiedAddresses(trx, userId);
  const changedAt = new Date(user.password_changed_at);
  const twoStep = !!totp?.enabled;
  const { level, advice } = accountLevel({
    strongPassword: !!strength?.strong,
    freshPassword: kernel.clock.now() - changedAt.getTime() <= FRESH_PASSWORD_DAYS * 86_400_000,
    bindEmail: !!addresses.email,
    bindPhone: !!addresses.phone,
    twoStep,
  });
  return {
    level,
    advice,
    passwordChangedAt: changedAt.toISOString(),
    email: addresses.email && maskAddress('email', addresses.email),
    phone: addresses.phone && maskAddress('phone', addresses.phone),
    twoStep: { enabled: twoStep, recoveryCodesLeft: twoStep ? Number(left.n) : 0 },
  };
}
