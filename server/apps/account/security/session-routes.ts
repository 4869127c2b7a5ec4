import { createHash } from 'node:crypto';
import type { SessionView } from '../../../../shared/api/account-security.ts';
import { SessionParam } from '../../../../shared/api/account-security.ts';
import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

/** What the page calls a session: derived from the stored id, which is itself a hash of the cookie token. */
const publicId = (sessionId: string) => createHash('sha256').update(`view:${sessionId}`).digest('hex').slice(0, 16);

/** The account's live sessions, newest activity first. Only ever the caller's own: the user id is the session's. */
const liveSessions = (kernel: Kernel, trx: Trx, userId: string) =>
  trx
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(kernel.clock.now()))
    .orderBy('last_seen_at', 'desc')
    .execute();

/** Active sessions: see them, end one, end all but this one (decision 0057). */
export function registerSessionRoutes(app: App, kernel: Kernel): void {
  app.get('/api/account/security/sessions', { config: { access: 'signedIn' }, schema: { querystring: NoQuery } }, async (req) => {
    const principal = signedIn(req);
    const rows = await kernel.transact(req, (trx) => liveSessions(kernel, trx, principal.userId));
    const sessions: SessionView[] = rows.map((r) => ({
      id: publicId(r.id),
      userAgent: r.user_agent,
      ip: r.ip,
      createdAt: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      current: r.id === principal.sessionId,
    }));
    return { code: 200, msg: 'ok', data: { sessions } };
  });

  app.delete('/api/account/security/sessions/:id', { config: { access: 'signedIn', action: 'account.session.revoke' }, schema: { params: SessionParam, querystring: NoQuery } }, async (req) => {
    const principal = signedIn(req);
    const revoked = await kernel.transact(req, async (trx) => {
      const target = (await liveSessions(kernel, trx, principal.userId)).find((r) => publicId(r.id) === req.params.id);
      if (!target) throw fail.notFound('accountSecurity.sessionNotFound');
      // This very session ends through "sign out", which also clears the cookies.
      if (target.id === principal.sessionId) throw fail.unprocessable('accountSecurity.thisSession');
      return kernel.sessions.revoke(trx, { sessionId: target.id });
    });
    kernel.sessionsRevoked(revoked);
    return { code: 200, msg: 'accountSecurity.sessionEnded', data: null };
  });

  app.post('/api/account/security/sessions/sign-out-others', { config: { access: 'signedIn', action: 'account.session.revokeOthers' }, schema: { querystring: NoQuery, body: NoBody } }, async (req) => {
    const principal = signedIn(req);
    const revoked = await kernel.transact(req, async (trx) => {
      await trx.deleteFrom('account_pending_signins').where('user_id', '=', principal.userId).execute();
      return kernel.sessions.revoke(trx, { userId: principal.userId, keep: principal.sessionId });
    });
    kernel.sessionsRevoked(revoked);
    return { code: 200, msg: 'accountSecurity.othersEnded', params: { count: revoked.length }, data: { ended: revoked.length } };
  });
}
