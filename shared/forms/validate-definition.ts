import {
  CHOICE_TYPES,
  FIELD_KEY_PATTERN,
  FIELD_TYPES,
  FORM_LIMITS,
  SUBTABLE_COLUMN_TYPES,
  isEmptyValue,
  type FieldDef,
  type FieldType,
  type FormDefinition,
} from './fields.ts';
import { DYNAMIC_DEFAULTS, REFERENCE_ID, charLength, validateValues, type FieldError } from './validate-values.ts';

export const SUBTABLE_COLUMNS_MAX = 50;
export const NUMBERING_DATE_PARTS = ['none', 'yyyy', 'yyyyMM', 'yyyyMMdd'] as const;
// The prefix ends up in record numbers users type, search and put in file names: keep it to safe characters.
const NUMBERING_PREFIX = /^[A-Za-z0-9_-]*$/;
const MB = 1024 * 1024;

// Definitions arrive as JSON from the designer, so nothing in them is trusted to have its declared type.
const isIntegerIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isFiniteOrAbsent = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value));
const isKnownType = (type: unknown): type is FieldType => (FIELD_TYPES as readonly unknown[]).includes(type);

function numberRuleFine(field: FieldDef): boolean {
  const rule: unknown = field.numberRule;
  if (rule === undefined) return true;
  if (typeof rule !== 'object' || rule === null) return false;
  const { kind, min, max } = rule as Record<string, unknown>;
  if (!isFiniteOrAbsent(min) || !isFiniteOrAbsent(max)) return false;
  if (kind === 'greater') return min !== undefined;
  if (kind === 'less') return max !== undefined;
  return kind === 'between' && typeof min === 'number' && typeof max === 'number' && min <= max;
}

function numberingFine(field: FieldDef): boolean {
  const numbering: unknown = field.numbering;
  if (typeof numbering !== 'object' || numbering === null) return false;
  const { prefix, datePart, digits } = numbering as Record<string, unknown>;
  return (
    typeof prefix === 'string' &&
    prefix.length <= FORM_LIMITS.numberingPrefix &&
    NUMBERING_PREFIX.test(prefix) &&
    (NUMBERING_DATE_PARTS as readonly unknown[]).includes(datePart) &&
    isIntegerIn(digits, FORM_LIMITS.numberingDigits.min, FORM_LIMITS.numberingDigits.max)
  );
}

/** The option list's problem, if any: null when fine. */
function optionsProblem(options: unknown): { key: string; option?: string } | null {
  const fine =
    Array.isArray(options) &&
    options.length >= 1 &&
    options.length <= FORM_LIMITS.options &&
    options.every((o) => typeof o === 'string' && o.trim() !== '' && charLength(o) <= FORM_LIMITS.option);
  if (!fine) return { key: 'forms.design.optionsRequired' };
  // "A" and "A " would look like one choice in the list while storing two different values.
  const seen = new Set<string>();
  for (const option of options as string[]) {
    if (seen.has(option.trim())) return { key: 'forms.design.duplicateOption', option };
    seen.add(option.trim());
  }
  return null;
}

