import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { Lang, Strict } from '../../../shared/api/common.ts';
import { AppParams } from '../../../shared/api/forms.ts';
import { SEARCH_RESULTS_CAP } from '../../../shared/constants.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { loadForm } from './context.ts';
import { searchMatch, visibleWhere } from './list.ts';

const SearchQuery = Strict({ q: Type.String({ minLength: 1, maxLength: 100 }), lang: Lang });

interface Hit {
  formId: string;
  formName: string;
  id: string;
  number: string | null;
  title: string | null;
  rank: number;
}

/**
 * Search across an application's records (§2.8, §5): every published form of the app the caller may open, each
 * inside the caller's record permissions, best matches first, only the first 600 results.
 */
export function registerAppSearch(app: App, kernel: Kernel): void {
  app.get('/api/forms/apps/:appId/search', { config: { access: { permission: 'forms.records' } }, schema: { params: AppParams, querystring: SearchQuery } }, async (req) => {
    const text = req.query.q.trim().toLowerCase();
    if (!text) throw fail.unprocessable('forms.search.empty');
    const data = await kernel.transact(req, async (trx) => {
      if (!(await kernel.apps.mayOpen(trx, req, req.params.appId))) throw fail.notFound('forms.appNotFound');
      const forms = await trx.selectFrom('forms_form').select(['id']).where('app_id', '=', req.params.appId).where('deleted_at', 'is', null).where('version', '>', 0).orderBy('sort').orderBy('id').limit(50).execute();
      const hits: Hit[] = [];
      for (const { id } of forms) {
        const { form, viewer } = await loadForm(trx, req, id);
        const title = viewer.fields.find((f) => f.title && f.type !== 'serial' && f.type !== 'subtable');
        // Matched and ranked on the fields this caller sees in that form, like the form's own search.
        const match = searchMatch(form, viewer, text);
        const rows = await sql<{ id: string; number: string | null; title: string | null; rank: number }>`
          select t.id, t.number, ${title ? sql`${sql.ref(`t.${title.key}`)}::text` : sql`null::text`} as title, ${match.rank} as rank
          from ${sql.table(form.table)} t
          where ${visibleWhere(form, viewer, undefined)} and ${match.where}
          order by rank desc, t.updated_at desc, t.id desc limit ${SEARCH_RESULTS_CAP}`.execute(trx);
        hits.push(...rows.rows.map((r) => ({ formId: form.id, formName: form.name, ...r })));
      }
      hits.sort((a, b) => b.rank - a.rank);
      return { results: hits.slice(0, SEARCH_RESULTS_CAP), capped: hits.length > SEARCH_RESULTS_CAP };
    });
    return { code: 200, msg: 'ok', data };
  });
}
