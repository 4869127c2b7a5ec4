import { sql } from 'kysely';
import { ResetCodeBody, ResetPasswordBody } from '../../../../shared/api/account-security.ts';
import { NoQuery } from '../../../../shared/api/common.ts';
import { passwordPolicyProblems } from '../../../../shared/security-policy.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { accountNamed } from './addresses.ts';
import { ACCOUNT_SENDS, allowSend, issueCode, mailCode, takeCode, textCode, throttleSend, typedKey } from './codes.ts';
import { notePasswordStrength } from './level.ts';

/** The one answer to a reset with a code that does not open it, whatever the account or the code's state. */
const CODE_REFUSED = new AppError(422, 'accountSecurity.resetCodeRefused');

/** A throttle key counted per client address. */
const fromAddress = (key: string, ip: string) => `${key}@${ip}`;

/** Row-level security follows the account's space from here on (the public request starts in none). */
const actInSpace = (trx: Trx, spaceId: string) => sql`select set_config('app.space_id', ${spaceId}, true)`.execute(trx);

/**
 * Forgotten password (decision 0057), public. The answer is the same whether or not the account exists, has a
 * verified address, or the mail server is reachable: the page cannot be used to learn who has an account.
 */
export function registerResetRoutes(app: App, kernel: Kernel): void {
  app.post('/api/account/password-reset/code', { config: { access: 'public', action: 'account.passwordReset.code' }, schema: { querystring: NoQuery, body: ResetCodeBody } }, async (req) => {
    const language = req.ctx.language;
    const outcome = await kernel.transact(req, async (trx) => {
      // Counted per address, and per typed name (known account or not) FROM that address, before anything is looked
      // up: a name's allowance counted for everyone could be used up by anyone, and its owner could not reset then.
      const refused = await throttleSend(kernel, trx, fromAddress(typedKey(req.body.account), req.ctx.ip), req.ctx.ip);
      if (refused) return { error: refused };
      const account = await accountNamed(trx, req.body.account);
      if (!account?.channel || !account.target || !account.spaceId) return { send: null };
      // The account's own allowance too (it may be named by login ID, e-mail or phone); past it, silently no code.
      if (!(await allowSend(kernel, trx, fromAddress(`u:${account.id}`, req.ctx.ip), ACCOUNT_SENDS))) return { send: null };
      const code = await issueCode(kernel, trx, account.id, 'reset', account.target);
      await actInSpace(trx, account.spaceId);
      return { send: { channel: account.channel, spaceId: account.spaceId, to: account.target, code } };
    });
    if ('error' in outcome) throw outcome.error;
    const send = outcome.send;
    // Not awaited: the time of the answer must not tell that a code was sent; a failure is the operator's to see.
    if (send) {
      const sending = send.channel === 'phone' ? textCode(kernel, send.spaceId, send.to, language, send.code) : mailCode(kernel, send.spaceId, send.to, language, send.code);
      void Promise.resolve(sending).catch((error: unknown) => kernel.log.warn({ err: error, channel: send.channel }, 'password reset code not sent'));
    }
    return { code: 200, msg: 'accountSecurity.resetCodeSent', data: null };
  });

  app.post('/api/account/password-reset', { config: { access: 'public', action: 'account.passwordReset' }, schema: { querystring: NoQuery, body: ResetPasswordBody } }, async (req) => {
    const { account: typed, code, newPassword, confirmPassword } = req.body;
    if (newPassword !== confirmPassword) throw fail.unprocessable('account.passwordsDiffer', {}, { field: 'confirmPassword' });
    // Hashed first, for every request: the time of the answer does not depend on the account existing.
    const hash = await hashPassword(newPassword);
    const outcome = await kernel.transact(req, async (trx) => {
      const account = await accountNamed(trx, typed);
      if (!account) return { error: CODE_REFUSED };
      // The tries a wrong code uses are committed although the request fails. Wrong, expired and used up answer
      // alike: "expired" only ever came for an account that was sent a code, so it told that the account exists.
      const taken = await takeCode(kernel, trx, account.id, 'reset', code);
      if ('error' in taken) return { error: CODE_REFUSED };
      req.ctx.auditTarget = account.id;
      const problem = passwordPolicyProblems(newPassword, kernel.policies.get(account.spaceId), 'newPassword')[0];
      // Thrown: the transaction rolls back and the code stays usable with a better password.
      if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
      await trx.updateTable('users').set({ password_hash: hash, password_changed_at: new Date(kernel.clock.now()) }).where('id', '=', account.id).execute();
      await notePasswordStrength(kernel, trx, account.id, newPassword);
      await trx.deleteFrom('account_pending_signins').where('user_id', '=', account.id).execute();
      // Whoever knew the old password is signed out everywhere.
      return { revoked: await kernel.sessions.revoke(trx, { userId: account.id }) };
    });
    if ('error' in outcome) throw outcome.error;
    kernel.sessionsRevoked(outcome.revoked);
    return { code: 200, msg: 'accountSecurity.passwordReset', data: null };
  });
}
