import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { holds, type DelegablePermission } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import { fail } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { accessLogWriter } from '../logger.ts';
import { entryFor } from '../audit.ts';
import { bearerOf } from '../bearer.ts';
import { idempotencyKeyOf, storeAnswer, watchBody } from '../idempotency.ts';
import type { App } from './server.ts';
import { CSRF_HEADER, sessionCookieName, type Principal } from '../sessions.ts';
import type { Access, RequestContext, SpaceRef } from './context.ts';
import { spacePrefixOf } from './space-prefix.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const LOCALE_COOKIE = 'locale';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * CSRF defence: every state-changing call carries a custom header. Browsers cannot add it cross-site without a
 * CORS preflight (which this server never grants); signed-in calls must also echo the session's token.
 */
function checkCsrf(req: FastifyRequest, principal: Principal | null): void {
  if (SAFE_METHODS.has(req.method)) return;
  if (req.routeOptions.config.beacon && principal && beaconFromHere(req)) return;
  const header = req.headers[CSRF_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || (principal && !sameToken(value, principal.csrfToken))) throw fail.forbidden('request.csrfMissing');
}

/** A beacon (see `beacon` in context.ts): JSON, and an Origin, when the browser sends one, of this very host. */
function beaconFromHere(req: FastifyRequest): boolean {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return false;
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The common case without waiting: the request acts in a space the caller belongs to. False: not that case. */
function resolveOwnSpace(req: FastifyRequest, principal: Principal, ctx: RequestContext): boolean {
  const prefix = spacePrefixOf(req.raw);
  const own = principal.memberships.find((m) => m.spaceId === principal.spaceId) ?? principal.memberships[0];
  const membership = prefix === null ? own : principal.memberships.find((m) => m.spaceId === prefix);
  if (!membership) return false;
  ctx.space = { id: membership.spaceId, name: membership.spaceName };
  ctx.roles = principal.isRoot ? [...new Set([...membership.roles, 'root' as const])] : membership.roles;
  ctx.delegated = membership.delegated;
  ctx.isCrossSpace = prefix !== null && prefix !== own?.spaceId;
  return true;
}

/** Resolves the space of the request and the caller's roles in it; refuses spaces the caller does not belong to. */
async function resolveSpace(kernel: Kernel, req: FastifyRequest, principal: Principal, ctx: RequestContext) {
  const prefix = spacePrefixOf(req.raw);
  const own = principal.memberships.find((m) => m.spaceId === principal.spaceId) ?? principal.memberships[0] ?? null;
  const wanted = prefix ?? own?.spaceId ?? null;
  const rootRoles: Role[] = principal.isRoot ? ['root'] : [];
  ctx.isCrossSpace = prefix !== null && prefix !== own?.spaceId;
  if (wanted === null) {
    ctx.roles = rootRoles;
    return;
  }
  const membership = principal.memberships.find((m) => m.spaceId === wanted);
  if (membership) {
    ctx.space = { id: membership.spaceId, name: membership.spaceName };
    ctx.roles = [...new Set([...membership.roles, ...rootRoles])];
    ctx.delegated = membership.delegated;
    return;
  }
  if (!principal.isRoot) throw fail.forbidden('space.notMember');
  // Root may enter any space; every such request is written to the operation log (onResponse).
  const space: SpaceRef | undefined = await kernel.db
    .selectFrom('spaces')
    .select(['id', 'name'])
    .where('id', '=', wanted)
    .executeTakeFirst();
  if (!space) throw fail.notFound('space.notFound');
  ctx.space = space;
  ctx.roles = rootRoles;
}

/**
 * The space's security policy on every signed-in call: a session idle longer than the policy allows ends here
 * (revoked everywhere), and a role limited to certain addresses is refused elsewhere. Root is the platform's.
 */
async function enforcePolicy(kernel: Kernel, ctx: RequestContext): Promise<void> {
  const principal = ctx.principal!;
  const policy = kernel.policies.get(ctx.space?.id ?? principal.spaceId);
  // A developer token has no session to idle out; the address rule below still holds for it.
  const alive = principal.tokenId ? true : kernel.idle.check(principal, policy.idleMinutes * 60_000);
  if (alive !== true && !(await alive)) {
    const ids = await kernel.sessions.revoke(kernel.db, { sessionId: principal.sessionId });
    kernel.sessionsRevoked(ids);
    ctx.principal = null;
    throw fail.unauthorized('account.idleTimeout');
  }
  if (ctx.space && !principal.isRoot && !kernel.policies.addressAllowed(ctx.space.id, ctx.roles, ctx.ip)) throw fail.forbidden('security.ipRefused');
}

/** `table`: who holds what now (root's changes, decision 0081); the built-in table when absent. */
export function allows(
  access: Access,
  principal: Principal | null,
  roles: readonly Role[],
  delegated: readonly DelegablePermission[] = [],
  table: { holds: typeof holds } = { holds },
): boolean {
  if (access === 'public') return true;
  if (access === 'platformKey') return false; // a session never opens the platform API (decision 0082)
  if (!principal) return false;
  if (access === 'signedIn') return true;
  if ('roles' in access) return access.roles.some((role) => roles.includes(role));
  return table.holds(access.permission, roles, delegated);
}

export function installKernelHooks(app: App, kernel: Kernel): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (roles, permission or public).`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') kernel.apiRoutes.push({ method, url: route.url, access, action: route.config?.action, schema: route.schema });
  });

  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', async (req, reply) => {
    const query = req.query as Record<string, unknown> | undefined;
    const ctx: RequestContext = {
      language: kernel.i18n.pick(query?.lang, req.cookies[LOCALE_COOKIE], req.headers['accept-language'], kernel.platform.chosenLanguage),
      ip: req.ip,
      principal: null,
      space: null,
      roles: [],
      delegated: [],
      isCrossSpace: false,
      auditTarget: null,
      afterCommit: [],
      idempotencyKey: null,
      idempotencyClaimed: false,
      audited: false,
    };
    req.ctx = ctx;
    const config = req.routeOptions.config;
    if (!config.access) return; // no API route: the web app's files and pages, or a 404
    if (kernel.maintenance.on && !config.allowInMaintenance) throw fail.maintenance();
    if (config.access === 'platformKey') {
      // The platform API takes only a platform key: no session, no CSRF (no cookie), no space (decision 0082).
      const retry = (seconds: number) => void reply.header('retry-after', String(seconds));
      ctx.platformKey = await kernel.platformKeys.grant(req.headers.authorization, config.platformScope ?? '', kernel.clock.now(), retry);
      return;
    }
    const bearer = bearerOf(req.headers.authorization);
    if (bearer !== null) {
      // A developer token is sent deliberately, never by the browser on its own: no cookie, so no CSRF to defend.
      ctx.principal = await kernel.bearer.principal(bearer, req.method, req.routeOptions.url ?? '', kernel.clock.now());
    } else {
      const token = req.cookies[sessionCookieName(req.protocol === 'https')];
      ctx.principal = kernel.sessions.cached(token) ?? (await kernel.sessions.resolve(token));
      checkCsrf(req, ctx.principal);
    }
    if (ctx.principal && !resolveOwnSpace(req, ctx.principal, ctx)) await resolveSpace(kernel, req, ctx.principal, ctx);
    // Every answer says which space it acted in and whether that is the caller's own (spec §6).
    if (ctx.space) reply.header('x-space-id', ctx.space.id).header('x-cross-space', ctx.isCrossSpace ? '1' : '0');
    if (ctx.principal) await enforcePolicy(kernel, ctx);
    if (!allows(config.access, ctx.principal, ctx.roles, ctx.delegated, kernel.rolePermissions)) {
      throw ctx.principal ? fail.forbidden() : fail.unauthorized();
    }
    // A signed-in write may carry an Idempotency-Key: its transaction claims it (see transact), and a key
    // already used answers what it answered then (the error handler, KeyAlreadyUsed).
    if (!SAFE_METHODS.has(req.method) && ctx.principal) ctx.idempotencyKey = idempotencyKeyOf(req);
  });

  // A keyed write is bound to a hash of its body bytes (idempotency.ts).
  app.addHook('preParsing', (req, _reply, payload, done) => {
    if (req.ctx?.idempotencyKey) watchBody(req, payload);
    done(null, payload);
  });

  const accessLog = accessLogWriter(kernel.log);
  app.addHook('onResponse', (req, reply, done) => {
    // Interface watch (decision 0085): API routes only, by pattern; the web app's files are not interfaces.
    if (req.routeOptions.config.access) kernel.watch.record(req.method, req.routeOptions.url ?? '', reply.statusCode, reply.elapsedTime);
    accessLog?.({
      reqId: req.id,
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      user: req.ctx?.principal?.userId,
    });
    done();
  });

  // The operation log is written before the answer leaves, so whoever reads it next sees this call.
  app.addHook('onSend', (req, reply, payload, done) => {
    const ctx = req.ctx;
    if (ctx?.idempotencyClaimed && ctx.principal && ctx.idempotencyKey && reply.statusCode < 500 && typeof payload === 'string') {
      const stored = storeAnswer(kernel.db, ctx.principal.userId, ctx.idempotencyKey, reply.statusCode, payload);
      ctx.idempotencyClaimed = false; // store once, then continue with the audit below
      stored.then(
        () => onSendAudit(req, reply, payload, done),
        (error: unknown) => {
          kernel.log.error({ err: error }, 'storing an idempotent answer failed');
          onSendAudit(req, reply, payload, done);
        },
      );
      return;
    }
    onSendAudit(req, reply, payload, done);
  });

  function onSendAudit(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) {
    const ctx = req.ctx;
    const principal = ctx?.principal;
    const mutating = !SAFE_METHODS.has(req.method) && !req.routeOptions.config.readOnly;
    const rootVisit = principal?.isRoot === true && ctx.isCrossSpace && ctx.space !== null;
    // A refused read is an attempt an auditor must see, like a refused write: any failure in a space the caller
    // does not belong to, and a signed-in caller's 403 or 404 anywhere (ids of other spaces' data answer 404).
    const refusedRead = (ctx?.isCrossSpace === true && reply.statusCode >= 400) || (!!principal && (reply.statusCode === 403 || reply.statusCode === 404));
    const logged = ctx?.audited && reply.statusCode < 400;
    // Every call of a developer token is logged, reads too: the member answers for what his scripts did.
    const byToken = !!principal?.tokenId;
    if (!ctx || !req.routeOptions.config.access || (!mutating && !rootVisit && !refusedRead && !byToken) || logged) {
      done(null, payload);
      return;
    }
    kernel.audit.record(entryFor(req, reply.statusCode)).then(() => done(null, payload), done);
  }
}
