import { randomBytes } from 'node:crypto';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import { hashToken } from '../../../kernel/sessions.ts';
import './tables.ts';
import { TOTP_FAILURE_LIMIT, TOTP_WAIT_MS, recoveryCodeHash, totpSealContext, totpStep } from './totp.ts';

/** A pending second step lives this long: enough to open the authenticator app, too short to be worth stealing. */
export const PENDING_SIGNIN_MS = 5 * 60_000;

export const twoStepEnabled = async (trx: Trx, userId: string): Promise<boolean> =>
  !!(await trx.selectFrom('account_totp').select('user_id').where('user_id', '=', userId).where('enabled', '=', true).executeTakeFirst());

/** The account's TOTP row, locked for the check that follows (two tabs cannot both use one step). */
const totpRow = (trx: Trx, userId: string) => trx.selectFrom('account_totp').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();

export const openTotpSecret = (kernel: Kernel, userId: string, sealed: string): string => secretBoxFor(kernel.config).open(sealed, totpSealContext(userId));

/** A wrong proof: counted, and the fifth in a row makes the account's second step wait. */
async function countFailure(kernel: Kernel, trx: Trx, userId: string, failures: number, wrong: AppError): Promise<AppError> {
  if (failures + 1 < TOTP_FAILURE_LIMIT) {
    await trx.updateTable('account_totp').set({ failures: failures + 1 }).where('user_id', '=', userId).execute();
    return wrong;
  }
  await trx.updateTable('account_totp').set({ failures: 0, locked_until: new Date(kernel.clock.now() + TOTP_WAIT_MS) }).where('user_id', '=', userId).execute();
  return new AppError(429, 'accountSecurity.codeLocked', { minutes: TOTP_WAIT_MS / 60_000 });
}

const locked = (kernel: Kernel, until: Date | null) => (until && until.getTime() > kernel.clock.now() ? new AppError(429, 'accountSecurity.codeLocked', { minutes: TOTP_WAIT_MS / 60_000 }) : null);

/**
 * Checks a current code against the account's secret (`pending`: the secret being set up, not yet enabled).
 * Returns the error to answer (null: accepted). Failure counts are written in `trx`, which the caller commits even
 * when it answers the error. A code of a step already used is refused: one code opens one door once.
 */
export async function checkTotpCode(kernel: Kernel, trx: Trx, userId: string, code: string, pending = false): Promise<AppError | null> {
  const row = await totpRow(trx, userId);
  if (!row || row.enabled === pending) return new AppError(422, pending ? 'accountSecurity.twoStepNotStarted' : 'accountSecurity.twoStepNotOn');
  const wait = locked(kernel, row.locked_until);
  if (wait) return wait;
  const step = totpStep(openTotpSecret(kernel, userId, row.secret_sealed), code, kernel.clock.now());
  if (step === null) return countFailure(kernel, trx, userId, row.failures, new AppError(422, 'common.wrongVerificationCode'));
  if (step <= Number(row.last_step)) return countFailure(kernel, trx, userId, row.failures, new AppError(422, 'accountSecurity.codeUsed'));
  await trx.updateTable('account_totp').set({ last_step: step, failures: 0, locked_until: null }).where('user_id', '=', userId).execute();
  return null;
}

/** Uses one recovery code (it never works again); wrong ones count like wrong codes. */
export async function useRecoveryCode(kernel: Kernel, trx: Trx, userId: string, code: string): Promise<AppError | null> {
  const row = await totpRow(trx, userId);
  if (!row || !row.enabled) return new AppError(422, 'accountSecurity.twoStepNotOn');
  const wait = locked(kernel, row.locked_until);
  if (wait) return wait;
  const used = await trx
    .updateTable('account_recovery_codes')
    .set({ used_at: new Date(kernel.clock.now()) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  if (!used) return countFailure(kernel, trx, userId, row.failures, new AppError(422, 'accountSecurity.recoveryCodeWrong'));
  await trx.updateTable('account_totp').set({ failures: 0, locked_until: null }).where('user_id', '=', userId).execute();
  return null;
}

/** After a right password on an account with two-step verification: a ticket for the second step, no session. */
export async function startSecondStep(kernel: Kernel, trx: Trx, userId: string, spaceId: string | null, ip: string, userAgent: string | null): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  // Old tickets of the account go: only the latest sign-in attempt may finish.
  await trx.deleteFrom('account_pending_signins').where('user_id', '=', userId).execute();
  await trx
    .insertInto('account_pending_signins')
    .values({ id: hashToken(ticket), user_id: userId, signin_space: spaceId, ip, user_agent: userAgent?.slice(0, 300) ?? null, expires_at: new Date(kernel.clock.now() + PENDING_SIGNIN_MS) })
    .execute();
  return ticket;
}

/** The pending sign-in behind a ticket, or null when it is unknown, used or expired. */
export async function pendingSignin(kernel: Kernel, trx: Trx, ticket: string) {
  return trx
    .selectFrom('account_pending_signins as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.signin_space', 'u.status'])
    .where('p.id', '=', hashToken(ticket))
    .where('p.expires_at', '>', new Date(kernel.clock.now()))
    .executeTakeFirst();
}
