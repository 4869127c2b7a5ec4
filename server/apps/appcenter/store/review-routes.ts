import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { ListedBody, RejectBody, ReviewQuery, STORE_API, StoreIdParam, type PackageSummary, type RootStoreApp } from '../../../../shared/api/appcenter-store.ts';
import { packageProblems, type AppPackage } from '../../../../shared/appcenter/package.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { root, versionOf } from './actor.ts';
import { readPackage } from './package.ts';
import { decide, reviewApps, reviewPackage, reviewVersions, setListed } from './review-store.ts';

/** What the package holds, read the one way packages are read (a tampered or malformed one is shown as such). */
function summaryOf(stored: unknown, hash: string): PackageSummary {
  try {
    const pkg = readPackage(stored, hash);
    return {
      hash,
      valid: true,
      problems: [],
      forms: pkg.parts.forms.forms.map((f) => ({ name: f.name, fields: f.definition.fields.length, views: f.views.length, rules: f.rules.length })),
      flows: pkg.parts.workflow?.flows.length ?? 0,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const problems = error.key === 'appcenter.store.tampered' ? [error.key] : packageProblems(stored).map((p) => p.key);
    const forms = (stored as Partial<AppPackage>)?.parts?.forms?.forms ?? [];
    return { hash, valid: false, problems, forms: forms.map((f) => ({ name: String(f?.name ?? ''), fields: 0, views: 0, rules: 0 })), flows: 0 };
  }
}

/** A refused decision: no such version (404), or one no longer pending or changed since it was read (409). */
function refuse(outcome: 'missing' | 'reviewed'): never {
  throw outcome === 'missing' ? fail.notFound('appcenter.store.versionNotFound') : fail.conflict('appcenter.store.alreadyReviewed');
}

/** A version as the reviewer sees it after a decision. */
async function reviewed(trx: Trx, id: string) {
  return versionOf((await reviewVersions(trx, { id }))[0]!);
}

/**
 * Review (root: `console/tmp/appstore/audit`, `root/application`, the released and trial version pages): every
 * space's submissions, approving (the package is read and checked first) or rejecting with a reason, and taking
 * an application off the store. Every space's rows are reached only through review-store.ts (decision 0102).
 */
export function registerReviewRoutes(app: App, kernel: Kernel): void {
  app.get(`${STORE_API}/review`, { config: { access: root }, schema: { querystring: ReviewQuery } }, async (req) => {
    const state = req.query.state ?? 'pending';
    const versions = await kernel.transact(req, async (trx) =>
      (await reviewVersions(trx, { state: state === 'all' ? null : state, channel: req.query.channel ?? null, limit: 500 })).map(versionOf),
    );
    return { code: 200, msg: 'ok', data: { versions } };
  });

  app.get(`${STORE_API}/review/:id`, { config: { access: root }, schema: { params: StoreIdParam, querystring: NoQuery } }, async (req) => {
    const data = await kernel.transact(req, async (trx) => {
      const [row] = await reviewVersions(trx, { id: req.params.id });
      const stored = row && (await reviewPackage(trx, req.params.id));
      if (!row || !stored) throw fail.notFound('appcenter.store.versionNotFound');
      return { version: versionOf(row), summary: summaryOf(stored.package, stored.hash) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post(`${STORE_API}/review/:id/approve`, { config: { access: root, action: 'appcenter.store.approve' }, schema: { params: StoreIdParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const version = await kernel.transact(req, async (trx) => {
      const stored = await reviewPackage(trx, req.params.id);
      if (!stored) refuse('missing');
      if (stored.state !== 'pending') refuse('reviewed');
      readPackage(stored.package, stored.hash);
      const outcome = await decide(trx, req.params.id, { approve: true, hash: stored.hash, reviewer: req.ctx.principal!.userId });
      if (outcome !== 'done') refuse(outcome);
      return reviewed(trx, req.params.id);
    });
    return { code: 200, msg: 'ok', data: version };
  });

  app.post(`${STORE_API}/review/:id/reject`, { config: { access: root, action: 'appcenter.store.reject' }, schema: { params: StoreIdParam, querystring: NoQuery, body: RejectBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const reason = req.body.reason.trim();
    if (!reason) throw fail.unprocessable('appcenter.store.reasonRequired');
    const version = await kernel.transact(req, async (trx) => {
      const outcome = await decide(trx, req.params.id, { approve: false, reason, reviewer: req.ctx.principal!.userId });
      if (outcome !== 'done') refuse(outcome);
      return reviewed(trx, req.params.id);
    });
    return { code: 200, msg: 'ok', data: version };
  });

  app.get(`${STORE_API}/review-apps`, { config: { access: root }, schema: { querystring: NoQuery } }, async (req) => {
    const apps = await kernel.transact(req, async (trx): Promise<RootStoreApp[]> => {
      const rows = await reviewApps(trx, 500);
      const versions = rows.length ? (await reviewVersions(trx, { appIds: rows.map((r) => r.id) })).sort((a, b) => b.seq - a.seq).map(versionOf) : [];
      return rows.map((r) => ({ id: r.id, name: r.name, spaceName: r.space_name, listed: r.listed, released: r.released, versions: versions.filter((v) => v.storeAppId === r.id) }));
    });
    return { code: 200, msg: 'ok', data: { apps } };
  });

  /** Taking an app off the store hides it from browsing and installing; spaces that installed it keep their copy. */
  app.put(`${STORE_API}/review-apps/:id/listed`, { config: { access: root, action: 'appcenter.store.list' }, schema: { params: StoreIdParam, querystring: NoQuery, body: ListedBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      if (!(await setListed(trx, req.params.id, req.body.listed))) throw fail.notFound('appcenter.store.appNotFound');
    });
    return { code: 200, msg: 'ok', data: { listed: req.body.listed } };
  });
}
