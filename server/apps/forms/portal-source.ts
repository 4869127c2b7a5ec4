import { sql } from 'kysely';
import { VALUE_KIND, type FieldDef } from '../../../shared/forms/fields.ts';
import type { AppDataData, AppDataRow } from '../../../shared/portal/data.ts';
import type { AppDataComponent, DataLabel, PortalComponent } from '../../../shared/portal/model.ts';
import type { PortalProblem } from '../../../shared/portal/validate.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { routeHref } from '../../../shared/routes/href.ts';
import type { PortalPage, PortalPrincipal, PortalSources } from '../../kernel/portal-sources.ts';
import { openFormAs, loadFormAs } from './context.ts';
import { visibleWhere } from './list.ts';
import { columnIn, fromColumn } from './storage.ts';

/** A value as one line of text (what a portal list shows): lists joined, files by name, members by id. */
function displayText(field: FieldDef | undefined, value: unknown): string {
  if (!field || value === null || value === undefined) return '';
  const shown = VALUE_KIND[field.type] === 'serial' ? value : fromColumn(VALUE_KIND[field.type], value);
  if (Array.isArray(shown)) return shown.map((v) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : String(v))).join(', ');
  if (shown && typeof shown === 'object') return 'name' in shown ? String((shown as { name: unknown }).name) : JSON.stringify(shown);
  return String(shown).slice(0, 500);
}

/** Cursor of the next page: the last row's id and how many rows the component has shown so far (maxItems). */
const encode = (lastId: string, shown: number) => Buffer.from(JSON.stringify([lastId, shown])).toString('base64url');
function decode(cursor: string, maxItems: number): [string, number] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && /^[0-9]{1,18}$/.test(String(parsed[0])) && Number.isInteger(parsed[1]) && parsed[1] > 0 && parsed[1] < maxItems) {
      return [String(parsed[0]), parsed[1] as number];
    }
  } catch {
    // the 422 below
  }
  throw fail.unprocessable('forms.list.badCursor');
}

/**
 * An application-data component's page: records of the label's form that the VIEWER may see — the list
 * API's own visible-rows predicate (record rules, shares, ownership) and hidden fields — newest first, by keyset,
 * and never past the component's `maxItems`.
 */
async function appData(trx: Trx, principal: PortalPrincipal, component: PortalComponent, page: PortalPage): Promise<AppDataData> {
  const c = component as AppDataComponent;
  const label = (page.label ? c.config.labels.find((l) => l.id === page.label) : (c.config.labels.find((l) => l.id === c.config.linkedLabel) ?? c.config.labels[0])) ?? null;
  if (!label) throw fail.notFound('portal.labelNotFound');
  const { form, viewer } = await loadFormAs(trx, principal, label.formId);
  const [afterId, shown] = page.cursor ? decode(page.cursor, c.config.maxItems) : [null, 0];
  const size = Math.min(c.config.pageSize, c.config.maxItems - shown);
  // Hidden from this viewer: the field is not read at all (the title falls back to the record's number).
  const title = viewer.fields.find((f) => f.key === label.titleField);
  const content = label.contentField ? viewer.fields.find((f) => f.key === label.contentField) : undefined;
  const columns = [title, content].filter((f): f is FieldDef => Boolean(f) && VALUE_KIND[f!.type] !== 'serial').map((f) => sql.ref(`t.${columnIn(viewer.fields, f.key)}`));
  const after = afterId ? sql`and t.id < ${afterId}::bigint` : sql``;
  const result = await sql<Record<string, unknown> & { id: string; number: string | null; created_at: Date }>`
    select t.id, t.number, t.created_at${columns.length ? sql`, ${sql.join(columns)}` : sql``}
    from ${sql.table(form.table)} t
    where ${visibleWhere(form, viewer, undefined)} ${after}
    order by t.id desc limit ${size + 1}`.execute(trx);
  const rows = result.rows.slice(0, size);
  const value = (field: FieldDef | undefined, row: Record<string, unknown>) => (field ? (VALUE_KIND[field.type] === 'serial' ? row.number : row[field.key]) : null);
  const href = (id: string) => routeHref('forms.detail', { app: form.appId, form: form.id }, principal.spaceId, { id }) ?? '';
  const out: AppDataRow[] = rows.map((row) => ({
    recordId: String(row.id),
    title: displayText(title, value(title, row)) || (row.number ?? `#${row.id}`),
    content: content ? displayText(content, value(content, row)) || null : null,
    at: new Date(row.created_at).toISOString(),
    href: href(String(row.id)),
  }));
  const total = shown + rows.length;
  const more = result.rows.length > size && total < c.config.maxItems;
  return { type: 'appData', label: label.id, rows: out, next: more ? encode(String(rows.at(-1)!.id), total) : null };
}

/** §5 on the server: each label's form is a published form of this space in the label's app; its title field is required. */
async function checkLabels(trx: Trx, principal: PortalPrincipal, component: PortalComponent, at: string): Promise<PortalProblem[]> {
  const out: PortalProblem[] = [];
  const labels: DataLabel[] = component.type === 'appData' ? component.config.labels : [];
  for (const [j, label] of labels.entries()) {
    const path = `${at}.config.labels.${j}`;
    const opened = /^[0-9]{1,18}$/.test(label.formId) ? await openFormAs(trx, principal, label.formId) : null;
    if (!opened || opened.form.appId !== label.appId) {
      out.push({ path: `${path}.formId`, key: 'portal.validation.labelFormMissing' });
      continue;
    }
    const fields = opened.form.allFields;
    const title = fields.find((f) => f.key === label.titleField);
    if (!title || title.required !== true || title.type === 'subtable') out.push({ path: `${path}.titleField`, key: 'portal.validation.titleFieldRequired' });
    if (label.contentField && !fields.some((f) => f.key === label.contentField && f.type !== 'subtable')) out.push({ path: `${path}.contentField`, key: 'portal.validation.contentField' });
  }
  return out;
}

/** Registered by the forms app at start: the application-data component reads records through this engine only. */
export function registerPortalSource(sources: PortalSources): void {
  sources.register('appData', appData, checkLabels);
}
