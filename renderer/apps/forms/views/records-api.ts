import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { PAGE_SIZE_MAX } from '../../../../shared/constants.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { RecordLabels } from '../record-form/types.ts';
import { combineFilters } from './model/filter-model.ts';
import type { DistinctAnswer, ListAnswer, RecordRow, SortSpec } from './types.ts';

const formPath = (formId: string, rest = '') => `/api/forms/forms/${encodeURIComponent(formId)}${rest}`;

export interface ListRequest {
  filter?: FilterGroup;
  sort?: SortSpec;
  /** Field keys to answer; system fields come anyway. */
  columns?: readonly string[];
  pageSize: number;
  cursor?: string | null;
  count?: boolean;
  /** With count: the user asked for the exact figure (the server gives it a longer time budget). */
  exactCount?: boolean;
  q?: string;
}

/** The query of GET …/records: filter as JSON text, sort as `field:dir`, columns comma-separated. */
export function listQuery(request: ListRequest): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { pageSize: request.pageSize };
  if (request.filter && request.filter.items.length) query.filter = JSON.stringify(request.filter);
  if (request.sort) query.sort = `${request.sort.field}:${request.sort.dir}`;
  if (request.columns?.length) query.columns = [...new Set(request.columns)].join(',');
  if (request.cursor) query.cursor = request.cursor;
  if (request.count) query.count = true;
  if (request.count && request.exactCount) query.exactCount = true;
  if (request.q) query.q = request.q;
  return query;
}

export async function fetchRecords(api: Transport, formId: string, request: ListRequest, signal?: AbortSignal): Promise<ListAnswer> {
  const answer = await api.get<ListAnswer>(formPath(formId, '/records'), { params: listQuery(request), signal });
  return { records: answer.data?.records ?? [], nextCursor: answer.data?.nextCursor ?? null, total: answer.data?.total, labels: answer.data?.labels ?? {} };
}

export async function fetchDistinct(api: Transport, formId: string, field: string, filter?: FilterGroup): Promise<DistinctAnswer['values']> {
  const params: Record<string, string> = { field };
  if (filter && filter.items.length) params.filter = JSON.stringify(filter);
  const answer = await api.get<DistinctAnswer>(formPath(formId, '/distinct'), { params });
  return answer.data?.values ?? [];
}

/** The `in` list limit of a filter (FILTER_LIMITS.listValues). */
const IN_MAX = 200;

/**
 * Distinct values with names for related records: the distinct API answers bare ids, so one list request
 * for records holding those values brings their labels along (members and departments are named from the directory).
 */
export async function fetchDistinctNamed(api: Transport, formId: string, field: FieldDef, filter?: FilterGroup): Promise<{ values: DistinctAnswer['values']; labels: RecordLabels }> {
  const values = await fetchDistinct(api, formId, field.key, filter);
  const ids = values.map((v) => v.value).filter((v): v is string | number => v !== null).map(String).slice(0, IN_MAX);
  if (field.type !== 'relation' || ids.length === 0) return { values, labels: {} };
  const inList: FilterGroup = { logic: 'and', items: [{ field: field.key, op: 'in', value: ids }] };
  const page = await fetchRecords(api, formId, { filter: combineFilters(filter, inList), columns: [field.key], pageSize: PAGE_SIZE_MAX });
  return { values, labels: page.labels ?? {} };
}

export const createRecord = async (api: Transport, formId: string, values: Record<string, unknown>) =>
  (await api.post<RecordRow>(formPath(formId, '/records'), { values }, { json: true })).data;

export const updateRecord = async (api: Transport, formId: string, id: string, values: Record<string, unknown>, rowVersion: number) =>
  (await api.put<RecordRow>(formPath(formId, `/records/${encodeURIComponent(id)}`), { values, rowVersion }, { json: true })).data;

export const deleteRecords = async (api: Transport, formId: string, ids: readonly string[]) =>
  (await api.post<{ deleted: number }>(formPath(formId, '/records/delete'), { ids }, { json: true })).data?.deleted ?? 0;

export const viewsPath = (formId: string, viewId?: string) => formPath(formId, viewId ? `/views/${encodeURIComponent(viewId)}` : '/views');
export { formPath };
