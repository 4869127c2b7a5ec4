import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../shared/i18n/index.ts';
import type { DelegablePermission, Permission } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import { inSpace, type Db, type Trx } from '../db/pool.ts';
import { fail } from '../errors.ts';
import { KeyAlreadyUsed, bindingOf, claimKey, storeAnswerIn } from '../idempotency.ts';
import { entryFor, type Audit } from '../audit.ts';
import type { Principal } from '../sessions.ts';
import type { PlatformKeyGrant } from '../platform-keys.ts';
import { AnswerHold } from './answer-hold.ts';

/** Who may call a route. Every route declares one; a route without it stops the server at boot. */
/** `platformKey`: the platform API, called only with an operator's platform key (decision 0082), never a session. */
export type Access = 'public' | 'signedIn' | 'platformKey' | { roles: readonly Role[] } | { permission: Permission };

export interface SpaceRef {
  id: string;
  name: string;
}

/** Everything a handler needs about the caller, resolved once per request by the kernel's hooks. */
export interface RequestContext {
  language: Language;
  ip: string;
  principal: Principal | null;
  /** The space this request acts in: the `/space-{id}` prefix, else the session's own space. */
  space: SpaceRef | null;
  /** The caller's roles in `space` (root keeps `root` everywhere). */
  roles: Role[];
  /** Console permissions delegated to the caller in `space` beyond their roles (decision 0045). */
  delegated: readonly DelegablePermission[];
  isCrossSpace: boolean;
  /** What the operation log names as the target of a mutating call. */
  auditTarget: string | null;
  afterCommit: Array<() => void>;
  /** Idempotency-Key of a signed-in write; `idempotencyClaimed` once its transaction claimed it. */
  idempotencyKey: string | null;
  idempotencyClaimed: boolean;
  /** The claiming transaction, held open until the answer is known to store it with the write (decision 0108). */
  hold: AnswerHold | null;
  /** The operation-log entry was written inside the request's transaction (onSend then skips it). */
  audited: boolean;
  /** The platform key of a platform API call (decision 0082); unset on every other route. */
  platformKey?: PlatformKeyGrant;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Operation-log action id, e.g. `org.department.create`. */
    action?: string;
    /**
     * A POST whose body is only a question (a chart's query, a board's filters): nothing changes, so it is not an
     * operation to log — a wall screen refreshing every ten seconds would otherwise fill the operation log.
     */
    readOnly?: boolean;
    /**
     * A `navigator.sendBeacon` target (event tracking): a beacon cannot carry the CSRF header, so a JSON body (which
     * a cross-site page cannot send without a CORS preflight, never granted) from this origin stands in for it.
     */
    beacon?: boolean;
    /** Answered while maintenance mode is on (only login and the status call). */
    allowInMaintenance?: boolean;
    /** The scope a platform key needs for this route (with `access: 'platformKey'`). */
    platformScope?: string;
    /** A load balancer's health probe (every few seconds): neither in the access log nor in the interface watch. */
    probe?: boolean;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export function signedIn(req: FastifyRequest): Principal {
  if (!req.ctx.principal) throw fail.unauthorized();
  return req.ctx.principal;
}

export function currentSpace(req: FastifyRequest): SpaceRef {
  if (!req.ctx.space) throw fail.forbidden('space.none');
  return req.ctx.space;
}

/**
 * One request, one transaction: `work` runs in a transaction scoped (by row-level security) to the request's
 * space; after it commits, the callbacks queued with `afterCommit` run (cache drops, local notices).
 * A keyed write's transaction is held after its work until the handler's answer is known, which commits with the
 * write (answer-hold.ts, decision 0108): the handler gets the result before the commit.
 */
export async function transact<T>(db: Db, req: FastifyRequest, work: (trx: Trx) => Promise<T>, audit?: Audit): Promise<T> {
  // A request's next transaction begins once its held one has committed: it may build on what that one wrote.
  await req.ctx.hold?.release();
  const { idempotencyKey, principal } = req.ctx;
  const spaceId = req.ctx.space?.id ?? null;
  // A handler with several transactions claims its key in the first one only.
  const claim = idempotencyKey && principal && !req.ctx.idempotencyClaimed ? { userId: principal.userId, key: idempotencyKey, binding: await bindingOf(req) } : null;
  // With a key, one statement both sets the space and claims the key (a round trip less per write).
  const run = claim ? (body: (trx: Trx) => Promise<T>) => db.transaction().execute(body) : (body: (trx: Trx) => Promise<T>) => inSpace(db, spaceId, body);
  const hold = claim ? new AnswerHold() : null;
  let handOver: (done: T) => void = () => undefined;
  const handedOver = new Promise<T>((resolve) => (handOver = resolve));
  const outcome = run(async (trx) => {
    if (claim && !(await claimKey(trx, claim.userId, claim.key, claim.binding))) {
      throw new KeyAlreadyUsed(claim.userId, claim.key, claim.binding);
    }
    const done = await work(trx);
    // A signed-in write that went through is logged in its own transaction: one commit, not two.
    // A handler whose writes logged themselves (one entry per record, decision 0094) has set `audited` already.
    if (!req.ctx.audited && audit && principal && !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && !req.routeOptions.config.readOnly) {
      await audit.record(entryFor(req, 200), trx);
      req.ctx.audited = true;
    }
    // Callbacks queued for after the commit refresh what the rest of the handler may answer from (a cache): that
    // rest must run after them, so such a transaction commits at once and its answer is stored after, as before.
    if (claim && hold && req.ctx.afterCommit.length === 0) {
      req.ctx.idempotencyClaimed = true;
      req.ctx.hold = hold;
      const answer = await hold.wait(() => handOver(done));
      if (answer) await storeAnswerIn(trx, claim.userId, claim.key, answer);
    }
    return done;
  });
  if (!hold) return committed(req, await outcome);
  hold.track(outcome.then(() => req.ctx.hold === hold && committed(req, null)));
  const done = await Promise.race([handedOver, outcome]);
  if (req.ctx.hold === hold) return done;
  req.ctx.idempotencyClaimed = true;
  return committed(req, done);
}

function committed<T>(req: FastifyRequest, done: T): T {
  for (const callback of req.ctx.afterCommit.splice(0)) callback();
  return done;
}
