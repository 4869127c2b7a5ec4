import { sql } from 'kysely';
import { ApplicationParam, RejectBody, ReviewQuery } from '../../../../shared/api/account-developer.ts';
import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { fail } from '../../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { applications, endToken, tellApplicant, toReviewed } from './store.ts';

/**
 * The space administrator's review (system/dev and devmanagement, decision 0049): the space's applications by state,
 * approve, reject with a reason, revoke a live token. Row-level security keeps every other space's rows out of
 * reach: their ids answer 404 here.
 */
export function registerReviewRoutes(app: App, kernel: Kernel): void {
  const admin = { roles: ['admin'] } as const;

  app.get('/api/account/developer/review', { config: { access: admin }, schema: { querystring: ReviewQuery } }, async (req) => {
    currentSpace(req);
    const rows = await kernel.transact(req, (trx) => {
      let query = applications(trx).orderBy('a.id', 'desc').limit(500);
      if (req.query.state) query = query.where('a.state', '=', req.query.state);
      return query.execute();
    });
    return { code: 200, msg: 'ok', data: { applications: rows.map(toReviewed) } };
  });

  /** Locks the application and checks it is in `state`; answers its applicant. */
  async function take(trx: Trx, id: string, state: 'pending' | 'approved') {
    const row = await trx.selectFrom('account_dev_application').select(['user_id', 'state']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw fail.notFound('account.developer.notFound');
    if (row.state !== state) throw fail.conflict(state === 'pending' ? 'account.developer.decided' : 'account.developer.notLive');
    return row.user_id;
  }

  const decide = (trx: Trx, id: string, by: string, set: { state: 'approved' | 'rejected'; note: string | null }) =>
    trx.updateTable('account_dev_application').set({ ...set, decided_by: by, decided_at: sql<Date>`now()` }).where('id', '=', id).execute();

  app.post('/api/account/developer/review/:id/approve', { config: { access: admin, action: 'account.developer.approve' }, schema: { params: ApplicationParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    const me = signedIn(req);
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const userId = await take(trx, req.params.id, 'pending');
      // A token carries its holder's permissions: an administrator approving his own would answer to nobody.
      if (userId === me.userId) throw fail.forbidden('account.developer.ownApplication');
      // A reset: the member's previous token works until this moment, then ends (one live token per member).
      await endToken(trx, { userId, exceptId: req.params.id }, 'replaced');
      await decide(trx, req.params.id, me.userId, { state: 'approved', note: null });
      await tellApplicant(kernel, trx, space.id, userId, req.params.id, 'approved');
    });
    return { code: 200, msg: 'account.developer.approvedOk', data: { id: req.params.id, state: 'approved' } };
  });

  app.post('/api/account/developer/review/:id/reject', { config: { access: admin, action: 'account.developer.reject' }, schema: { params: ApplicationParam, querystring: NoQuery, body: RejectBody } }, async (req) => {
    const me = signedIn(req);
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const note = req.body.note.trim();
    if (!note) throw fail.unprocessable('account.developer.noteRequired');
    await kernel.transact(req, async (trx) => {
      const userId = await take(trx, req.params.id, 'pending');
      await decide(trx, req.params.id, me.userId, { state: 'rejected', note });
      await tellApplicant(kernel, trx, space.id, userId, req.params.id, 'rejected', note);
    });
    return { code: 200, msg: 'account.developer.rejectedOk', data: { id: req.params.id, state: 'rejected' } };
  });

  app.post('/api/account/developer/review/:id/revoke', { config: { access: admin, action: 'account.developer.adminRevoke' }, schema: { params: ApplicationParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const userId = await take(trx, req.params.id, 'approved');
      await endToken(trx, { id: req.params.id }, 'admin');
      await tellApplicant(kernel, trx, space.id, userId, req.params.id, 'revoked');
    });
    return { code: 200, msg: 'account.developer.revoked', data: { id: req.params.id, state: 'revoked' } };
  });
}
