import { FORM_LIMITS, isEmptyValue, type FieldDef, type FieldType, type FileRef } from './fields.ts';
import { isEmail, isIdCard, isPhone, isPostcode, isRealDate, isUscc } from './formats.ts';

/** One problem of one field; `field` is a path: `f3`, or `f7.2.f9` for row 2, column f9 of sub-table f7. */
export interface FieldError {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

type Params = Record<string, string | number>;
interface Checked {
  value: unknown;
  errors: FieldError[];
}

/** Ids of members, departments, records and files: the decimal form of a bigint key. */
export const REFERENCE_ID = /^[0-9]{1,18}$/;
export const SERIAL_MAX_LENGTH = 60;
export const FILE_NAME_MAX_LENGTH = 255;
/**
 * Control characters (NUL, newlines, C1) and bidirectional overrides (which make "x\u202Etxt.exe" read as a text
 * file) have no place in a file name, uploaded or named in a record (decision 0027).
 */
export const UNSAFE_FILE_NAME = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** A refused name as the message shows it: its unsafe characters as "?". */
export const shownFileName = (name: string) => name.replace(new RegExp(UNSAFE_FILE_NAME.source, 'gu'), '?');
/** Default values resolved when a record is created rather than stored literally. */
export const DYNAMIC_DEFAULTS: Partial<Record<FieldType, string>> = { date: 'today', datetime: 'now' };

const MB = 1024 * 1024;
// Plain decimals only: "1,234.5", "1e3", "0x10" and "Infinity" are what a user did not mean to type.
const NUMERIC = /^[+-]?[0-9]+(?:\.[0-9]+)?$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
// A zone is required: without one, browser and server would read the same text as different instants.
const DATETIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?(Z|[+-][0-9]{2}:?[0-9]{2})$/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// Code points, as PostgreSQL counts characters: an emoji is one character, not two.
export const charLength = (text: string) => [...text].length;
const labelOf = (field: FieldDef) => field.label || field.key;
const isIdCardNow = (value: string) => isIdCard(value);

function decimalPlaces(text: string): number {
  const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** `date` as YYYY-MM-DD in the local time zone of whoever runs the code (the user's, in the browser). */
export const localDate = (date: Date) => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const ok = (value: unknown): Checked => ({ value, errors: [] });
const failed = (path: string, label: string, key: string, params: Params = {}): Checked => ({
  value: undefined,
  errors: [{ field: path, key, params: { field: label, ...params } }],
});

function textValue(raw: unknown, limit: number, trim: boolean, path: string, label: string): Checked {
  if (typeof raw !== 'string') return failed(path, label, 'validation.type');
  const value = trim ? raw.trim() : raw;
  // Whitespace alone counts as empty even where it is kept, so a required textarea cannot be "filled" by spaces.
  if (value.trim() === '') return ok(null);
  // UTF-16 length bounds the code-point count from above: count code points only when it might matter.
  return value.length > limit && charLength(value) > limit ? failed(path, label, 'validation.tooLong', { limit }) : ok(value);
}

function formatValue(raw: unknown, test: (value: string) => boolean, key: string, upper: boolean, path: string, label: string): Checked {
  if (typeof raw !== 'string') return failed(path, label, 'validation.type');
  const value = upper ? raw.trim().toUpperCase() : raw.trim();
  if (value === '') return ok(null);
  return test(value) ? ok(value) : failed(path, label, key);
}

/**
 * Checks one value of one field; `path` names the field in errors. No closures are made per call: this runs
 * for every cell of an import (100,000 rows × fields), where per-call function objects showed in profiles.
 */
function checkField(field: FieldDef, raw: unknown, path: string): Checked {
  const label = labelOf(field);

  if (isEmptyValue(raw)) return ok(null);

  switch (field.type) {
    case 'text':
      return textValue(raw, FORM_LIMITS.text, true, path, label);
    case 'textarea':
      return textValue(raw, FORM_LIMITS.textarea, false, path, label);
    case 'richtext':
      return textValue(raw, FORM_LIMITS.richtext, false, path, label);
    case 'serial':
      return textValue(raw, SERIAL_MAX_LENGTH, true, path, label);
    case 'email':
      return formatValue(raw, isEmail, 'validation.email', false, path, label);
    case 'phone':
      return formatValue(raw, isPhone, 'validation.phone', false, path, label);
    case 'idcard':
      return formatValue(raw, isIdCardNow, 'forms.validation.idCard', true, path, label);
    case 'postcode':
      return formatValue(raw, isPostcode, 'forms.validation.postcode', false, path, label);
    case 'uscc':
      return formatValue(raw, isUscc, 'forms.validation.uscc', true, path, label);
    case 'number':
    case 'amount': {
      let written: string;
      if (typeof raw === 'number') written = String(raw);
      else if (typeof raw === 'string') written = raw.trim();
      else return failed(path, label, 'validation.type');
      if (written === '') return ok(null);
      const value = Number(written);
      if (!Number.isFinite(value) || (typeof raw === 'string' && !NUMERIC.test(written))) return failed(path, label, 'forms.validation.number');
      if (field.decimals !== undefined && decimalPlaces(written) > field.decimals)
        return failed(path, label, 'forms.validation.decimals', { max: field.decimals });
      const rule = field.numberRule;
      const { min, max } = rule ?? {};
      if (rule?.kind === 'greater' && min !== undefined && !(value > min)) return failed(path, label, 'forms.validation.greater', { min });
      if (rule?.kind === 'less' && max !== undefined && !(value < max)) return failed(path, label, 'forms.validation.less', { max });
      if (rule?.kind === 'between' && min !== undefined && max !== undefined && !(value >= min && value <= max))
        return failed(path, label, 'forms.validation.between', { min, max });
      return ok(value === 0 ? 0 : value); // no -0 in storage
    }
    case 'date': {
      if (typeof raw !== 'string') return failed(path, label, 'validation.type');
      const value = raw.trim();
      if (value === '') return ok(null);
      const m = DATE.exec(value);
      return m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? ok(value) : failed(path, label, 'forms.validation.date');
    }
    case 'datetime': {
      if (typeof raw !== 'string') return failed(path, label, 'validation.type');
      if (raw.trim() === '') return ok(null);
      const instant = parseDateTime(raw.trim());
      return instant === null ? failed(path, label, 'forms.validation.date') : ok(instant);
    }
    case 'select':
    case 'radio':
      if (typeof raw !== 'string') return failed(path, label, 'validation.type');
      return field.options?.includes(raw) ? ok(raw) : failed(path, label, 'forms.validation.option');
    case 'multiselect':
    case 'checkbox': {
      if (!Array.isArray(raw)) return failed(path, label, 'validation.type');
      if (!raw.every((v): v is string => typeof v === 'string')) return failed(path, label, 'validation.type');
      const valid = new Set(raw).size === raw.length && raw.every((v) => field.options?.includes(v));
      return valid ? ok([...raw]) : failed(path, label, 'forms.validation.option');
    }
    case 'member':
    case 'department':
    case 'relation': {
      const id = referenceId(raw);
      if (id === undefined) return failed(path, label, 'validation.type');
      if (id === '') return ok(null);
      return id !== null && REFERENCE_ID.test(id) ? ok(id) : failed(path, label, 'forms.validation.reference');
    }
    case 'attachment':
    case 'image':
      return checkFiles(field, raw, ok, (key, params) => failed(path, label, key, params));
    case 'subtable':
      return checkRows(field, raw, path, (key, params) => failed(path, label, key, params));
    default:
      return failed(path, label, 'validation.type');
  }
}

/** The id as a string; null for a number that cannot be an id; undefined for a wrong type. */
function referenceId(raw: unknown): string | null | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : null;
  return typeof raw === 'string' ? raw.trim() : undefined;
}

function parseDateTime(text: string): string | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const zone = (m[8] ?? 'Z').toUpperCase();
  let offset = 0;
  if (zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [zoneHours, zoneMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (zoneHours > 14 || zoneMinutes > 59) return null;
    offset = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  // setUTCFullYear, because Date.UTC would read years 0–99 as 1900–1999.
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  time.setUTCHours(hour, minute, second, Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)));
  return new Date(time.getTime() - offset * 60_000).toISOString();
}

function checkFiles(
  field: FieldDef,
  raw: unknown,
  ok: (value: unknown) => Checked,
  fail: (key: string, params?: Params) => Checked,
): Checked {
  if (!Array.isArray(raw)) return fail('validation.type');
  const maxFiles = field.maxFiles ?? FORM_LIMITS.filesPerUpload;
  if (raw.length > maxFiles) return fail('forms.validation.files', { max: maxFiles });
  const maxSize = field.maxFileSize ?? FORM_LIMITS.fileSizeDefault;
  const files: FileRef[] = [];
  for (const item of raw) {
    if (!isRecord(item)) return fail('validation.type');
    const { name, size, mime } = item;
    const fileId = referenceId(item['fileId']);
    if (fileId === undefined || typeof name !== 'string' || typeof mime !== 'string' || typeof size !== 'number') return fail('validation.type');
    if (fileId === null || !REFERENCE_ID.test(fileId)) return fail('forms.validation.reference');
    if (!Number.isSafeInteger(size) || size < 0) return fail('validation.type');
    const fileName = name.trim();
    if (fileName === '') return fail('forms.validation.fileName');
    if (charLength(fileName) > FILE_NAME_MAX_LENGTH) return fail('validation.tooLong', { limit: FILE_NAME_MAX_LENGTH });
    if (UNSAFE_FILE_NAME.test(fileName)) return fail('forms.file.badName', { name: shownFileName(fileName) });
    if (size > maxSize) return fail('forms.validation.fileSize', { name: fileName, max: Math.round((maxSize / MB) * 100) / 100 });
    const type = mime.trim().toLowerCase();
    if (field.type === 'image' && !type.startsWith('image/')) return fail('forms.validation.imageType', { name: fileName });
    files.push({ fileId, name: fileName, size, mime: type });
  }
  return ok(files);
}

function checkRows(field: FieldDef, raw: unknown, path: string, fail: (key: string, params?: Params) => Checked): Checked {
  if (!Array.isArray(raw)) return fail('validation.type');
  if (raw.length > FORM_LIMITS.subtableRows) return fail('forms.validation.rows', { max: FORM_LIMITS.subtableRows });
  const rows: Array<Record<string, unknown>> = [];
  const errors: FieldError[] = [];
  raw.forEach((row: unknown, index) => {
    if (!isRecord(row)) {
      errors.push({ field: `${path}.${index}`, key: 'validation.type', params: { field: labelOf(field) } });
      return;
    }
    // Rows are written whole, so required columns apply even when the record update is partial.
    const result = validateValues(field.columns ?? [], row);
    rows.push(result.values);
    for (const error of result.errors) errors.push({ ...error, field: `${path}.${index}.${error.field}` });
  });
  return errors.length > 0 ? { value: undefined, errors } : { value: rows, errors };
}

// Serials are numbered by the server when left empty, so "required" cannot be the user's job there.
const needsValue = (field: FieldDef) => field.required === true && field.type !== 'serial';
const required = (field: FieldDef): FieldError => ({ field: field.key, key: 'validation.required', params: { field: labelOf(field) } });

/** An import validates 100,000 rows against one field list: its key index is made once per list. */
const keyIndexes = new WeakMap<readonly FieldDef[], Map<string, FieldDef>>();
function fieldsByKey(fields: readonly FieldDef[]): Map<string, FieldDef> {
  let index = keyIndexes.get(fields);
  if (!index) keyIndexes.set(fields, (index = new Map(fields.map((field) => [field.key, field]))));
  return index;
}

/** Checks and normalises record values against field definitions. */
export function validateValues(
  fields: readonly FieldDef[],
  input: Record<string, unknown>,
  options: { partial?: boolean } = {},
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const byKey = fieldsByKey(fields);
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field) {
      errors.push({ field: key, key: 'forms.field.unknown', params: { field: key } });
      continue;
    }
    const checked = checkField(field, raw, key);
    if (checked.errors.length > 0) {
      errors.push(...checked.errors);
      continue;
    }
    // Also in partial mode: an update may leave a required field alone, but not empty it.
    if (checked.value === null && needsValue(field)) errors.push(required(field));
    values[key] = checked.value;
  }
  if (!options.partial) {
    for (const field of fields) if (!Object.hasOwn(input, field.key) && needsValue(field)) errors.push(required(field));
  }
  return { values, errors };
}

/** The default of one field as a new record gets it; undefined when it has none or it is not valid. */
export function resolveDefault(field: FieldDef, now: Date = new Date()): unknown {
  const raw = field.defaultValue;
  if (isEmptyValue(raw)) return undefined;
  if (raw === DYNAMIC_DEFAULTS[field.type]) return field.type === 'date' ? localDate(now) : now.toISOString();
  const checked = checkField(field, raw, field.key);
  return checked.errors.length > 0 || checked.value === null ? undefined : checked.value;
}

/** The default values of a new record (field.defaultValue, validated; 'today'/'now' for date/datetime defaults). */
export function defaultValues(fields: readonly FieldDef[], now: Date = new Date()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = resolveDefault(field, now);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}
