import type { Access, BoardDraft, ChartDraft, FieldRef } from '../../../shared/dashboards/model.ts';
import { NUMERIC_AGGREGATES } from '../../../shared/dashboards/model.ts';
import { boardProblems, chartProblems, type DashboardProblem } from '../../../shared/dashboards/validate.ts';
import type { AnalysisField, AnalysisForm } from '../../kernel/analysis.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Viewer } from './access.ts';
import { chartIdsOf } from './board-store.ts';
import { readCharts } from './store.ts';

/** 422 with every problem, each with its text in the viewer's language; the message is the first one's. */
export function refuse(kernel: Kernel, viewer: Pick<Viewer, 'language'>, problems: DashboardProblem[]): never {
  const first = problems[0]!;
  const shown = problems.map((p) => ({ ...p, text: kernel.i18n.t(viewer.language, p.key, p.params) }));
  throw fail.unprocessable(first.key, first.params, { problems: shown });
}

async function accessProblems(kernel: Kernel, trx: Trx, viewer: Viewer, access: { viewers: Access; editors: Access }): Promise<DashboardProblem[]> {
  const out: DashboardProblem[] = [];
  const lists = [['viewers', access.viewers], ['editors', access.editors]] as const;
  const groups = [...new Set(lists.flatMap(([, a]) => a.roleGroups))];
  const members = [...new Set(lists.flatMap(([, a]) => a.members))];
  const foundGroups = groups.length ? await kernel.directory.people.roleGroupsIn(trx, viewer.spaceId, groups) : new Set<string>();
  const foundMembers = members.length ? await kernel.directory.people.activeMembers(trx, viewer.spaceId, members) : new Set<string>();
  for (const [name, a] of lists) {
    a.roleGroups.forEach((id, i) => {
      if (!foundGroups.has(id)) out.push({ path: `${name}.roleGroups.${i}`, key: 'dashboards.validation.roleGroupUnknown' });
    });
    a.members.forEach((id, i) => {
      if (!foundMembers.has(id)) out.push({ path: `${name}.members.${i}`, key: 'dashboards.validation.memberUnknown' });
    });
  }
  return out;
}

/** The form as its designer may chart it; a form that is gone or not his to read is a problem of the draft. */
async function formOf(kernel: Kernel, trx: Trx, viewer: Viewer, formId: string): Promise<AnalysisForm | null> {
  try {
    return await kernel.analysis.records.fields(trx, viewer, formId);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

/** The query's fields against what the designer may see: unknown or hidden fields, sums of text, dates by month. */
function fieldProblems(draft: ChartDraft, form: AnalysisForm): DashboardProblem[] {
  const out: DashboardProblem[] = [];
  const byRef = new Map<FieldRef, AnalysisField>(form.fields.map((f) => [f.ref, f]));
  draft.query.dimensions.forEach((d, i) => {
    const field = byRef.get(d.field);
    if (!field) out.push({ path: `query.dimensions.${i}.field`, key: 'dashboards.validation.fieldUnknown' });
    else if (d.granularity && field.kind !== 'date' && field.kind !== 'datetime') out.push({ path: `query.dimensions.${i}.granularity`, key: 'dashboards.validation.granularity' });
  });
  draft.query.measures.forEach((m, i) => {
    if (m.field === null) return;
    const field = byRef.get(m.field);
    if (!field) out.push({ path: `query.measures.${i}.field`, key: 'dashboards.validation.fieldUnknown' });
    else if (NUMERIC_AGGREGATES.includes(m.aggregate) && !field.numeric) out.push({ path: `query.measures.${i}.field`, key: 'dashboards.validation.measureNotNumeric', params: { field: field.label } });
  });
  return out;
}

/**
 * Everything a chart draft must keep before it is written, in the write's transaction: the shared rules first (the
 * designer checks the same), then the form — it exists, belongs to the chart's app, and every field the query uses
 * is one the designer may see — and the role groups and members of its access lists. Throws the 422.
 */
export async function checkChart(kernel: Kernel, trx: Trx, viewer: Viewer, draft: ChartDraft): Promise<void> {
  const shared = chartProblems(draft);
  if (shared.length) refuse(kernel, viewer, shared);
  const out: DashboardProblem[] = [];
  const form = await formOf(kernel, trx, viewer, draft.query.formId);
  if (!form) out.push({ path: 'query.formId', key: 'dashboards.validation.formMissing' });
  else if (form.appId !== draft.appId) out.push({ path: 'appId', key: 'dashboards.validation.formNotInApp' });
  else out.push(...fieldProblems(draft, form));
  out.push(...(await accessProblems(kernel, trx, viewer, draft)));
  if (out.length) refuse(kernel, viewer, out);
}

/** A board draft: the shared rules, then its charts (ones the designer may open in this space) and access lists. */
export async function checkBoard(kernel: Kernel, trx: Trx, viewer: Viewer, draft: BoardDraft): Promise<void> {
  const shared = boardProblems(draft);
  if (shared.length) refuse(kernel, viewer, shared);
  const out: DashboardProblem[] = [];
  const charts = await readCharts(trx, viewer, chartIdsOf(draft));
  draft.items.forEach((item, i) => {
    if (item.kind === 'chart' && item.chartId && !charts.has(item.chartId)) out.push({ path: `items.${i}.chartId`, key: 'dashboards.validation.chartMissing' });
  });
  out.push(...(await accessProblems(kernel, trx, viewer, draft)));
  if (out.length) refuse(kernel, viewer, out);
}
