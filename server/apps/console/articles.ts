import { sql, type Selectable } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { ArticleParam, HELP_CATEGORIES, HelpQuery, NEWS_PAGE, NewsListQuery, type Article, type ArticleSummary, type HelpCategory } from '../../../shared/api/news.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { PlatformArticleTable } from './tables.ts';

type Row = Selectable<PlatformArticleTable>;
const english = (language: string) => language === 'en';
const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

function summaryOf(row: Row, language: string): ArticleSummary {
  const en = english(language);
  return { id: String(row.id), title: en ? row.title_en : row.title_zh, summary: en ? row.summary_en : row.summary_zh, pinned: row.pinned, publishedAt: row.published_at.toISOString() };
}

function articleOf(row: Row, language: string): Article {
  const body = english(language) ? row.body_en : row.body_zh;
  // An edited article's body is HTML sanitised when saved (decision 0084); an older one is plain text.
  const paragraphs = row.rich ? [] : body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return { ...summaryOf(row, language), category: (row.category as HelpCategory | null) ?? null, paragraphs, html: row.rich ? body : null };
}

/** Keyset position in the news order (pinned first, then newest): `pinned.epochMs.id`. */
const cursorOf = (row: Row) => `${row.pinned ? 1 : 0}.${row.published_at.getTime()}.${row.id}`;

/**
 * `/news/list`, `/news/show` (public, §6) and `/qpaas/helpCenter` (signed in): the operator's announcements and help
 * articles in the reader's language. Platform content: read outside any space.
 */
export function registerArticleRoutes(app: App, kernel: Kernel): void {
  app.get('/api/news', { config: { access: 'public' }, schema: { querystring: NewsListQuery } }, async (req) => {
    let query = kernel.db.selectFrom('platform_article').selectAll().where('kind', '=', 'news').where('hidden', '=', false);
    if (req.query.cursor) {
      const [pinned, at, id] = req.query.cursor.split('.');
      const position = sql`(${Number(pinned) === 1}::boolean, ${new Date(Number(at))}::timestamptz, ${id}::bigint)`;
      query = query.where(sql<boolean>`(pinned, published_at, id) < ${position}`);
    }
    const rows = await query.orderBy('pinned', 'desc').orderBy('published_at', 'desc').orderBy('id', 'desc').limit(NEWS_PAGE + 1).execute();
    const page = rows.slice(0, NEWS_PAGE);
    const next = rows.length > NEWS_PAGE ? cursorOf(page[page.length - 1]!) : null;
    return { code: 200, msg: 'ok', data: { items: page.map((row) => summaryOf(row, req.ctx.language)), next } };
  });

  app.get('/api/news/:id', { config: { access: 'public' }, schema: { params: ArticleParam, querystring: NoQuery } }, async (req) => {
    const row = await kernel.db.selectFrom('platform_article').selectAll().where('id', '=', req.params.id).where('kind', '=', 'news').where('hidden', '=', false).executeTakeFirst();
    if (!row) throw fail.notFound('portal.news.missing');
    return { code: 200, msg: 'ok', data: articleOf(row, req.ctx.language) };
  });

  app.get('/api/help', { config: { access: 'signedIn' }, schema: { querystring: HelpQuery } }, async (req) => {
    let query = kernel.db.selectFrom('platform_article').selectAll().where('kind', '=', 'help').where('hidden', '=', false);
    const text = req.query.q?.trim();
    if (text) {
      // Either language's words find an article: a Chinese reader may search an English term and the reverse.
      const like = `%${escapeLike(text)}%`;
      query = query.where((eb) => eb.or(['title_zh', 'title_en', 'body_zh', 'body_en'].map((column) => eb(column as 'title_zh', 'ilike', like))));
    }
    const rows = await query.orderBy('sort').orderBy('id').execute();
    const categories = HELP_CATEGORIES.map((key) => ({ key, articles: rows.filter((row) => row.category === key).map((row) => summaryOf(row, req.ctx.language)) })).filter((c) => c.articles.length > 0);
    return { code: 200, msg: 'ok', data: { categories } };
  });

  app.get('/api/help/:id', { config: { access: 'signedIn' }, schema: { params: ArticleParam, querystring: NoQuery } }, async (req) => {
    const row = await kernel.db.selectFrom('platform_article').selectAll().where('id', '=', req.params.id).where('kind', '=', 'help').where('hidden', '=', false).executeTakeFirst();
    if (!row) throw fail.notFound('portal.help.missing');
    return { code: 200, msg: 'ok', data: articleOf(row, req.ctx.language) };
  });
}
