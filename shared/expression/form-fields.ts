import { VALUE_KIND, type FieldDef, type ValueKind } from '../forms/fields.ts';
import type { ExpressionField, ValueType } from './types.ts';

/**
 * A form's fields as an expression sees them, by each field's storage kind: so rules, formulas and ETL steps over
 * a form's records all read the same types. Choices and references are their stored text (an option, an id);
 * multi-choices are lists of text; files and sub-tables are lists (a sub-table row is an object of its columns).
 */
const TYPE_OF_KIND: Record<ValueKind, ValueType> = {
  text: 'text',
  serial: 'text',
  ref: 'text',
  number: 'number',
  date: 'date',
  datetime: 'datetime',
  texts: 'list',
  json: 'list',
};

export function expressionFieldsOf(fields: readonly FieldDef[]): ExpressionField[] {
  return fields.map((field) => ({ key: field.key, name: field.label, type: TYPE_OF_KIND[VALUE_KIND[field.type]] }));
}
