import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { ChartDraftSchema, ChartListQuery, ChartSaveBody, DASHBOARDS_API } from '../../../shared/api/dashboards.ts';
import { CHART_LIMITS, type ChartDraft } from '../../../shared/dashboards/model.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { checkChart } from './checks.ts';
import { copyName, MEMBERS, mustEdit, mustView, ok, requestViewer } from './context.ts';
import { draftOf, insertChart, listCharts, updateChart } from './store.ts';

/**
 * Charts (contract notes/dashboards-api.md): any member designs charts over the forms he may read; who else may view
 * or edit one is its access lists. Row-level security keeps each space to its own rows, so another space's id is
 * simply not found.
 */
export function registerChartRoutes(app: App, kernel: Kernel): void {
  const base = `${DASHBOARDS_API}/charts`;

  app.get(base, { config: { access: MEMBERS }, schema: { querystring: ChartListQuery } }, async (req) => {
    const page = await kernel.transact(req, async (trx) => listCharts(trx, await requestViewer(kernel, trx, req), req.query));
    return ok(page);
  });

  app.get(`${base}/:id`, { config: { access: MEMBERS }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    return ok(await kernel.transact(req, async (trx) => mustView(trx, await requestViewer(kernel, trx, req), req.params.id)));
  });

  app.post(base, { config: { access: MEMBERS, action: 'dashboards.chart.create' }, schema: { querystring: NoQuery, body: ChartDraftSchema } }, async (req, reply) => {
    const chart = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const draft = req.body as ChartDraft;
      await checkChart(kernel, trx, viewer, draft);
      return mustView(trx, viewer, await insertChart(trx, viewer.spaceId, viewer.userId, draft));
    });
    req.ctx.auditTarget = chart.id;
    return reply.code(201).send({ code: 201, msg: 'ok', data: chart });
  });

  app.put(`${base}/:id`, { config: { access: MEMBERS, action: 'dashboards.chart.update' }, schema: { params: IdParam, querystring: NoQuery, body: ChartSaveBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const chart = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const before = await mustEdit(trx, viewer, req.params.id);
      // Optimistic lock: the save names the version it edited; someone else's save in between is not overwritten.
      if (before.version !== req.body.version) throw fail.conflict('dashboards.chart.stale');
      const draft = req.body.draft as ChartDraft;
      await checkChart(kernel, trx, viewer, draft);
      await updateChart(trx, before.id, viewer.userId, draft, before.version + 1, new Date(kernel.clock.now()));
      return mustView(trx, viewer, before.id);
    });
    return ok(chart);
  });

  app.delete(`${base}/:id`, { config: { access: MEMBERS, action: 'dashboards.chart.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const chart = await mustEdit(trx, await requestViewer(kernel, trx, req), req.params.id);
      // Boards keep their item: it answers "Chart does not exist or has been deleted" until an editor removes it.
      await trx.deleteFrom('dashboards_chart').where('id', '=', chart.id).execute();
    });
    return ok({ deleted: true });
  });

  app.post(`${base}/:id/copy`, { config: { access: MEMBERS, action: 'dashboards.chart.copy' }, schema: { params: IdParam, querystring: NoQuery } }, async (req, reply) => {
    const chart = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const source = await mustView(trx, viewer, req.params.id);
      const draft = { ...draftOf(source), name: copyName(kernel, viewer, source.name, CHART_LIMITS.name) };
      // The copy is his: it must be a chart he could have saved (fields he may see, groups that still exist).
      await checkChart(kernel, trx, viewer, draft);
      return mustView(trx, viewer, await insertChart(trx, viewer.spaceId, viewer.userId, draft));
    });
    req.ctx.auditTarget = `${req.params.id}->${chart.id}`;
    return reply.code(201).send({ code: 201, msg: 'ok', data: chart });
  });
}
