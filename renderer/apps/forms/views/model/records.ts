import { SYSTEM_FIELDS, isEmptyValue, type FieldDef, type SystemField } from '../../../../../shared/forms/fields.ts';
import type { RecordLabels } from '../../record-form/types.ts';
import type { RecordRow } from '../types.ts';

export const isSystemField = (key: string): key is SystemField => (SYSTEM_FIELDS as readonly string[]).includes(key);

/** The i18n key naming a system field (creator, creation time, numbering… of spec §3). */
export const systemLabelKey = (key: SystemField) => `forms.views.sys.${key}`;

/** A value of a record by field key: system fields live on the record, form fields in `values`. */
export function valueOf(record: RecordRow, key: string): unknown {
  if (isSystemField(key)) return record[key as keyof RecordRow] ?? null;
  return record.values[key] ?? null;
}

/** The label of a field key as a header or picker shows it. */
export function labelOf(fields: readonly FieldDef[], key: string, t: (key: string) => string): string {
  if (isSystemField(key)) return t(systemLabelKey(key));
  return fields.find((f) => f.key === key)?.label || key;
}

/** Plain text of a scalar or reference value (cards, calendar chips, tree nodes): names for ids. */
export function plainText(field: FieldDef | undefined, value: unknown, labels: RecordLabels | undefined): string {
  if (isEmptyValue(value)) return '';
  if (Array.isArray(value)) return value.map((v) => plainText(field, v, labels)).join(', ');
  const id = String(value);
  switch (field?.type) {
    case 'member':
      return labels?.users?.[id] ?? `#${id}`;
    case 'department':
      return labels?.departments?.[id] ?? `#${id}`;
    case 'relation':
      return labels?.relations?.[field.key]?.[id] ?? `#${id}`;
    case 'datetime': {
      const at = Date.parse(id);
      return Number.isNaN(at) ? id : new Date(at).toLocaleString();
    }
    default:
      return typeof value === 'object' ? '' : id;
  }
}

/** What names a record in a card or chip: its title fields, else its number, else its id. */
export function titleOf(record: RecordRow, fields: readonly FieldDef[], labels?: RecordLabels): string {
  const titled = fields
    .filter((f) => f.title)
    .map((f) => plainText(f, record.values[f.key], labels))
    .filter(Boolean);
  if (titled.length) return titled.join(' · ');
  return record.number ?? `#${record.id}`;
}

/** Title fields first: a card or chip never needs more than these plus the view's own fields. */
export const titleKeys = (fields: readonly FieldDef[]) => fields.filter((f) => f.title).map((f) => f.key);
