import { DASHBOARDS_API, type BoardDataAnswer, type BoardSummary, type ChartSummary, type Page, type SearchAnswer } from '../../../../shared/api/dashboards.ts';
import type { Board, BoardDraft, BoardKind, Chart, ChartResult, FilterValues } from '../../../../shared/dashboards/model.ts';
import type { DashboardProblem } from '../../../../shared/dashboards/validate.ts';
import type { ValueKind } from '../../../../shared/forms/fields.ts';
import { apiUrl, TransportError, type Transport } from '../../../kernel/transport.ts';

export type { BoardChartAnswer, BoardSummary, ChartSummary } from '../../../../shared/api/dashboards.ts';

/**
 * The dashboards API calls the board pages make (notes/dashboards-api.md), written once. Queries are part of the path
 * (the page tests' fake API answers by path).
 */
const BASE = DASHBOARDS_API;
const q = encodeURIComponent;

/** A field the viewer may see, for the global filters (GET /fields). */
export interface AnalysisField {
  ref: string;
  label: string;
  kind: ValueKind;
  fieldType: string;
  numeric: boolean;
  options?: string[];
  via?: { relation: string; relationLabel: string };
}

export interface FormFields {
  formId: string;
  formName: string;
  appId: string;
  fields: AnalysisField[];
}

export interface DeviceValue {
  topic: string;
  payload: string;
  at: string;
}

const query = (values: Record<string, string | undefined | null>) => {
  const text = Object.entries(values)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${q(value)}`)
    .join('&');
  return text ? `?${text}` : '';
};

export const boardsApi = (api: Transport) => ({
  boards: async (kind: BoardKind, search = '', cursor: string | null = null) =>
    (await api.get<Page<BoardSummary>>(`${BASE}/boards${query({ kind, q: search.trim(), cursor })}`)).data,
  board: async (id: string) => (await api.get<Board>(`${BASE}/boards/${q(id)}`)).data,
  create: async (draft: BoardDraft) => (await api.post<Board>(`${BASE}/boards`, draft as never, { json: true })).data,
  save: async (id: string, draft: BoardDraft, version: number) => (await api.put<Board>(`${BASE}/boards/${q(id)}`, { draft, version }, { json: true })).data,
  remove: (id: string) => api.delete(`${BASE}/boards/${q(id)}`),
  copy: async (id: string) => (await api.post<Board>(`${BASE}/boards/${q(id)}/copy`, {}, { json: true })).data,
  data: async (id: string, filters: FilterValues) => (await api.post<BoardDataAnswer>(`${BASE}/boards/${q(id)}/data`, { filters }, { json: true })).data,
  charts: async (search = '', cursor: string | null = null) => (await api.get<Page<ChartSummary>>(`${BASE}/charts${query({ q: search.trim(), cursor })}`)).data,
  chart: async (id: string) => (await api.get<Chart>(`${BASE}/charts/${q(id)}`)).data,
  chartData: async (id: string) => (await api.post<ChartResult>(`${BASE}/charts/${q(id)}/data`, {}, { json: true })).data,
  fields: async (formId: string) => (await api.get<FormFields>(`${BASE}/fields?formId=${q(formId)}`)).data,
  /** The records behind one group: the forms list's address with the filter (the board's filters too). */
  drill: async (chartId: string, keys: Array<string | number | null>, filters: FilterValues, boardId?: string) =>
    (await api.post<{ href: string }>(`${BASE}/charts/${q(chartId)}/drill`, { keys, filters, ...(boardId ? { boardId } : {}) }, { json: true })).data,
  search: async (text: string) => (await api.get<SearchAnswer>(`${BASE}/search?q=${q(text.trim())}`)).data,
  deviceValues: async (topic: string) => (await api.get<{ values: DeviceValue[] }>(`/api/iot/values?topic=${q(topic)}&limit=1`)).data.values,
});

/** A chart's data as an xlsx file: a plain link (the browser sends the session cookie and saves the file). */
export function exportHref(spaceUri: string, chartId: string, filters: FilterValues, boardId?: string): string {
  const params = [Object.keys(filters).length > 0 ? `filters=${q(JSON.stringify(filters))}` : '', boardId ? `boardId=${q(boardId)}` : ''].filter(Boolean).join('&');
  return `${apiUrl('', spaceUri, `${BASE}/charts/${q(chartId)}/export`)}${params ? `?${params}` : ''}`;
}

/** The problems of a server 422 (`data.problems`, the shared rules' shape), or [] for any other failure. */
export function serverProblems(failure: unknown): DashboardProblem[] {
  if (!(failure instanceof TransportError) || failure.code !== 422) return [];
  const problems = (failure.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is DashboardProblem => typeof p?.path === 'string' && typeof p?.key === 'string') : [];
}

export const isStale = (failure: unknown) => failure instanceof TransportError && failure.code === 409;
export const failureCode = (failure: unknown) => (failure instanceof TransportError ? failure.code : 0);
