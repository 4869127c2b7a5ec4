import { sql } from 'kysely';
import { ApplicationParam, ApplyBody } from '../../../../shared/api/account-developer.ts';
import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { reasonProblem } from '../../../../shared/developer/word-count.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { applications, endToken, tellReviewers, toApplication } from './store.ts';
import { mintToken, tokenHash } from './tokens.ts';

/**
 * The member's side (the "developer authorisation" tab of personal settings, spec §2.8): his applications in the
 * space he works in, applying (also to reset a token: the old one works until the new one is approved), collecting
 * an approved token exactly once, and revoking his live token. A developer token cannot call any of these.
 */
export function registerMemberRoutes(app: App, kernel: Kernel): void {
  app.get('/api/account/developer', { config: { access: 'signedIn' }, schema: { querystring: NoQuery } }, async (req) => {
    const me = signedIn(req);
    currentSpace(req);
    const rows = await kernel.transact(req, (trx) => applications(trx).where('a.user_id', '=', me.userId).orderBy('a.id', 'desc').limit(20).execute());
    return { code: 200, msg: 'ok', data: { applications: rows.map(toApplication) } };
  });

  app.post('/api/account/developer/applications', { config: { access: 'signedIn', action: 'account.developer.apply' }, schema: { querystring: NoQuery, body: ApplyBody } }, async (req) => {
    const me = signedIn(req);
    const space = currentSpace(req);
    const reason = req.body.reason.trim().replace(/\s+/gu, ' ');
    const problem = reasonProblem(reason);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    try {
      const application = await kernel.transact(req, async (trx) => {
        const { id } = await trx.insertInto('account_dev_application').values({ space_id: space.id, user_id: me.userId, reason }).returning('id').executeTakeFirstOrThrow();
        req.ctx.auditTarget = id;
        await tellReviewers(kernel, trx, space.id, id, me.name);
        return toApplication(await applications(trx).where('a.id', '=', id).executeTakeFirstOrThrow());
      });
      return { code: 200, msg: 'account.developer.applied', data: { application } };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.conflict('account.developer.alreadyPending');
      throw error;
    }
  });

  app.post('/api/account/developer/applications/:id/collect', { config: { access: 'signedIn', action: 'account.developer.collect' }, schema: { params: ApplicationParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    const me = signedIn(req);
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const token = mintToken(space.id);
    const application = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('account_dev_application').select(['state', 'token_hash']).where('id', '=', req.params.id).where('user_id', '=', me.userId).forUpdate().executeTakeFirst();
      if (!row) throw fail.notFound('account.developer.notFound');
      if (row.state !== 'approved' || row.token_hash !== null) throw fail.conflict('account.developer.notCollectable');
      await trx
        .updateTable('account_dev_application')
        .set({ token_hash: tokenHash(token), token_last4: token.slice(-4), collected_at: sql<Date>`now()` })
        .where('id', '=', req.params.id)
        .execute();
      return toApplication(await applications(trx).where('a.id', '=', req.params.id).executeTakeFirstOrThrow());
    });
    // The one time the token leaves the server: it is stored only as its hash.
    return { code: 200, msg: 'ok', data: { token, application } };
  });

  app.post('/api/account/developer/applications/:id/revoke', { config: { access: 'signedIn', action: 'account.developer.revoke' }, schema: { params: ApplicationParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    const me = signedIn(req);
    currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('account_dev_application').select('state').where('id', '=', req.params.id).where('user_id', '=', me.userId).forUpdate().executeTakeFirst();
      if (!row) throw fail.notFound('account.developer.notFound');
      if (row.state !== 'approved') throw fail.conflict('account.developer.notLive');
      await endToken(trx, { id: req.params.id }, 'member');
    });
    return { code: 200, msg: 'account.developer.revoked', data: { id: req.params.id } };
  });
}
