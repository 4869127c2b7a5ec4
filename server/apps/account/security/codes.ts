import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { CODE_LENGTH } from '../../../../shared/api/account-security.ts';
import type { Language } from '../../../../shared/i18n/index.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { sendPlainMail } from '../../../kernel/mail/index.ts';
import { PLATFORM_TEXT_TEMPLATE } from '../../../kernel/sms.ts';
import type { CodePurpose } from './tables.ts';
import './tables.ts';

/** A verification code works this long and for this many tries, then a new one must be asked for. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** Codes one account (or one typed name) and one address may have sent within the window. */
export const SEND_WINDOW_MS = 60 * 60_000;
export const ACCOUNT_SENDS = 5;
export const IP_SENDS = 20;

/** The throttle key of what was typed to name an account: a hash of its lower case, known account or not. */
export const typedKey = (typed: string): string => `a:${createHash('sha256').update(typed.trim().toLowerCase()).digest('hex')}`;

/** Counts one send for `key`; false when the window's allowance is already used (nothing is counted then). */
export async function allowSend(kernel: Kernel, trx: Trx, key: string, limit: number): Promise<boolean> {
  const now = new Date(kernel.clock.now());
  const fresh = sql<boolean>`account_code_throttle.window_start < ${new Date(kernel.clock.now() - SEND_WINDOW_MS)}`;
  const row = await trx
    .insertInto('account_code_throttle')
    .values({ key, window_start: now, sent: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        sent: sql<number>`case when ${fresh} then 1 else account_code_throttle.sent + 1 end`,
        window_start: sql<Date>`case when ${fresh} then ${now} else account_code_throttle.window_start end`,
      }),
    )
    .returning('sent')
    .executeTakeFirstOrThrow();
  return row.sent <= limit;
}

/** Both allowances of one send: the account's (or typed name's) and the address's. */
export async function throttleSend(kernel: Kernel, trx: Trx, accountKey: string, ip: string): Promise<AppError | null> {
  const byIp = await allowSend(kernel, trx, `ip:${ip}`, IP_SENDS);
  const byAccount = await allowSend(kernel, trx, accountKey, ACCOUNT_SENDS);
  return byIp && byAccount ? null : new AppError(429, 'accountSecurity.tooManyCodes');
}

// The user and purpose go into the hash, so a stored hash says nothing about another account's or purpose's code.
const codeHash = (userId: string, purpose: CodePurpose, code: string) => createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');

/** A new code for the account and purpose, replacing any earlier one; the plain code goes to `target` only. */
export async function issueCode(kernel: Kernel, trx: Trx, userId: string, purpose: CodePurpose, target: string): Promise<string> {
  const code = String(randomInt(10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const values = { code_hash: codeHash(userId, purpose, code), target, tries: 0, expires_at: new Date(kernel.clock.now() + CODE_TTL_MS) };
  await trx
    .insertInto('account_codes')
    .values({ user_id: userId, purpose, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
  return code;
}

/**
 * Checks and uses a code: the address it was sent to, or the error to answer. A wrong code uses a try (written in
 * `trx`, which the caller commits even on error); the last try, or expiry, voids the code.
 */
export async function takeCode(kernel: Kernel, trx: Trx, userId: string, purpose: CodePurpose, code: string): Promise<{ target: string } | { error: AppError }> {
  const row = await trx.selectFrom('account_codes').selectAll().where('user_id', '=', userId).where('purpose', '=', purpose).forUpdate().executeTakeFirst();
  if (!row || row.expires_at.getTime() <= kernel.clock.now() || row.tries >= CODE_TRIES) {
    if (row) await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    return { error: new AppError(422, row ? 'accountSecurity.codeExpired' : 'common.wrongVerificationCode') };
  }
  const same = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(codeHash(userId, purpose, code), 'hex'));
  if (!same) {
    await trx.updateTable('account_codes').set({ tries: row.tries + 1 }).where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    return { error: new AppError(422, 'common.wrongVerificationCode') };
  }
  await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
  return { target: row.target };
}

const codeText = (kernel: Kernel, language: Language, code: string) =>
  kernel.i18n.t(language, 'accountSecurity.codeText', { code, minutes: CODE_TTL_MS / 60_000 });

/**
 * A code by text message through the operator's SMS accounts (kernel.sms, decision 0089), after the commit that
 * stored it (a network call), with the template every platform text goes out with.
 */
export const textCode = (kernel: Kernel, spaceId: string, phone: string, language: Language, code: string) =>
  kernel.sms.send(spaceId, { phone, template: PLATFORM_TEXT_TEMPLATE, params: { text: codeText(kernel, language, code) }, secrets: [code] });

/** A code by e-mail through the space's mail server, after the commit that stored it (a network call). */
export const mailCode = (kernel: Kernel, spaceId: string, email: string, language: Language, code: string) =>
  sendPlainMail(kernel, spaceId, { to: email, subject: kernel.i18n.t(language, 'accountSecurity.codeSubject'), text: codeText(kernel, language, code) });
