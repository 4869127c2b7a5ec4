import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { RecordLabels } from '../record-form/types.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { formatTime } from '../../../kernel/time.ts';
import { apiUrl, TransportError } from '../../../kernel/transport.ts';
import { pathTo, queryOne, VALID_ID } from '../../../shell/paths.ts';

// Links, query values and times are the shell's and the kernel's, for every app; forms' pages import them here too.
export { formatTime, pathTo, queryOne, VALID_ID };

/** The form a page is about: the path's `{form}` when the route has one, else `?formId=`. */
export function formIdOf(match: RouteMatch): string {
  const id = match.params['form'] || queryOne(match, 'formId');
  return VALID_ID.test(id) ? id : '';
}

export const appViewPath = (match: RouteMatch, appId: string, formId: string) => pathTo(match, 'forms.appView', { appId, module: formId });
export const detailPath = (match: RouteMatch, appId: string, formId: string, id: string) => pathTo(match, 'forms.detail', { app: appId, form: formId }, { id });
export const qrcodePath = (match: RouteMatch, formId: string, ids: readonly string[]) => pathTo(match, 'forms.qrcode', {}, { formId, ids: ids.join(',') });

/** A link the browser follows itself (downloads): the API path in the page's space, as the transport would call it. */
export const apiLink = (match: RouteMatch, path: string) => apiUrl('', match.spaceUri, path);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What the user changed: only those values go to the server, so a field someone else changed meanwhile is not
 * overwritten with the stale value this page loaded (the row version still guards the whole record).
 */
export function changedValues(fields: readonly FieldDef[], before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(after, field.key) && !same(before[field.key], after[field.key])) changed[field.key] = after[field.key] ?? null;
  }
  return changed;
}

/** The field shown as a record's title (§5: only required fields can be title fields); none means "use the number". */
export const titleField = (fields: readonly FieldDef[]) => fields.find((f) => f.title && f.type !== 'subtable' && f.type !== 'serial');

/** The server's text for a failed call (already translated by the transport), or the given fallback. */
export function failureText(failure: unknown, fallback: string): string {
  return failure instanceof Error && failure.message ? failure.message : fallback;
}

export const statusOf = (failure: unknown) => (failure instanceof TransportError ? failure.code : 0);
export const msgOf = (failure: unknown) => (failure instanceof TransportError ? failure.msg : null);

/** A record's id list from `?ids=1,2,3` (repeated `ids` too): valid ids only, each once, at most `max`. */
export function idList(match: RouteMatch, max: number): string[] {
  const raw = match.query['ids'];
  const parts = (Array.isArray(raw) ? raw : [raw ?? '']).flatMap((part) => part.split(','));
  return [...new Set(parts.map((p) => p.trim()).filter((p) => VALID_ID.test(p)))].slice(0, max);
}

/** "1.2 MB": file sizes as people read them. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A value as one line of text (the record's title): names for people, departments and related records. */
export function valueText(field: FieldDef, value: unknown, labels: RecordLabels): string {
  if (value === null || value === undefined || value === '') return '';
  const id = String(value);
  if (field.type === 'member') return labels.users?.[id] ?? `#${id}`;
  if (field.type === 'department') return labels.departments?.[id] ?? `#${id}`;
  if (field.type === 'relation') return labels.relations?.[field.key]?.[id] ?? `#${id}`;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v && 'name' in v ? String(v.name) : String(v))).join(', ');
  return typeof value === 'object' ? '' : String(value);
}

/** How a record is named on screen: its title field, else its number, else its id. */
export function recordTitle(fields: readonly FieldDef[], record: { id: string; number: string | null; values: Record<string, unknown> }, labels: RecordLabels): string {
  const field = titleField(fields);
  return (field && valueText(field, record.values[field.key], labels)) || record.number || `#${record.id}`;
}
