import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { idCardCheckChar, usccCheckChar } from '../../../../shared/forms/formats.ts';
import { translate, type Language } from '../../../../shared/i18n/index.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { wallOf, type Cell, type ColumnFormat, type ListValidation } from '../../../kernel/sheets/index.ts';

const i18n = createI18n();

export interface TemplateSheet {
  header: string[];
  example: Cell[];
  formats: ColumnFormat[];
  lists: ListValidation[];
}

/** Who downloads the template: their own name and department make the example of member and department fields. */
export interface TemplateWriter {
  name: string;
  department: string | null;
  zone: string;
  language: Language;
  now?: Date;
}

/** A number the field's rule and decimals accept. */
function exampleNumber(field: FieldDef): number {
  const rule = field.numberRule;
  if (rule?.kind === 'between' && rule.min !== undefined) return rule.min;
  if (rule?.kind === 'greater' && rule.min !== undefined) return Math.floor(rule.min) + 1;
  if (rule?.kind === 'less' && rule.max !== undefined) return Math.ceil(rule.max) - 1;
  return field.type === 'amount' && (field.decimals ?? 2) > 0 ? 1234.5 : 100;
}

/** One value per field that the import accepts as it is; null where no honest example exists (relations, numbers). */
function exampleOf(field: FieldDef, writer: TemplateWriter, now: Date): Cell {
  const text = translate(i18n.dictionaries, writer.language, 'forms.import.exampleText');
  const wall = new Date(Math.floor(wallOf(now.getTime(), writer.zone) / 60_000) * 60_000);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'richtext':
      return text;
    case 'number':
    case 'amount':
      return exampleNumber(field);
    case 'date':
      return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
    case 'datetime':
      return wall;
    case 'select':
    case 'radio':
    case 'multiselect':
    case 'checkbox':
      return field.options?.[0] ?? null;
    case 'member':
      return writer.name;
    case 'department':
      return writer.department;
    case 'phone':
      return '13800138000';
    case 'email':
      return 'name@example.com';
    case 'idcard':
      return `110105199003071234`.slice(0, 17) + idCardCheckChar('11010519900307123');
    case 'postcode':
      return '100000';
    case 'uscc':
      return `91110000MA00000000`.slice(0, 17) + usccCheckChar('91110000MA0000000');
    default:
      return null; // serial (numbered by the system), relation
  }
}

/** The import template of a form: its importable fields' labels, one example row, select options as lists. */
export function templateSheet(fields: readonly FieldDef[], writer: TemplateWriter): TemplateSheet {
  const now = writer.now ?? new Date();
  return {
    header: fields.map((f) => f.label),
    example: fields.map((f) => exampleOf(f, writer, now)),
    formats: fields.map((f): ColumnFormat => (f.type === 'date' ? 'date' : f.type === 'datetime' ? 'datetime' : undefined)),
    lists: fields.flatMap((f, column) => ((f.type === 'select' || f.type === 'radio') && f.options?.length ? [{ column, options: f.options }] : [])),
  };
}
