import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import {
  OPERATOR_USER_PAGE,
  OperatorUserQuery,
  RESET_LINK_HOURS,
  type OperatorUserDetail,
  type OperatorUserPage,
  type OperatorUserRow,
} from '../../../../shared/api/console-operator.ts';
import type { Db } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { hashToken } from '../../../kernel/sessions.ts';

const access = { permission: 'console.users.manage' } as const;
/** Never a valid scrypt hash: after a reset nobody signs in with the old password, only through the link. */
const RESET_PASSWORD = '!reset';

/** The failure counter's key of a login name (account/login.ts keeps it as a SHA-256 of the lower case). */
const loginKey = sql<string>`encode(sha256(convert_to(lower(u.login_id), 'UTF8')), 'hex')`;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

function rows(db: Db, now: Date) {
  return db
    .selectFrom('users as u')
    .leftJoin('login_failures as f', (join) => join.on(sql<string>`f.login_key`, '=', loginKey))
    .select([
      'u.id',
      'u.login_id as loginId',
      'u.name',
      'u.phone',
      'u.email',
      'u.status',
      'u.created_at as createdAt',
      sql<Date | null>`case when f.locked_until > ${now} then f.locked_until end`.as('lockedUntil'),
      sql<number>`(select count(*)::int from memberships m where m.user_id = u.id)`.as('spaces'),
    ]);
}

type Raw = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];
const rowOf = (r: Raw): OperatorUserRow => ({
  id: String(r.id),
  loginId: r.loginId,
  name: r.name,
  phone: r.phone,
  email: r.email,
  status: r.status,
  locked: r.status === 'disabled' || r.lockedUntil !== null,
  lockedUntil: r.lockedUntil ? new Date(r.lockedUntil).toISOString() : null,
  spaces: r.spaces,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * Every account of the platform (`/sysop/user`, `/sysop/user/edit`): search and pages, one account with its
 * memberships, lock (disabled: sign-in refused, every session ends at once), unlock (also forgives the wrong-password
 * hold), and reset (a one-time link to the invitation page; the old password stops working). Decision 0079.
 */
export function registerOperatorUserRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/operator/users', { config: { access }, schema: { querystring: OperatorUserQuery } }, async (req) => {
    const page = Number(req.query.page ?? 1);
    const now = new Date(kernel.clock.now());
    let query = rows(kernel.db, now);
    const q = req.query.q?.trim();
    if (q) {
      const like = `%${escapeLike(q)}%`;
      query = query.where((eb) => eb.or([eb('u.login_id', 'ilike', like), eb('u.name', 'ilike', like), eb('u.phone', 'ilike', like), eb('u.email', 'ilike', like)]));
    }
    if (req.query.state === 'locked') query = query.where((eb) => eb.or([eb('u.status', '=', 'disabled'), eb('f.locked_until', '>', now)]));
    if (req.query.state === 'active') query = query.where('u.status', '=', 'active').where((eb) => eb.or([eb('f.locked_until', 'is', null), eb('f.locked_until', '<=', now)]));
    if (req.query.state === 'invited') query = query.where('u.status', '=', 'invited');
    const [found, count] = await Promise.all([
      query.orderBy('u.id').limit(OPERATOR_USER_PAGE).offset((page - 1) * OPERATOR_USER_PAGE).execute(),
      query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const total = count.n;
    const data: OperatorUserPage = { users: found.map(rowOf), total, page, pageSize: OPERATOR_USER_PAGE };
    return { code: 200, msg: 'ok', data };
  });

  app.get('/api/console/operator/users/:id', { config: { access }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const now = new Date(kernel.clock.now());
    const row = await rows(kernel.db, now).where('u.id', '=', req.params.id).executeTakeFirst();
    if (!row) throw fail.notFound('consoleOperator.user.notFound');
    const memberships = await kernel.db
      .selectFrom('memberships as m')
      .innerJoin('spaces as s', 's.id', 'm.space_id')
      .select(['m.space_id as spaceId', 's.name as spaceName', 's.status as spaceStatus', 'm.roles', 'm.status'])
      .where('m.user_id', '=', req.params.id)
      .orderBy('m.space_id')
      .execute();
    const sessions = await kernel.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', req.params.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    const data: OperatorUserDetail = { ...rowOf(row), memberships, activeSessions: sessions.n };
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/console/operator/users/:id/lock', { config: { access, action: 'console.user.lock' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    if (req.params.id === signedIn(req).userId) throw fail.unprocessable('consoleOperator.user.notYourself');
    const revoked = await kernel.transact(req, async (trx) => {
      const user = await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', req.params.id).where('status', '<>', 'invited').returning('id').executeTakeFirst();
      if (!user) await refuseMissingOrInvited(trx, req.params.id);
      // Locked means out now: every session of the account ends, in every process (sessions.revoke notifies).
      return kernel.sessions.revoke(trx, { userId: req.params.id });
    });
    kernel.sessionsRevoked(revoked);
    return { code: 200, msg: 'ok', data: { id: req.params.id, locked: true, sessionsEnded: revoked.length } };
  });

  app.post('/api/console/operator/users/:id/unlock', { config: { access, action: 'console.user.unlock' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const user = await trx
        .updateTable('users as u')
        .set({ status: sql`case when u.status = 'disabled' then 'active' else u.status end`, failed_logins: 0, locked_until: null })
        .where('u.id', '=', req.params.id)
        .returning(loginKey.as('key'))
        .executeTakeFirst();
      if (!user) throw fail.notFound('consoleOperator.user.notFound');
      // Also forgive the wrong-password hold on the name, so its owner can try again now.
      await trx.deleteFrom('login_failures').where('login_key', '=', user.key).execute();
    });
    return { code: 200, msg: 'ok', data: { id: req.params.id, locked: false } };
  });

  app.post('/api/console/operator/users/:id/reset', { config: { access, action: 'console.user.resetPassword' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(kernel.clock.now() + RESET_LINK_HOURS * 3_600_000);
    const revoked = await kernel.transact(req, async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'status']).where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!user) throw fail.notFound('consoleOperator.user.notFound');
      if (user.status === 'disabled') throw fail.unprocessable('consoleOperator.user.resetLocked');
      await trx
        .updateTable('users')
        .set({ invite_token_hash: hashToken(token), invite_expires_at: expiresAt, ...(user.status === 'active' ? { password_hash: RESET_PASSWORD } : {}) })
        .where('id', '=', req.params.id)
        .execute();
      return kernel.sessions.revoke(trx, { userId: req.params.id });
    });
    kernel.sessionsRevoked(revoked);
    return { code: 200, msg: 'ok', data: { link: `/home/invitation/${token}`, expiresAt: expiresAt.toISOString() } };
  });
}

async function refuseMissingOrInvited(db: Db, id: string): Promise<never> {
  const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? fail.unprocessable('consoleOperator.user.invitedNotLockable') : fail.notFound('consoleOperator.user.notFound');
}

