import { sql } from 'kysely';
import { memberEvents } from '../../../shared/events.ts';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { JoinDecisionBody, JoinListQuery } from '../../../shared/api/org-registration.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { activeMemberCount, assertWithinQuota } from '../../kernel/providers.ts';
import { takenLoginIds } from './member-store.ts';
import './tables.ts';

/**
 * sysop/enterUserRegist (spec §6: "a system administrator reviews join applications"): the space's applications,
 * approved or rejected with a note. Approval creates the account with the password the applicant chose, the
 * membership (role `user`) and an empty profile, in one transaction; the applicant then signs in.
 */
export function registerJoinReviewRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.members.read' } as const;
  const manage = { permission: 'org.members.manage' } as const;

  app.get('/api/org/join-applications', { config: { access: read }, schema: { querystring: JoinListQuery } }, async (req) => {
    currentSpace(req);
    const applications = await kernel.transact(req, (trx) => {
      let query = trx
        .selectFrom('org_join_application as a')
        .leftJoin('users as d', 'd.id', 'a.decided_by')
        .select(['a.id', 'a.login_id as loginId', 'a.name', 'a.phone', 'a.email', 'a.message', 'a.state', 'a.created_at as createdAt', 'a.decided_at as decidedAt', 'a.note', 'd.name as decidedBy'])
        // The guest was not told (decision 0101); the administrator sees the clash before approving.
        .select((eb) => eb.exists(eb.selectFrom('users as u').select('u.id').where(sql<string>`lower(u.login_id)`, '=', sql<string>`lower(a.login_id)`)).as('loginTaken'))
        .orderBy('a.id', 'desc')
        .limit(500);
      if (req.query.state) query = query.where('a.state', '=', req.query.state);
      return query.execute();
    });
    return { code: 200, msg: 'ok', data: { applications } };
  });

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(`/api/org/join-applications/:id/${verdict}`, { config: { access: manage, action: `org.join.${verdict}` }, schema: { params: IdParam, querystring: NoQuery, body: JoinDecisionBody } }, async (req) => {
      const space = currentSpace(req);
      const me = signedIn(req);
      req.ctx.auditTarget = req.params.id;
      try {
        await kernel.transact(req, async (trx) => {
          const application = await trx.selectFrom('org_join_application').selectAll().where('id', '=', req.params.id).forUpdate().executeTakeFirst();
          if (!application) throw fail.notFound('org.join.notFound');
          if (application.state !== 'pending') throw fail.conflict('org.grants.decided');
          let userId: string | null = null;
          if (verdict === 'approve') {
            // The applicant was not told the ID was taken (decision 0101): the administrator is, and rejects with a note.
            if ((await takenLoginIds(trx, [application.login_id])).size) throw fail.unprocessable('org.join.loginTaken', { loginId: application.login_id });
            await assertWithinQuota(trx, space.id, 'members', (await activeMemberCount(trx, space.id)) + 1);
            const user = await trx
              .insertInto('users')
              .values({ login_id: application.login_id, name: application.name, phone: application.phone, email: application.email, password_hash: application.password_hash, default_space_id: space.id, password_changed_at: new Date(kernel.clock.now()) })
              .returning('id')
              .executeTakeFirstOrThrow();
            userId = user.id;
            await trx.insertInto('memberships').values({ space_id: space.id, user_id: user.id, roles: ['user'] }).execute();
            await kernel.events.emit(trx, space.id, memberEvents('org.member.joined', [user.id], { kind: 'member', userId: me.userId }));
            await trx.insertInto('org_member_profile').values({ space_id: space.id, user_id: user.id }).execute();
          }
          await trx
            .updateTable('org_join_application')
            .set({ state: verdict === 'approve' ? 'approved' : 'rejected', decided_by: me.userId, decided_at: new Date(kernel.clock.now()), note: req.body.note?.trim() || null, user_id: userId })
            .where('id', '=', application.id)
            .execute();
        });
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw fail.unprocessable('org.join.loginTaken', { loginId: '' });
        throw error;
      }
      return { code: 200, msg: 'ok', data: { id: req.params.id, state: verdict === 'approve' ? 'approved' : 'rejected' } };
    });
  }
}
