import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { fail } from '../errors.ts';
import type { Kernel } from '../kernel.ts';
import { accessLogWriter } from '../logger.ts';
import { entryFor } from '../audit.ts';
import { storeAnswer, watchBody } from '../idempotency.ts';
import { fencePool } from './answer-hold.ts';
import type { App } from './server.ts';
import type { RequestContext } from './context.ts';
import { SAFE_METHODS, admit } from './admit.ts';

export const LOCALE_COOKIE = 'locale';

function watchKeyedBody(req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload, done: (err: Error | null, value?: RequestPayload) => void): void {
  if (req.ctx?.idempotencyKey) watchBody(req, payload);
  done(null, payload);
}

export function installKernelHooks(app: App, kernel: Kernel): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (roles, permission or public).`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') kernel.apiRoutes.push({ method, url: route.url, access, action: route.config?.action, schema: route.schema });
    // A keyed write is bound to a hash of its body bytes (idempotency.ts): on the routes that take writes only,
    // as a hook on every route cost every read too (bench:kernel).
    if ([route.method].flat().some((method) => !SAFE_METHODS.has(method))) route.preParsing = [...[route.preParsing ?? []].flat(), watchKeyedBody];
  });

  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', (req, reply, done) => {
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
      hold: null,
      audited: false,
      platformKey: undefined,
    };
    req.ctx = ctx;
    const config = req.routeOptions.config;
    if (!config.access) return done(); // no API route: the web app's files and pages, or a 404
    if (kernel.maintenance.on && !config.allowInMaintenance) return done(fail.maintenance());
    let deciding;
    try {
      deciding = admit(kernel, req, reply, ctx, config);
    } catch (error) {
      return done(error as Error);
    }
    if (deciding) deciding.then(() => done(), done);
    else done();
  });

  const accessLog = accessLogWriter(kernel.log);
  app.addHook('onResponse', (req, reply, done) => {
    if (req.routeOptions.config.probe) return done();
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

  // A keyed write's transaction may still be open when its answer leaves (answer-hold.ts): connections taken meanwhile
  // wait for it, so the rest of its handler never reads past its uncommitted write.
  fencePool(kernel.databases.appPool);
  fencePool(kernel.databases.readPool);

  // A held transaction commits here, with the answer (decision 0108); what follows happens after the commit.
  app.addHook('onSend', (req, reply, payload, done) => {
    const hold = req.ctx?.hold;
    if (!hold) return afterCommit(req, reply, payload, done);
    const answer = reply.statusCode < 500 && typeof payload === 'string' ? { status: reply.statusCode, body: payload } : null;
    hold.answer(answer).then(
      () => afterCommit(req, reply, payload, done),
      (error: unknown) => {
        // The write rolled back, and its key with it: the error's own answer passes here again, with nothing held.
        req.ctx.hold = null;
        req.ctx.idempotencyClaimed = false;
        done(error as Error);
      },
    );
  });

  // The operation log is written before the answer leaves, so whoever reads it next sees this call.
  function afterCommit(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, value?: unknown) => void) {
    // A read-only POST (a chart's question) changed nothing: caches stay.
    if (!SAFE_METHODS.has(req.method) && !req.routeOptions.config.readOnly) for (const forget of kernel.writeAnswered) forget();
    const ctx = req.ctx;
    const kept = ctx?.hold?.stored;
    const keptAlready = kept?.status === reply.statusCode && kept.body === payload;
    if (ctx?.idempotencyClaimed && ctx.principal && ctx.idempotencyKey && reply.statusCode < 500 && typeof payload === 'string' && !keptAlready) {
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
  }

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
