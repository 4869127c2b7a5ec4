/**
 * The form model of the low-code engine: field types, a field's definition and a form's definition. One
 * definition drives the designer, the record form (validation in `validate.ts`), the server's storage (one
 * column per field, `server/apps/forms/storage`) and the views' filters.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'amount',
  'date',
  'datetime',
  'select',
  'multiselect',
  'radio',
  'checkbox',
  'member',
  'department',
  'attachment',
  'image',
  'richtext',
  'phone',
  'email',
  'idcard',
  'postcode',
  'uscc',
  'serial',
  'subtable',
  'relation',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** How a field's value is kept and compared: one storage kind per field type. */
export type ValueKind = 'text' | 'number' | 'date' | 'datetime' | 'texts' | 'ref' | 'json' | 'serial';

export const VALUE_KIND: Record<FieldType, ValueKind> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  amount: 'number',
  date: 'date',
  datetime: 'datetime',
  select: 'text',
  multiselect: 'texts',
  radio: 'text',
  checkbox: 'texts',
  member: 'ref',
  department: 'ref',
  attachment: 'json',
  image: 'json',
  richtext: 'text',
  phone: 'text',
  email: 'text',
  idcard: 'text',
  postcode: 'text',
  uscc: 'text',
  serial: 'serial',
  subtable: 'json',
  relation: 'ref',
};

/** Types with a fixed list of choices. */
export const CHOICE_TYPES: readonly FieldType[] = ['select', 'multiselect', 'radio', 'checkbox'];
/** Types a sub-table column may have (no nesting, no files, no serials). */
export const SUBTABLE_COLUMN_TYPES: readonly FieldType[] = [
  'text', 'textarea', 'number', 'amount', 'date', 'datetime', 'select', 'radio', 'phone', 'email', 'idcard', 'postcode', 'uscc',
];
/** Types a board groups by, a cascade filter walks, or an occupy view books (resource). */
export const GROUPABLE_TYPES: readonly FieldType[] = ['select', 'radio'];
export const CASCADE_TYPES: readonly FieldType[] = ['select', 'radio', 'relation', 'member', 'department'];

/** §5 numeric rules: greater than min, less than max, between min and max (inclusive). */
export interface NumberRule {
  kind: 'greater' | 'less' | 'between';
  min?: number;
  max?: number;
}

/** Numbering rule of a serial field: prefix, date part, sequence digits; the sequence restarts each period. */
export interface NumberingRule {
  prefix: string;
  datePart: 'none' | 'yyyy' | 'yyyyMM' | 'yyyyMMdd';
  digits: number;
}

export type FieldWidth = 'full' | 'half' | 'third';

export interface FieldDef {
  /** Stable key `f<n>`, never reused within a form; it also names the field's storage column. */
  key: string;
  type: FieldType;
  label: string;
  required?: boolean;
  /** Shown as the record's title; only required fields may be title fields (§5). */
  title?: boolean;
  defaultValue?: unknown;
  width?: FieldWidth;
  /** The section heading the field sits under in the layout (fields keep their order in `fields`). */
  section?: string;
  /** Choices of select / multiselect / radio / checkbox. */
  options?: string[];
  /** number / amount: decimal places allowed at most. */
  decimals?: number;
  numberRule?: NumberRule;
  /** attachment / image: files per field (at most 5 per upload, §5) and the per-file size limit in bytes. */
  maxFiles?: number;
  maxFileSize?: number;
  numbering?: NumberingRule;
  /** subtable: its columns (keys unique within the sub-table). */
  columns?: FieldDef[];
  /** relation: the related form (same space) and which of its fields names a record. */
  relation?: { formId: string; displayField?: string };
}

export interface FormDefinition {
  fields: FieldDef[];
}

/** System fields of §3 every record has; usable in columns, sort and filters like form fields. */
export const SYSTEM_FIELDS = ['number', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt', 'ownerId', 'handlerId'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];
export const SYSTEM_FIELD_KIND: Record<SystemField, ValueKind> = {
  number: 'text',
  createdBy: 'ref',
  updatedBy: 'ref',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  ownerId: 'ref',
  handlerId: 'ref',
};

export const FORM_LIMITS = {
  fields: 200,
  label: 60,
  options: 200,
  option: 100,
  text: 500,
  textarea: 5000,
  richtext: 100_000,
  decimals: 8,
  subtableRows: 500,
  /** §5: attachments, up to 5 files at once. */
  filesPerUpload: 5,
  fileSizeDefault: 20 * 1024 * 1024,
  fileSizeMax: 50 * 1024 * 1024,
  numberingPrefix: 20,
  numberingDigits: { min: 3, max: 10 },
} as const;

export const FIELD_KEY_PATTERN = /^f[0-9]{1,6}$/;

/** The next unused key for a new field: one above the highest ever used (removed keys are never reused). */
export function nextFieldKey(fields: readonly FieldDef[], highest = 0): string {
  const used = fields.flatMap((f) => [f, ...(f.columns ?? [])]).map((f) => Number(f.key.slice(1)) || 0);
  return `f${Math.max(highest, 0, ...used) + 1}`;
}

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** An uploaded file as a record keeps it. */
export interface FileRef {
  fileId: string;
  name: string;
  size: number;
  mime: string;
}
