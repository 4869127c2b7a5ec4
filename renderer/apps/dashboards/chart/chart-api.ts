import { DASHBOARDS_API as BASE, type ChartSummary, type Page } from '../../../../shared/api/dashboards.ts';
import type { Chart, ChartDraft, ChartQuery, ChartResult, ChartType } from '../../../../shared/dashboards/model.ts';
import { TransportError, type Transport } from '../../../kernel/transport.ts';
import type { FormFields } from '../boards/boards-api.ts';

export type { AnalysisField, FormFields } from '../boards/boards-api.ts';

const q = encodeURIComponent;

/**
 * The chart calls of the designer and the ratio views (notes/dashboards-api.md). Listing a whole app's charts and
 * Field types are shared with the board pages (boards-api.ts).
 */
export const chartApi = (api: Transport) => ({
  get: async (id: string) => (await api.get<Chart>(`${BASE}/charts/${q(id)}`)).data,
  create: async (draft: ChartDraft) => (await api.post<Chart>(`${BASE}/charts`, draft as never, { json: true })).data,
  save: async (id: string, draft: ChartDraft, version: number) => (await api.put<Chart>(`${BASE}/charts/${q(id)}`, { draft, version }, { json: true })).data,
  remove: (id: string) => api.delete(`${BASE}/charts/${q(id)}`),
  preview: async (query: ChartQuery, type: ChartType, signal?: AbortSignal) =>
    (await api.post<ChartResult>(`${BASE}/preview`, { query, type } as never, { json: true, signal })).data,
  fields: async (formId: string) => (await api.get<FormFields>(`${BASE}/fields?formId=${q(formId)}`)).data,
  data: async (id: string) => (await api.post<ChartResult>(`${BASE}/charts/${q(id)}/data`, {}, { json: true })).data,
  /** One app's charts (ratio views list those of their app), every page of them. */
  ofApp: async (appId: string): Promise<ChartSummary[]> => {
    const all: ChartSummary[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `${BASE}/charts?appId=${q(appId)}${cursor ? `&cursor=${q(cursor)}` : ''}`;
      const page: Page<ChartSummary> = (await api.get<Page<ChartSummary>>(path)).data;
      all.push(...page.items);
      cursor = page.next;
    } while (cursor && all.length < 1000);
    return all;
  },
});

/** A saved chart back as the draft the designer edits. */
export function draftOf(chart: Chart): ChartDraft {
  const { name, type, appId, query, options, tips, viewers, editors } = chart;
  return { name, type, appId, query, options, tips, viewers, editors };
}

/** A 422's problems (`data.problems`: path, key, params and the server's text in the user's language). */
export function refusedProblems(failure: unknown): Array<{ path: string; key: string; params?: Record<string, string | number>; text?: string }> {
  if (!(failure instanceof TransportError) || failure.code !== 422) return [];
  const problems = (failure.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? problems.filter((p) => typeof p?.path === 'string' && typeof p?.key === 'string') : [];
}

export const isStale = (failure: unknown) => failure instanceof TransportError && failure.code === 409;
