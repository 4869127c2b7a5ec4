import { DASHBOARDS_API, FieldsQuery, SearchQuery, type SearchAnswer } from '../../../shared/api/dashboards.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { listBoards } from './board-store.ts';
import { MEMBERS, ok, requestViewer } from './context.ts';
import { listCharts } from './store.ts';

/** How many of each a search answers: the first page of the best (newest) matches. */
const SEARCH_SIZE = 20;

/** The designer's field list and `dataview/search`. */
export function registerSearchRoutes(app: App, kernel: Kernel): void {
  // The fields of a form the designer may chart, as he may see them (hidden fields are absent): the forms app answers.
  app.get(`${DASHBOARDS_API}/fields`, { config: { access: MEMBERS }, schema: { querystring: FieldsQuery } }, async (req) => {
    const form = await kernel.transact(req, async (trx) => kernel.analysis.records.fields(trx, await requestViewer(kernel, trx, req), req.query.formId));
    return ok(form);
  });

  // Charts and boards whose name, tips or description contain q, among those he may open.
  app.get(`${DASHBOARDS_API}/search`, { config: { access: MEMBERS }, schema: { querystring: SearchQuery } }, async (req) => {
    const answer = await kernel.transact(req, async (trx): Promise<SearchAnswer> => {
      const viewer = await requestViewer(kernel, trx, req);
      const q = req.query.q.trim();
      const [charts, boards] = await Promise.all([listCharts(trx, viewer, { q }, SEARCH_SIZE), listBoards(trx, viewer, { q }, SEARCH_SIZE)]);
      return { charts: charts.items, boards: boards.items };
    });
    return ok(answer);
  });
}
