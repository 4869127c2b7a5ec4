import { AcceptInvitationBody, InvitationParam } from '../../../shared/api/org-members.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { passwordPolicyProblems } from '../../../shared/security-policy.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { hashToken } from '../../kernel/sessions.ts';

/** The invited account behind a link, or a 404 that says the same for unknown, used and expired links. */
async function invited(trx: Trx, token: string, now: number, lock = false) {
  let query = trx
    .selectFrom('users as u')
    .leftJoin('spaces as s', 's.id', 'u.default_space_id')
    .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.status', 'u.default_space_id as spaceId', 's.name as spaceName'])
    .where('u.invite_token_hash', '=', hashToken(token))
    // Invited accounts, and active ones whose password expired under their space's policy (login.ts).
    .where('u.status', 'in', ['invited', 'active'])
    .where('u.invite_expires_at', '>', new Date(now));
  if (lock) query = query.forUpdate('u');
  const row = await query.executeTakeFirst();
  if (!row) throw fail.notFound('account.invitationInvalid');
  return row;
}

/**
 * An administrator added the member without a password (the member dialog's "invite", or an import): the link
 * lets its owner choose one, once. Public: whoever holds the link is the person it was given to; the token is
 * 192 random bits and only its hash is stored.
 */
export function registerInvitationRoutes(app: App, kernel: Kernel): void {
  app.get('/api/account/invitations/:token', { config: { access: 'public' }, schema: { params: InvitationParam, querystring: NoQuery } }, async (req) => {
    const row = await kernel.transact(req, (trx) => invited(trx, req.params.token, kernel.clock.now()));
    return { code: 200, msg: 'ok', data: { loginId: row.loginId, name: row.name, spaceName: row.spaceName, expired: row.status === 'active' } };
  });

  app.post('/api/account/invitations/:token', { config: { access: 'public', action: 'account.invitation.accept' }, schema: { params: InvitationParam, querystring: NoQuery, body: AcceptInvitationBody } }, async (req) => {
    const { password, confirmPassword } = req.body;
    if (password !== confirmPassword) throw fail.unprocessable('account.passwordsDiffer', {}, { field: 'confirmPassword' });
    const row = await kernel.transact(req, async (trx) => {
      const account = await invited(trx, req.params.token, kernel.clock.now(), true);
      // The password rules of the account's own space (its security policy).
      const problem = passwordPolicyProblems(password, kernel.policies.get(account.spaceId))[0];
      if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
      return account;
    });
    const hash = await hashPassword(password);
    await kernel.transact(req, async (trx) => {
      const account = await invited(trx, req.params.token, kernel.clock.now(), true);
      req.ctx.auditTarget = account.loginId;
      await trx
        .updateTable('users')
        .set({ password_hash: hash, status: 'active', invite_token_hash: null, invite_expires_at: null, password_changed_at: new Date(kernel.clock.now()) })
        .where('id', '=', account.id)
        .execute();
    });
    return { code: 200, msg: 'account.invitationAccepted', data: { loginId: row.loginId } };
  });
}
