import type { FieldDef, FieldType } from '../../../../shared/forms/fields.ts';
import { titleField, valueText } from '../detail/model.ts';
import type { RecordLabels } from '../record-form/types.ts';

/** Types that read well as one short line on a card; long text, files and sub-tables wait for the detail page. */
const CARD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'text', 'number', 'amount', 'date', 'datetime', 'select', 'multiselect', 'radio', 'checkbox', 'member', 'department',
  'phone', 'email', 'idcard', 'postcode', 'uscc', 'relation',
]);

export const CARD_FIELDS_MAX = 3;

/** The fields a record card shows under its title: the first few short ones, the title field left out. */
export function cardFields(fields: readonly FieldDef[]): FieldDef[] {
  const title = titleField(fields);
  return fields.filter((f) => f !== title && CARD_TYPES.has(f.type)).slice(0, CARD_FIELDS_MAX);
}

/** The columns the phone's list asks for: the title field and the card fields (system fields come anyway). */
export function cardColumns(fields: readonly FieldDef[]): string[] {
  const title = titleField(fields);
  return [...(title ? [title.key] : []), ...cardFields(fields).map((f) => f.key)];
}

/** A card line's text: names for ids (valueText), local time for instants. */
export function cardText(field: FieldDef, value: unknown, labels: RecordLabels, language: string): string {
  if (field.type === 'datetime' && typeof value === 'string') {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
  }
  if (typeof value === 'number' && (field.type === 'number' || field.type === 'amount')) return value.toLocaleString(language);
  return valueText(field, value, labels);
}
