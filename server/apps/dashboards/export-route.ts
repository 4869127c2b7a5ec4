import ExcelJS from 'exceljs';
import { Value } from '@sinclair/typebox/value';
import { IdParam } from '../../../shared/api/common.ts';
import { DASHBOARDS_API, ExportQuery, FilterValuesSchema } from '../../../shared/api/dashboards.ts';
import type { ChartResult, FilterValues } from '../../../shared/dashboards/model.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { MEMBERS, mustView, requestViewer } from './context.ts';
import { filterOf, loading } from './data-routes.ts';
import type { ChartResults } from './results.ts';

/** Excel refuses sheet names over 31 characters or with any of : \ / ? * [ ]. */
const sheetName = (name: string) => [...name.replace(/[:\\/?*[\]]/g, ' ')].slice(0, 31).join('').trim() || 'Sheet1';

/** FilterValues from the query string's JSON, held to the same schema as a body's. */
function parsedFilters(text: string | undefined): FilterValues | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail.unprocessable('dashboards.filters.bad');
  }
  if (!Value.Check(FilterValuesSchema, value)) throw fail.unprocessable('dashboards.filters.bad');
  return value as FilterValues;
}

/** The result table as an xlsx workbook: the columns' labels, then one line per group; numbers stay numbers. */
async function workbookOf(title: string, result: ChartResult): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = result.columns.map((column) => ({ header: column.label, key: column.key, width: Math.min(40, Math.max(12, [...column.label].length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of result.rows) sheet.addRow(row.map((cell) => cell ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A chart's result table as an xlsx file named after the chart. It is data leaving the platform, so the
 * space's data-sharing policy decides (decision 0046), as for the forms' exports; the numbers are the viewer's own.
 */
export function registerExportRoute(app: App, kernel: Kernel, results: ChartResults): void {
  app.get(`${DASHBOARDS_API}/charts/:id/export`, { config: { access: MEMBERS, action: 'dashboards.chart.export' }, schema: { params: IdParam, querystring: ExportQuery } }, async (req, reply) => {
    req.ctx.auditTarget = req.params.id;
    const filters = parsedFilters(req.query.filters);
    const { chart, result } = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const chart = await mustView(trx, viewer, req.params.id);
      await kernel.sharing.require(trx, viewer, 'export');
      const extra = await filterOf(trx, viewer, chart, { filters, boardId: req.query.boardId });
      return { chart, result: await loading(() => results.of(trx, viewer, chart, extra)) };
    });
    const bytes = await workbookOf(chart.name, result);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="chart.xlsx"; filename*=UTF-8''${encodeURIComponent(`${chart.name}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
