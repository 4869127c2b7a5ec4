import type { Selectable } from 'kysely';
import { IdParam, NoQuery } from '../../../../shared/api/common.ts';
import { ArticleBody, ArticleListQuery, type ArticleInput, type ManagedArticle } from '../../../../shared/api/console-access.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { sanitiseHtml } from '../../../kernel/sanitise-html.ts';
import type { PlatformArticleTable } from '../tables.ts';
import { ROOT_ONLY } from './api-keys.ts';

const BASE = '/api/console/access/articles';
const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data });
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain-text article (written before the editor) opens in the editor as its paragraphs. */
const asHtml = (row: Selectable<PlatformArticleTable>, body: string) =>
  row.rich ? body : body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${escapeHtml(p)}</p>`).join('');

function managedOf(row: Selectable<PlatformArticleTable>): ManagedArticle {
  return {
    id: String(row.id),
    kind: row.kind,
    category: (row.category as ManagedArticle['category']) ?? null,
    titleZh: row.title_zh,
    titleEn: row.title_en,
    summaryZh: row.summary_zh,
    summaryEn: row.summary_en,
    bodyZh: asHtml(row, row.body_zh),
    bodyEn: asHtml(row, row.body_en),
    pinned: row.pinned,
    hidden: row.hidden,
    sort: row.sort,
    rich: row.rich,
    publishedAt: row.published_at.toISOString(),
  };
}

/**
 * The row as stored: both bodies through the sanitiser the portal's custom components use (no script, no handler,
 * no `javascript:` link, frames only from video hosts and sandboxed). A body that is nothing once cleaned is empty.
 */
function rowOf(input: ArticleInput) {
  if ((input.kind === 'help') !== (input.category !== null)) throw fail.unprocessable('consoleAccess.article.categoryRule');
  const clean = (html: string) => {
    const safe = sanitiseHtml(html).trim();
    if (!safe.replace(/<[^>]*>/g, '').trim() && !/<(img|iframe)\b/i.test(safe)) throw fail.unprocessable('consoleAccess.article.emptyBody');
    return safe;
  };
  return {
    kind: input.kind,
    category: input.category,
    title_zh: input.titleZh.trim(),
    title_en: input.titleEn.trim(),
    summary_zh: input.summaryZh.trim(),
    summary_en: input.summaryEn.trim(),
    body_zh: clean(input.bodyZh),
    body_en: clean(input.bodyEn),
    pinned: input.pinned,
    hidden: input.hidden,
    sort: input.sort,
    rich: true,
  };
}

/** `/sysop/helperCenter` and `/sysop/helperDetail` (decision 0084): root edits what `/qpaas/helpCenter` and `/news/*` show. */
export function registerHelpAdminRoutes(app: App, kernel: Kernel): void {
  app.get(BASE, { config: { access: ROOT_ONLY }, schema: { querystring: ArticleListQuery } }, async (req) => {
    let query = kernel.db.selectFrom('platform_article').selectAll();
    if (req.query.kind) query = query.where('kind', '=', req.query.kind);
    const rows = await query.orderBy('kind').orderBy('pinned', 'desc').orderBy('category').orderBy('sort').orderBy('published_at', 'desc').orderBy('id').execute();
    return ok({ articles: rows.map(managedOf) });
  });

  app.get(`${BASE}/:id`, { config: { access: ROOT_ONLY }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const row = await kernel.db.selectFrom('platform_article').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!row) throw fail.notFound('consoleAccess.article.notFound');
    return ok(managedOf(row));
  });

  app.post(BASE, { config: { access: ROOT_ONLY, action: 'console.article.create' }, schema: { querystring: NoQuery, body: ArticleBody } }, async (req) => {
    const values = rowOf(req.body);
    const row = await kernel.transact(req, (trx) => trx.insertInto('platform_article').values({ ...values, published_at: new Date(kernel.clock.now()) }).returningAll().executeTakeFirstOrThrow());
    req.ctx.auditTarget = String(row.id);
    return ok(managedOf(row));
  });

  app.put(`${BASE}/:id`, { config: { access: ROOT_ONLY, action: 'console.article.update' }, schema: { params: IdParam, querystring: NoQuery, body: ArticleBody } }, async (req) => {
    const values = rowOf(req.body);
    req.ctx.auditTarget = req.params.id;
    const row = await kernel.transact(req, (trx) => trx.updateTable('platform_article').set(values).where('id', '=', req.params.id).returningAll().executeTakeFirst());
    if (!row) throw fail.notFound('consoleAccess.article.notFound');
    return ok(managedOf(row));
  });
}
