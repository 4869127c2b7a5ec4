import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { BoardDataBody, ChartDataBody, DASHBOARDS_API, DrillBody, PreviewBody, type BoardDataAnswer } from '../../../shared/api/dashboards.ts';
import { EVERYONE, type Chart, type ChartDraft, type FilterValues } from '../../../shared/dashboards/model.ts';
import { chartProblems } from '../../../shared/dashboards/validate.ts';
import type { FilterGroup } from '../../../shared/forms/filters.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Viewer } from './access.ts';
import { chartIdsOf } from './board-store.ts';
import { refuse } from './checks.ts';
import { MEMBERS, mustView, mustViewBoard, ok, requestViewer } from './context.ts';
import { bothOf, globalFilterFor } from './global-filters.ts';
import { attemptChart, loadFailure, settleCharts, type ChartAttempt, type ChartResults } from './results.ts';
import { readCharts } from './store.ts';

/**
 * The filter a chart is read with outside a board's data call: the global filter values of the board it is shown
 * on (it must be on it), and an extra group (drill-down, the viewer's own). Values without their board mean nothing.
 */
export async function filterOf(trx: Trx, viewer: Viewer, chart: Chart, ask: { filters?: FilterValues; boardId?: string; extra?: FilterGroup }): Promise<FilterGroup | null> {
  let global: FilterGroup | null = null;
  if (ask.filters && Object.keys(ask.filters).length) {
    if (!ask.boardId) throw fail.unprocessable('dashboards.filters.boardRequired');
    const board = await mustViewBoard(trx, viewer, ask.boardId);
    if (!chartIdsOf(board).includes(chart.id)) throw fail.unprocessable('dashboards.filters.notOnBoard');
    global = globalFilterFor(board.filters, ask.filters, chart.query.formId);
  }
  return bothOf(global, ask.extra);
}

/** Runs `work`, answering a provider refusal as the chart's (loadFailure). */
export async function loading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError ? loadFailure(error) : error;
  }
}

/** Chart data: the designer's preview (never cached), a saved chart's, a whole board's in one call, drill-down. */
export function registerDataRoutes(app: App, kernel: Kernel, results: ChartResults): void {
  app.post(`${DASHBOARDS_API}/preview`, { config: { access: MEMBERS, readOnly: true }, schema: { querystring: NoQuery, body: PreviewBody } }, async (req) => {
    const result = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const { query, type } = req.body as Pick<ChartDraft, 'query' | 'type'>;
      // The shared rules of a saved chart, on an unsaved one: name, app and access do not matter to a preview.
      const draft: ChartDraft = { name: 'preview', type, appId: '0', query, options: {}, tips: '', viewers: EVERYONE, editors: EVERYONE };
      const problems = chartProblems(draft);
      if (problems.length) refuse(kernel, viewer, problems);
      return kernel.analysis.records.aggregate(trx, viewer, query);
    });
    return ok(result);
  });

  app.post(`${DASHBOARDS_API}/charts/:id/data`, { config: { access: MEMBERS, readOnly: true }, schema: { params: IdParam, querystring: NoQuery, body: ChartDataBody } }, async (req) => {
    const result = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const chart = await mustView(trx, viewer, req.params.id);
      const extra = await filterOf(trx, viewer, chart, req.body as { filters?: FilterValues; boardId?: string; extra?: FilterGroup });
      return loading(() => results.of(trx, viewer, chart, extra));
    });
    return ok(result);
  });

  app.post(`${DASHBOARDS_API}/boards/:id/data`, { config: { access: MEMBERS, readOnly: true }, schema: { params: IdParam, querystring: NoQuery, body: BoardDataBody } }, async (req) => {
    const t = (key: string) => kernel.i18n.t(req.ctx.language, key);
    // One pipelined read (decision 0069): the charts' statements are in flight together. A chart whose statement
    // fails aborts it for its siblings, which are then read again one by one (settleCharts).
    currentSpace(req);
    const { viewer, attempts, runs } = await kernel.readTogether(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const board = await mustViewBoard(trx, viewer, req.params.id);
      const ids = chartIdsOf(board);
      // Every chart of the board in one statement; their results side by side in this one transaction.
      const charts = await readCharts(trx, viewer, ids);
      const values = (req.body as { filters?: FilterValues }).filters;
      const runs = new Map([...charts].map(([id, chart]) => [id, { chart, extra: globalFilterFor(board.filters, values, chart.query.formId) }]));
      const tried = await Promise.all(
        ids.map(async (id): Promise<[string, ChartAttempt]> => {
          const run = runs.get(id);
          if (!run) return [id, { answer: { ok: false, error: t('dashboards.chart.notFound'), status: 404 } }];
          return [id, await attemptChart(kernel, results, trx, viewer, run.chart, run.extra)];
        }),
      );
      return { viewer, attempts: new Map(tried), runs };
    });
    const retry = (work: (trx: Trx) => Promise<ChartAttempt>) => inSpace(kernel.db, viewer.spaceId, work);
    const answer: BoardDataAnswer = { charts: await settleCharts(kernel, req, retry, results, viewer, attempts, runs) };
    return ok(answer);
  });

  app.post(`${DASHBOARDS_API}/charts/:id/drill`, { config: { access: MEMBERS, readOnly: true }, schema: { params: IdParam, querystring: NoQuery, body: DrillBody } }, async (req) => {
    const href = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const chart = await mustView(trx, viewer, req.params.id);
      const body = req.body as { keys: Array<string | number | null>; filters?: FilterValues; boardId?: string; extra?: FilterGroup };
      const extra = await filterOf(trx, viewer, chart, body);
      return loading(() => kernel.analysis.records.drillHref(trx, viewer, chart.query, body.keys, extra ?? undefined));
    });
    if (!href) throw fail.unprocessable('dashboards.drill.unavailable');
    return ok({ href });
  });
}
