import { sql } from 'kysely';
import { NoBody, NoQuery } from '../../../../shared/api/common.ts';
import { ListedBody, RejectBody, ReviewQuery, STORE_API, StoreIdParam, type PackageSummary, type RootStoreApp } from '../../../../shared/api/appcenter-store.ts';
import { packageProblems, type AppPackage } from '../../../../shared/appcenter/package.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { AppError, fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { asReviewer, root, versionOf, versionQuery } from './actor.ts';
import { readPackage } from './package.ts';

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

async function pendingVersion(trx: Trx, id: string) {
  const row = await trx.selectFrom('appcenter_store_version').select(['id', 'state', 'store_app_id', 'package', 'hash']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw fail.notFound('appcenter.store.versionNotFound');
  if (row.state !== 'pending') throw fail.conflict('appcenter.store.alreadyReviewed');
  return row;
}

/**
 * Review (root: `console/tmp/appstore/audit`, `root/application`, the released and trial version pages): every
 * space's submissions, approving (the package is read and checked first) or rejecting with a reason, and taking
 * an application off the store. The review policies of migration 0004 open the tables to this transaction only.
 */
export function registerReviewRoutes(app: App, kernel: Kernel): void {
  const review = <T>(req: Parameters<Kernel['transact']>[0], work: (trx: Trx) => Promise<T>) =>
    kernel.transact(req, async (trx) => {
      await asReviewer(trx);
      return work(trx);
    });

  app.get(`${STORE_API}/review`, { config: { access: root }, schema: { querystring: ReviewQuery } }, async (req) => {
    const state = req.query.state ?? 'pending';
    const versions = await review(req, async (trx) => {
      let query = versionQuery(trx);
      if (state !== 'all') query = query.where('v.state', '=', state);
      if (req.query.channel) query = query.where('v.channel', '=', req.query.channel);
      return (await query.orderBy('v.submitted_at', 'desc').orderBy('v.id', 'desc').limit(500).execute()).map(versionOf);
    });
    return { code: 200, msg: 'ok', data: { versions } };
  });

  app.get(`${STORE_API}/review/:id`, { config: { access: root }, schema: { params: StoreIdParam, querystring: NoQuery } }, async (req) => {
    const data = await review(req, async (trx) => {
      const row = await versionQuery(trx).select(['v.package', 'v.hash']).where('v.id', '=', req.params.id).executeTakeFirst();
      if (!row) throw fail.notFound('appcenter.store.versionNotFound');
      return { version: versionOf(row), summary: summaryOf(row.package, row.hash) };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post(`${STORE_API}/review/:id/approve`, { config: { access: root, action: 'appcenter.store.approve' }, schema: { params: StoreIdParam, querystring: NoQuery, body: NoBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const version = await review(req, async (trx) => {
      const row = await pendingVersion(trx, req.params.id);
      readPackage(row.package, row.hash);
      const reviewed = { reviewed_by: req.ctx.principal!.userId, reviewed_at: sql<Date>`clock_timestamp()` };
      await trx.updateTable('appcenter_store_version').set({ state: 'approved', reason: null, ...reviewed }).where('id', '=', row.id).execute();
      await trx.updateTable('appcenter_store_app').set({ released: true, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', row.store_app_id).execute();
      return versionOf(await versionQuery(trx).where('v.id', '=', row.id).executeTakeFirstOrThrow());
    });
    return { code: 200, msg: 'ok', data: version };
  });

  app.post(`${STORE_API}/review/:id/reject`, { config: { access: root, action: 'appcenter.store.reject' }, schema: { params: StoreIdParam, querystring: NoQuery, body: RejectBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const reason = req.body.reason.trim();
    if (!reason) throw fail.unprocessable('appcenter.store.reasonRequired');
    const version = await review(req, async (trx) => {
      const row = await pendingVersion(trx, req.params.id);
      await trx.updateTable('appcenter_store_version').set({ state: 'rejected', reason, reviewed_by: req.ctx.principal!.userId, reviewed_at: sql<Date>`clock_timestamp()` }).where('id', '=', row.id).execute();
      return versionOf(await versionQuery(trx).where('v.id', '=', row.id).executeTakeFirstOrThrow());
    });
    return { code: 200, msg: 'ok', data: version };
  });

  app.get(`${STORE_API}/review-apps`, { config: { access: root }, schema: { querystring: NoQuery } }, async (req) => {
    const apps = await review(req, async (trx): Promise<RootStoreApp[]> => {
      const rows = await trx.selectFrom('appcenter_store_app as a').innerJoin('spaces as s', 's.id', 'a.space_id').select(['a.id', 'a.name', 's.name as space_name', 'a.listed', 'a.released']).orderBy('a.updated_at', 'desc').limit(500).execute();
      const versions = rows.length ? (await versionQuery(trx).where('v.store_app_id', 'in', rows.map((r) => r.id)).orderBy('v.seq', 'desc').execute()).map(versionOf) : [];
      return rows.map((r) => ({ id: r.id, name: r.name, spaceName: r.space_name, listed: r.listed, released: r.released, versions: versions.filter((v) => v.storeAppId === r.id) }));
    });
    return { code: 200, msg: 'ok', data: { apps } };
  });

  /** Taking an app off the store hides it from browsing and installing; spaces that installed it keep their copy. */
  app.put(`${STORE_API}/review-apps/:id/listed`, { config: { access: root, action: 'appcenter.store.list' }, schema: { params: StoreIdParam, querystring: NoQuery, body: ListedBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await review(req, async (trx) => {
      const done = await trx.updateTable('appcenter_store_app').set({ listed: req.body.listed }).where('id', '=', req.params.id).executeTakeFirst();
      if (done.numUpdatedRows === 0n) throw fail.notFound('appcenter.store.appNotFound');
    });
    return { code: 200, msg: 'ok', data: { listed: req.body.listed } };
  });
}