/** Problems of a form definition the designer must fix before publishing. */
export function validateDefinition(
  definition: FormDefinition,
  options: { publishedKeys?: Record<string, FieldType> } = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const fields: unknown = definition.fields;
  if (!Array.isArray(fields)) return [{ field: '', key: 'validation.type', params: { field: 'fields' } }];
  if (fields.length > FORM_LIMITS.fields) errors.push({ field: '', key: 'forms.design.tooManyFields', params: { limit: FORM_LIMITS.fields } });

  const keys = new Set<string>();
  let serials = 0;
  const published = options.publishedKeys ?? {};

  const check = (field: FieldDef, inSubtable: boolean): void => {
    const path = typeof field.key === 'string' ? field.key : '';
    const label = typeof field.label === 'string' ? field.label.trim() : '';
    const problem = (key: string, params: Record<string, string | number> = {}) =>
      errors.push({ field: path, key, params: { field: label || path, ...params } });

    if (!FIELD_KEY_PATTERN.test(path)) problem('forms.design.badKey', { key: path });
    else if (keys.has(path)) problem('forms.design.duplicateKey', { key: path });
    keys.add(path);

    if (label === '') problem('forms.design.labelRequired');
    // The label itself is what is too long, so the message names the field by key.
    else if (charLength(label) > FORM_LIMITS.label) problem('validation.tooLong', { field: path, limit: FORM_LIMITS.label });

    if (!isKnownType(field.type)) return void problem('forms.design.badType', { type: String(field.type) });
    const type = field.type;
    if (inSubtable && !SUBTABLE_COLUMN_TYPES.includes(type)) problem('forms.design.subtableColumns', { max: SUBTABLE_COLUMNS_MAX });
    if (Object.hasOwn(published, path) && published[path] !== type) problem('forms.design.typeChanged', { type: String(published[path]) });

    // Columns are never shown as a record's title, so their flag is ignored rather than reported.
    if (!inSubtable && field.title === true) {
      if (field.required !== true) problem('forms.design.titleNotRequired');
      if (type === 'subtable') problem('forms.design.subtableTitle');
    }

    if (CHOICE_TYPES.includes(type)) {
      const bad = optionsProblem(field.options);
      if (bad?.option !== undefined) problem(bad.key, { option: bad.option });
      else if (bad) problem(bad.key, { max: FORM_LIMITS.options, limit: FORM_LIMITS.option });
    }
    if (field.decimals !== undefined && !isIntegerIn(field.decimals, 0, FORM_LIMITS.decimals))
      problem('forms.design.decimals', { max: FORM_LIMITS.decimals });
    if (!numberRuleFine(field)) problem('forms.design.numberRule');
    if (field.maxFiles !== undefined && !isIntegerIn(field.maxFiles, 1, FORM_LIMITS.filesPerUpload))
      problem('forms.design.maxFiles', { max: FORM_LIMITS.filesPerUpload });
    if (field.maxFileSize !== undefined && !isIntegerIn(field.maxFileSize, 1, FORM_LIMITS.fileSizeMax))
      problem('forms.design.maxFileSize', { max: FORM_LIMITS.fileSizeMax / MB });

    if (type === 'serial') {
      serials += 1;
      if (serials > 1) problem('forms.design.oneSerial');
      if (!numberingFine(field)) problem('forms.design.numbering', {
          limit: FORM_LIMITS.numberingPrefix,
          min: FORM_LIMITS.numberingDigits.min,
          max: FORM_LIMITS.numberingDigits.max,
        });
    }
    if (type === 'relation') {
      const formId: unknown = field.relation?.formId;
      if (typeof formId !== 'string' || !REFERENCE_ID.test(formId)) problem('forms.design.relationForm');
    }
    if (type === 'subtable') {
      const columns: unknown = field.columns;
      if (!Array.isArray(columns) || columns.length < 1 || columns.length > SUBTABLE_COLUMNS_MAX)
        problem('forms.design.subtableColumns', { max: SUBTABLE_COLUMNS_MAX });
      if (Array.isArray(columns)) for (const column of columns as FieldDef[]) check(column, true);
    }

    const value = field.defaultValue;
    if (!isEmptyValue(value) && value !== DYNAMIC_DEFAULTS[type]) {
      // A field with a broken key still has its default checked: the key only names the value here.
      if (validateValues([field], { [path]: value }, { partial: true }).errors.length > 0) problem('forms.design.badDefault');
    }
  };

  for (const field of fields as FieldDef[]) {
    if (typeof field !== 'object' || field === null) errors.push({ field: '', key: 'validation.type', params: { field: 'fields' } });
    else check(field, false);
  }
  return errors;
}
