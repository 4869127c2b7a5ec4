import { LoginBody, PasswordChangeBody, SwitchSpaceBody } from '../../../shared/api/account.ts';
import { NoBody, NoQuery } from '../../../shared/api/common.ts';
import { passwordChangeProblems } from '../../../shared/validation/password.ts';
import { passwordPolicyProblems } from '../../../shared/security-policy.ts';
import { signedIn } from '../../kernel/http/context.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { hashPassword, verifyPassword } from '../../kernel/passwords.ts';
import type { ServerApp } from '../types.ts';
import { registerDeveloper } from './developer/index.ts';
import { registerInvitationRoutes } from './invitation.ts';
import { authenticate, closedSpaceOf } from './login.ts';
import { notePasswordStrength } from './security/level.ts';
import { registerSecurityRoutes } from './security/routes.ts';
import { startSecondStep, twoStepEnabled } from './security/second-factor.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';

function register(app: App, kernel: Kernel): void {
  registerInvitationRoutes(app, kernel);
  registerDeveloper(app, kernel);
  registerSecurityRoutes(app, kernel);
  app.post(
    '/api/account/login',
    { config: { access: 'public', allowInMaintenance: true, action: 'account.login' }, schema: { querystring: NoQuery, body: LoginBody } },
    async (req, reply) => {
      const { loginId, password } = req.body;
      req.ctx.auditTarget = loginId.slice(0, 64);
      // The failure counters must persist although the sign-in fails, so the error leaves after the commit.
      const outcome = await kernel.transact(req, async (trx) => {
        const result = await authenticate(kernel, trx, loginId, password, req.ctx.ip);
        if (!result.user) return { error: result.error };
        const memberships = await kernel.sessions.memberships(result.user.id, trx);
        // Disabled in every space they belong to: the account is shut out, as a disabled account is.
        if (!memberships.length && (await trx.selectFrom('memberships').select('user_id').where('user_id', '=', result.user.id).where('status', '=', 'disabled').executeTakeFirst())) {
          return { error: new AppError(403, 'account.disabled') };
        }
        // Every space of theirs suspended or archived by the operator: say so, with the reason given.
        const closed = memberships.length ? undefined : await closedSpaceOf(trx, result.user.id);
        if (closed) return { error: new AppError(403, `consoleSpaces.signIn.${closed.status}`, { reason: closed.status_reason ?? '' }) };
        const spaceId =
          memberships.find((m) => m.spaceId === result.user.default_space_id)?.spaceId ?? memberships[0]?.spaceId ?? null;
        await notePasswordStrength(kernel, trx, result.user.id, password);
        // Two-step verification on: no session yet, only a short-lived ticket for the code (decision 0056).
        if (await twoStepEnabled(trx, result.user.id)) {
          return { ticket: await startSecondStep(kernel, trx, result.user.id, spaceId, req.ctx.ip, req.headers['user-agent'] ?? null) };
        }
        const session = await kernel.sessions.create(trx, result.user.id, spaceId, req.ctx.ip, req.headers['user-agent'] ?? null);
        return { session, userId: result.user.id, spaceId };
      });
      if ('error' in outcome) throw outcome.error as AppError;
      if ('ticket' in outcome) return { code: 200, msg: 'accountSecurity.secondStepNeeded', data: { secondStep: true, ticket: outcome.ticket } };
      setSessionCookies(req, reply, outcome.session.token, outcome.session.csrfToken, outcome.session.maxAgeSeconds);
      return { code: 200, msg: 'ok', data: { userId: outcome.userId, spaceId: outcome.spaceId, csrfToken: outcome.session.csrfToken } };
    },
  );

  app.post(
    '/api/account/logout',
    { config: { access: 'signedIn', action: 'account.logout' }, schema: { querystring: NoQuery, body: NoBody } },
    async (req, reply) => {
      const principal = signedIn(req);
      const ids = await kernel.transact(req, (trx) => kernel.sessions.revoke(trx, { sessionId: principal.sessionId }));
      kernel.sessionsRevoked(ids);
      clearSessionCookies(req, reply);
      return { code: 200, msg: 'account.signedOut', data: null };
    },
  );

  app.get('/api/account/me', { config: { access: 'signedIn' }, schema: { querystring: NoQuery } }, async (req) => {
    const p = signedIn(req);
    return {
      code: 200,
      msg: 'ok',
      data: {
        id: p.userId,
        loginId: p.loginId,
        name: p.name,
        phone: p.phone,
        email: p.email,
        ownSpaceId: p.spaceId,
        space: req.ctx.space,
        roles: req.ctx.roles,
        isCrossSpace: req.ctx.isCrossSpace,
        spaces: p.memberships.map((m) => ({ id: m.spaceId, name: m.spaceName, roles: m.roles })),
      },
    };
  });

  app.post(
    '/api/account/password',
    { config: { access: 'signedIn', action: 'account.password.change' }, schema: { querystring: NoQuery, body: PasswordChangeBody } },
    async (req) => {
      const principal = signedIn(req);
      const problem = passwordChangeProblems(req.body)[0];
      if (problem) throw fail.badRequest(problem.key, problem.params, { field: problem.field });
      const revoked = await kernel.transact(req, async (trx) => {
        const user = await trx.selectFrom('users').select('password_hash').where('id', '=', principal.userId).forUpdate().executeTakeFirstOrThrow();
        if (!(await verifyPassword(req.body.currentPassword, user.password_hash))) {
          throw fail.badRequest('account.currentPasswordWrong', {}, { field: 'currentPassword' });
        }
        // The password rules of the space the member works in (its security policy).
        const rule = passwordPolicyProblems(req.body.newPassword, kernel.policies.get(principal.spaceId), 'newPassword')[0];
        if (rule) throw fail.unprocessable(rule.key, rule.params, { field: rule.field });
        const hash = await hashPassword(req.body.newPassword);
        await trx.updateTable('users').set({ password_hash: hash, password_changed_at: new Date(kernel.clock.now()) }).where('id', '=', principal.userId).execute();
        await notePasswordStrength(kernel, trx, principal.userId, req.body.newPassword);
        return kernel.sessions.revoke(trx, { userId: principal.userId, keep: principal.sessionId });
      });
      kernel.sessionsRevoked(revoked);
      return { code: 200, msg: 'account.passwordChanged', data: { revokedSessions: revoked.length } };
    },
  );

  app.post(
    '/api/account/space',
    { config: { access: 'signedIn', action: 'account.space.switch' }, schema: { querystring: NoQuery, body: SwitchSpaceBody } },
    async (req) => {
      const principal = signedIn(req);
      const membership = principal.memberships.find((m) => m.spaceId === req.body.spaceId);
      if (!membership) throw fail.forbidden('space.notMember');
      req.ctx.auditTarget = membership.spaceId;
      await kernel.transact(req, (trx) => kernel.sessions.setSpace(trx, principal.sessionId, membership.spaceId));
      kernel.sessions.forget([principal.sessionId]);
      return { code: 200, msg: 'account.spaceSwitched', params: { name: membership.spaceName }, data: { spaceId: membership.spaceId } };
    },
  );
}

export const accountApp: ServerApp = { id: 'account', register };
