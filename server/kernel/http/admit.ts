import { timingSafeEqual } from 'node:crypto';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { holds, type DelegablePermission } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import { fail } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { bearerOf } from '../bearer.ts';
import { idempotencyKeyOf } from '../idempotency.ts';
import { CSRF_HEADER, sessionCookieName, type Principal } from '../sessions.ts';
import type { Access, RequestContext, SpaceRef } from './context.ts';
import { spacePrefixOf } from './space-prefix.ts';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * Undefined when it could decide without waiting (the common case).
 */
function enforcePolicy(kernel: Kernel, ctx: RequestContext): Promise<void> | undefined {
  const principal = ctx.principal!;
  const policy = kernel.policies.get(ctx.space?.id ?? principal.spaceId);
  // A developer token has no session to idle out; the address rule below still holds for it.
  const alive = principal.tokenId ? true : kernel.idle.check(principal, policy.idleMinutes * 60_000);
  if (alive !== true) {
    return alive.then(async (stillAlive) => {
      if (!stillAlive) {
        const ids = await kernel.sessions.revoke(kernel.db, { sessionId: principal.sessionId });
        kernel.sessionsRevoked(ids);
        ctx.principal = null;
        throw fail.unauthorized('account.idleTimeout');
      }
      checkAddress(kernel, ctx);
    });
  }
  checkAddress(kernel, ctx);
  return undefined;
}

function checkAddress(kernel: Kernel, ctx: RequestContext): void {
  if (ctx.space && !ctx.principal!.isRoot && !kernel.policies.addressAllowed(ctx.space.id, ctx.roles, ctx.ip)) throw fail.forbidden('security.ipRefused');
}

type Step = Promise<void> | undefined;
const then = (step: Step, next: () => Step): Step => (step ? step.then(next) : next());

/**
 * Who calls, in which space, and whether they may call this route (the onRequest hook of every API route).
 * The common call — a cached session in one of its own spaces — is decided without a promise: each await on a
 * light call's path cost a measurable share of its throughput (bench:kernel). Undefined: decided; a promise:
 * still deciding. Throws (or rejects) with the refusal.
 */
export function admit(kernel: Kernel, req: FastifyRequest, reply: FastifyReply, ctx: RequestContext, config: FastifyContextConfig): Step {
  if (config.access === 'platformKey') {
    // The platform API takes only a platform key: no session, no CSRF (no cookie), no space (decision 0082).
    const retry = (seconds: number) => void reply.header('retry-after', String(seconds));
    return kernel.platformKeys.grant(req.headers.authorization, config.platformScope ?? '', kernel.clock.now(), retry).then((grant) => {
      ctx.platformKey = grant;
    });
  }
  const bearer = bearerOf(req.headers.authorization);
  if (bearer !== null) {
    // A developer token is sent deliberately, never by the browser on its own: no cookie, so no CSRF to defend.
    return kernel.bearer.principal(bearer, req.method, req.routeOptions.url ?? '', kernel.clock.now()).then((principal) => {
      ctx.principal = principal;
      return admitPrincipal(kernel, req, reply, ctx, config);
    });
  }
  const token = req.cookies[sessionCookieName(req.protocol === 'https')];
  const cached = kernel.sessions.cached(token);
  const withPrincipal = (principal: Principal | null) => {
    ctx.principal = principal;
    checkCsrf(req, principal);
    return admitPrincipal(kernel, req, reply, ctx, config);
  };
  return cached === undefined ? kernel.sessions.resolve(token).then(withPrincipal) : withPrincipal(cached);
}

function admitPrincipal(kernel: Kernel, req: FastifyRequest, reply: FastifyReply, ctx: RequestContext, config: FastifyContextConfig): Step {
  const principal = ctx.principal;
  const space = principal && !resolveOwnSpace(req, principal, ctx) ? resolveSpace(kernel, req, principal, ctx) : undefined;
  return then(space, () => {
    // Every answer says which space it acted in and whether that is the caller's own (spec §6).
    if (ctx.space) reply.header('x-space-id', ctx.space.id).header('x-cross-space', ctx.isCrossSpace ? '1' : '0');
    return then(ctx.principal ? enforcePolicy(kernel, ctx) : undefined, () => {
      if (!allows(config.access!, ctx.principal, ctx.roles, ctx.delegated, kernel.rolePermissions)) {
        throw ctx.principal ? fail.forbidden() : fail.unauthorized();
      }
      // A signed-in write may carry an Idempotency-Key: its transaction claims it (see transact), and a key
      // already used answers what it answered then (the error handler, KeyAlreadyUsed).
      if (!SAFE_METHODS.has(req.method) && ctx.principal) ctx.idempotencyKey = idempotencyKeyOf(req);
      return undefined;
    });
  });
}
