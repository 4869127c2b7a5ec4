import { sql } from 'kysely';
import { AcceptInvitationBody, InvitationParam } from '../../../shared/api/org-members.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/validation/password.ts';
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
    .select(['u.id', 'u.login_id as loginId', 'u.name', 's.name as spaceName'])
    .where('u.invite_token_hash', '=', hashToken(token))
    .where('u.status', '=', 'invited')
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
    return { code: 200, msg: 'ok', data: { loginId: row.loginId, name: row.name, spaceName: row.spaceName } };
  });

  app.post('/api/account/invitations/:token', { config: { access: 'public', action: 'account.invitation.accept' }, schema: { params: InvitationParam, querystring: NoQuery, body: AcceptInvitationBody } }, async (req) => {
    const { password, confirmPassword } = req.body;
    const length = [...password].length;
    if (length < PASSWORD_MIN_LENGTH) throw fail.unprocessable('account.passwordTooShort', { min: PASSWORD_MIN_LENGTH }, { field: 'password' });
    if (length > PASSWORD_MAX_LENGTH) throw fail.unprocessable('account.passwordTooLong', { max: PASSWORD_MAX_LENGTH }, { field: 'password' });
    if (password !== confirmPassword) throw fail.unprocessable('account.passwordsDiffer', {}, { field: 'confirmPassword' });
    const hash = await hashPassword(password);
    const row = await kernel.transact(req, async (trx) => {
      const account = await invited(trx, req.params.token, kernel.clock.now(), true);
      req.ctx.auditTarget = account.loginId;
      await trx
        .updateTable('users')
        .set({ password_hash: hash, status: 'active', invite_token_hash: null, invite_expires_at: null })
        .where('id', '=', account.id)
        .where(sql<boolean>`status = 'invited'`)
        .execute();
      return account;
    });
    return { code: 200, msg: 'account.invitationAccepted', data: { loginId: row.loginId } };
  });
}
