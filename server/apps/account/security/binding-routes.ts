import { BindCodeBody, BindConfirmBody } from '../../../../shared/api/account-security.ts';
import { NoQuery } from '../../../../shared/api/common.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { addressProblem, boundElsewhere, normaliseAddress } from './addresses.ts';
import { issueCode, mailCode, takeCode, textCode, throttleSend } from './codes.ts';
import { maskAddress, verifiedAddresses } from './level.ts';

/** Bind an e-mail or phone (§8 "Wrong verification code", "This email or phone is already bound"; decision 0057). */
export function registerBindingRoutes(app: App, kernel: Kernel): void {
  app.post('/api/account/security/bind/code', { config: { access: 'signedIn', action: 'account.bind.code' }, schema: { querystring: NoQuery, body: BindCodeBody } }, async (req) => {
    const principal = signedIn(req);
    const { kind } = req.body;
    const value = normaliseAddress(kind, req.body.value);
    const problem = addressProblem(kind, value);
    if (problem) throw fail.unprocessable(problem, {}, { field: 'value' });
    // Texts and mail go through the space the member works in (its SMS provider, its mail server).
    const spaceId = req.ctx.space?.id ?? principal.spaceId;
    if (!spaceId) throw fail.unprocessable('space.none');
    const language = req.ctx.language;
    const outcome = await kernel.transact(req, async (trx) => {
      if (await boundElsewhere(trx, kind, value, principal.userId)) throw fail.unprocessable('common.alreadyBound', {}, { field: 'value' });
      const own = await verifiedAddresses(trx, principal.userId);
      if (own[kind]?.toLowerCase() === value.toLowerCase()) throw fail.unprocessable('accountSecurity.alreadyYours', {}, { field: 'value' });
      const refused = await throttleSend(kernel, trx, `u:${principal.userId}`, req.ctx.ip);
      if (refused) return { error: refused };
      return { code: await issueCode(kernel, trx, principal.userId, kind, value) };
    });
    if ('error' in outcome) throw outcome.error;
    // The member asked for this code and waits for it: a server that is not set up or refuses is said so (422).
    if (kind === 'email') await mailCode(kernel, spaceId, value, language, outcome.code);
    else if ((await textCode(kernel, spaceId, value, language, outcome.code)).status !== 'sent') throw fail.unprocessable('accountSecurity.textFailed');
    return { code: 200, msg: 'accountSecurity.codeSent', params: { to: maskAddress(kind, value) }, data: null };
  });

  app.post('/api/account/security/bind', { config: { access: 'signedIn', action: 'account.bind' }, schema: { querystring: NoQuery, body: BindConfirmBody } }, async (req) => {
    const principal = signedIn(req);
    const { kind, code } = req.body;
    const outcome = await kernel.transact(req, async (trx) => {
      const taken = await takeCode(kernel, trx, principal.userId, kind, code);
      if ('error' in taken) return { error: taken.error };
      const value = taken.target;
      // Bound by someone else since the code was sent: refused, and the rollback keeps the code.
      if (await boundElsewhere(trx, kind, value, principal.userId)) throw fail.unprocessable('common.alreadyBound');
      await trx.deleteFrom('account_bindings').where('user_id', '=', principal.userId).where('kind', '=', kind).execute();
      try {
        await trx.insertInto('account_bindings').values({ user_id: principal.userId, kind, value, verified_at: new Date(kernel.clock.now()) }).execute();
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw fail.unprocessable('common.alreadyBound');
        throw error;
      }
      await trx.updateTable('users').set(kind === 'email' ? { email: value } : { phone: value }).where('id', '=', principal.userId).execute();
      const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', principal.userId).where('revoked_at', 'is', null).execute();
      return { value, sessions: sessions.map((s) => s.id) };
    });
    if ('error' in outcome) throw outcome.error;
    // The member's sessions show the new address at their next request, not after the cache's few seconds.
    kernel.sessions.forget(outcome.sessions);
    return { code: 200, msg: 'accountSecurity.bound', params: { to: maskAddress(kind, outcome.value) }, data: null };
  });
}
