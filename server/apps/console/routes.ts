import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import {
  CreateSpaceBody,
  CreateUserBody,
  MembershipBody,
  MembershipParam,
  SpaceParam,
  UpdateSpaceBody,
  UpdateUserBody,
  UserQuery,
} from '../../../shared/api/console.ts';
import { IdParam } from '../../../shared/api/common.ts';
import { dutyClash } from '../../../shared/roles.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { activeMemberCount, assertWithinQuota } from '../../kernel/providers.ts';
import type { ServerApp } from '../types.ts';
import { registerArticleRoutes } from './articles.ts';
import { registerAccessRoutes } from './access/routes.ts';
import { assertLicenceAllowsSpace } from './access/licence.ts';
import { registerFinanceRoutes } from './finance/routes.ts';
import { registerJobsRoutes } from './jobs/routes.ts';
import { registerOperatorRoutes } from './operator/routes.ts';
import { announceMembers } from './spaces/member-events.ts';
import { registerSpacesRoutes } from './spaces/routes.ts';
import { registerWatchRoutes } from './watch/routes.ts';

const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

/** Platform operator (root) administration of spaces and accounts: platform tables, guarded here by role. */
function register(app: App, kernel: Kernel): void {
  const manageSpaces = { permission: 'console.spaces.manage' } as const;
  const manageUsers = { permission: 'console.users.manage' } as const;
  registerArticleRoutes(app, kernel);
  // One folder per area of the operator console, each registering its own routes.
  registerSpacesRoutes(app, kernel);
  registerOperatorRoutes(app, kernel);
  registerAccessRoutes(app, kernel);
  registerWatchRoutes(app, kernel);
  registerJobsRoutes(app, kernel);
  registerFinanceRoutes(app, kernel);

  app.get('/api/console/spaces', { config: { access: manageSpaces }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db
      .selectFrom('spaces as s')
      .leftJoin('memberships as m', 'm.space_id', 's.id')
      .select(['s.id', 's.name', 's.status', 's.created_at', (eb) => eb.fn.count<string>('m.user_id').as('members')])
      .groupBy('s.id')
      .orderBy('s.created_at')
      .execute();
    return { code: 200, msg: 'ok', data: { spaces: rows } };
  });

  app.post(
    '/api/console/spaces',
    { config: { access: manageSpaces, action: 'console.space.create' }, schema: { querystring: NoQuery, body: CreateSpaceBody } },
    async (req) => {
      const id = req.body.id ?? randomBytes(5).toString('hex');
      req.ctx.auditTarget = id;
      try {
        const space = await kernel.transact(req, async (trx) => {
          await assertLicenceAllowsSpace(trx); // a private deployment's licensed number of spaces (decision 0082)
          return trx.insertInto('spaces').values({ id, name: req.body.name }).returningAll().executeTakeFirstOrThrow();
        });
        return { code: 200, msg: 'ok', data: space };
      } catch (error) {
        if (isUniqueViolation(error)) throw fail.conflict('console.spaceExists', { id });
        throw error;
      }
    },
  );

  app.patch(
    '/api/console/spaces/:id',
    { config: { access: manageSpaces, action: 'console.space.update' }, schema: { params: SpaceParam, querystring: NoQuery, body: UpdateSpaceBody } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const space = await kernel.transact(req, async (trx) => {
        const updated = await trx.updateTable('spaces').set(req.body).where('id', '=', req.params.id).returningAll().executeTakeFirst();
        if (!updated) throw fail.notFound('space.notFound');
        await kernel.sessions.announceMembershipChange(trx);
        return updated;
      });
      kernel.sessions.forget('all'); // memberships of a disabled space vanish from every principal
      return { code: 200, msg: 'ok', data: space };
    },
  );

  app.get('/api/console/users', { config: { access: manageUsers }, schema: { querystring: UserQuery } }, async (req) => {
    let query = kernel.db
      .selectFrom('users')
      .select(['id', 'login_id', 'name', 'phone', 'email', 'status', 'default_space_id', 'created_at'])
      .orderBy('id')
      .limit(200);
    const q = req.query.q?.trim();
    if (q) query = query.where((eb) => eb.or([eb('login_id', 'ilike', `%${q.replace(/[%_\\]/g, '\\$&')}%`), eb('name', 'ilike', `%${q.replace(/[%_\\]/g, '\\$&')}%`)]));
    return { code: 200, msg: 'ok', data: { users: await query.execute() } };
  });

  app.post(
    '/api/console/users',
    { config: { access: manageUsers, action: 'console.user.create' }, schema: { querystring: NoQuery, body: CreateUserBody } },
    async (req) => {
      const { password, spaceId, roles, loginId, name, phone, email } = req.body;
      req.ctx.auditTarget = loginId;
      const clash = dutyClash(roles);
      if (clash) throw fail.unprocessable(clash);
      const hash = await hashPassword(password);
      try {
        const user = await kernel.transact(req, async (trx) => {
          const created = await trx
            .insertInto('users')
            .values({ login_id: loginId, name, phone: phone ?? null, email: email ?? null, password_hash: hash, default_space_id: spaceId })
            .returning(['id', 'login_id', 'name', 'status'])
            .executeTakeFirstOrThrow();
          await trx.insertInto('memberships').values({ space_id: spaceId, user_id: created.id, roles }).execute();
          await announceMembers(kernel, trx, 'org.member.joined', [{ spaceId, userId: created.id }], signedIn(req).userId);
          // The space's members quota and the licence's members per space (counted after the write).
          await assertWithinQuota(trx, spaceId, 'members', await activeMemberCount(trx, spaceId));
          return created;
        });
        return { code: 200, msg: 'ok', data: user };
      } catch (error) {
        if (isUniqueViolation(error)) throw fail.conflict('console.loginIdTaken', { loginId });
        if (isForeignKeyViolation(error)) throw fail.notFound('space.notFound');
        throw error;
      }
    },
  );

  app.patch(
    '/api/console/users/:id',
    { config: { access: manageUsers, action: 'console.user.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateUserBody } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const { user, revoked } = await kernel.transact(req, async (trx) => {
        const user = await trx
          .updateTable('users')
          .set(req.body)
          .where('id', '=', req.params.id)
          .returning(['id', 'login_id', 'name', 'phone', 'email', 'status'])
          .executeTakeFirst();
        if (!user) throw fail.notFound();
        // Disabling an account ends every session it has, everywhere.
        const revoked = user.status === 'disabled' ? await kernel.sessions.revoke(trx, { userId: user.id }) : [];
        return { user, revoked };
      });
      kernel.sessionsRevoked(revoked);
      return { code: 200, msg: 'ok', data: user };
    },
  );

  app.put(
    '/api/console/users/:id/memberships/:spaceId',
    { config: { access: manageUsers, action: 'console.membership.set' }, schema: { params: MembershipParam, querystring: NoQuery, body: MembershipBody } },
    async (req) => {
      req.ctx.auditTarget = `${req.params.id}@${req.params.spaceId}`;
      const clash = dutyClash(req.body.roles);
      if (clash) throw fail.unprocessable(clash);
      try {
        await kernel.transact(req, async (trx) => {
          // `xmax = 0` tells a row just inserted from one whose roles were changed: only the first is a member joining.
          const written = await trx
            .insertInto('memberships')
            .values({ user_id: req.params.id, space_id: req.params.spaceId, roles: req.body.roles })
            .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ roles: req.body.roles }))
            .returning(sql<boolean>`xmax = 0`.as('inserted'))
            .executeTakeFirstOrThrow();
          await assertWithinQuota(trx, req.params.spaceId, 'members', await activeMemberCount(trx, req.params.spaceId));
          if (written.inserted) await announceMembers(kernel, trx, 'org.member.joined', [{ spaceId: req.params.spaceId, userId: req.params.id }], signedIn(req).userId);
          await kernel.sessions.announceMembershipChange(trx);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw fail.notFound();
        throw error;
      }
      kernel.sessions.forget('all');
      return { code: 200, msg: 'ok', data: { userId: req.params.id, spaceId: req.params.spaceId, roles: req.body.roles } };
    },
  );

  app.delete(
    '/api/console/users/:id/memberships/:spaceId',
    { config: { access: manageUsers, action: 'console.membership.remove' }, schema: { params: MembershipParam, querystring: NoQuery } },
    async (req) => {
      req.ctx.auditTarget = `${req.params.id}@${req.params.spaceId}`;
      await kernel.transact(req, async (trx) => {
        const result = await trx.deleteFrom('memberships').where('user_id', '=', req.params.id).where('space_id', '=', req.params.spaceId).executeTakeFirst();
        if (result.numDeletedRows === 0n) throw fail.notFound();
        await announceMembers(kernel, trx, 'org.member.left', [{ spaceId: req.params.spaceId, userId: req.params.id }], signedIn(req).userId);
        await kernel.sessions.announceMembershipChange(trx);
        return result;
      });
      kernel.sessions.forget('all');
      return { code: 200, msg: 'ok', data: null };
    },
  );
}

export const consoleApp: ServerApp = { id: 'console', register };
