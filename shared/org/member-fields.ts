import type { Language } from '../i18n/index.ts';
import { isRealDate } from '../forms/formats.ts';
import type { FieldProblem } from '../validation/password.ts';

/**
 * Member extension fields (§2.6 `extension`, decision 0048): what an industrial enterprise keeps on its people
 * beyond spec §3 — badge number, shift, work-shop, certificate expiry. The administrator defines them per space;
 * values are kept per member and go through the one member write path (dialog, API, import), so the rules below
 * are shared by the renderer and the server.
 */
export const MEMBER_FIELD_KINDS = ['text', 'number', 'date', 'select'] as const;
export type MemberFieldKind = (typeof MEMBER_FIELD_KINDS)[number];

export const MEMBER_FIELD_LIMITS = { fields: 30, label: 30, labelEn: 60, text: 200, options: 50, option: 50 } as const;

export const MEMBER_FIELDS_PATH = '/api/org/member-fields';
export const SELF_EDIT_PATH = '/api/org/member-self-edit';
export const ELEMENTS_SUMMARY_PATH = '/api/org/elements/summary';

/** One field as the editor, the dialog and the import see it. */
export interface MemberFieldDef {
  id: string;
  label: string;
  /** Empty: the Chinese label is shown in English too. */
  labelEn: string;
  kind: MemberFieldKind;
  /** The choices of a `select` field, in order; empty for the other kinds. */
  options: string[];
  required: boolean;
  /** Members see it on colleagues' address-book cards (administrators always do). */
  onCard: boolean;
  /** Members may change their own value in personal settings (the "My info" tab's checks read it). */
  selfEdit: boolean;
  enabled: boolean;
  sort: number;
}

/** What the editor sends to create or change a field. */
export type MemberFieldDraft = Omit<MemberFieldDef, 'id' | 'sort'>;

/** A field's value on a member as the API carries it: text, empty or null (no value). */
export type MemberFieldValues = Record<string, string | null>;

/** A visible field on an address-book card, labelled in the viewer's language by the server. */
export interface CardField {
  id: string;
  label: string;
  kind: MemberFieldKind;
  value: string | null;
}

export const fieldLabel = (field: Pick<MemberFieldDef, 'label' | 'labelEn'>, language: string) => (language === 'en' && field.labelEn.trim() ? field.labelEn : field.label);

/** The dictionary-free key a field's problems carry, so the dialog marks the right input. */
export const fieldKey = (id: string) => `fields.${id}`;

const letters = (text: string) => [...text].length;

/** Numbers as people type them: an optional minus, up to 15 digits, up to 6 decimals (no exponent, no grouping). */
const NUMBER = /^-?(\d{1,15})(?:\.(\d{1,6}))?$/;

/** "007" → "7", "1.50" → "1.5", "-0" → "0": one stored form, whatever was typed. */
export function canonicalNumber(text: string): string | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const body = fraction ? `${whole}.${fraction}` : whole;
  return text.startsWith('-') && /[1-9]/.test(body) ? `-${body}` : body;
}

function canonicalDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) ? text : null;
}

/**
 * The stored form of one value, `null` for no value, or a problem key. Text is trimmed; a select value matches its
 * option regardless of case (imports are typed by hand), and is stored as the option is written.
 */
export function canonicalValue(field: MemberFieldDef, raw: string | null | undefined): { value: string | null } | { problem: string } {
  const text = (raw ?? '').trim();
  if (!text) return { value: null };
  switch (field.kind) {
    case 'text':
      return letters(text) > MEMBER_FIELD_LIMITS.text ? { problem: 'validation.tooLong' } : { value: text };
    case 'number': {
      const value = canonicalNumber(text);
      return value === null ? { problem: 'org.fields.notNumber' } : { value };
    }
    case 'date': {
      const value = canonicalDate(text);
      return value === null ? { problem: 'org.member.dateFormat' } : { value };
    }
    case 'select': {
      const option = field.options.find((o) => o === text) ?? field.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option === undefined ? { problem: 'org.fields.notOption' } : { value: option };
    }
  }
}

/**
 * Problems of a member's extension values against the space's fields (empty: fine). Only enabled fields take
 * values; a required one must have one. Each problem names the field by its label in `language`, so the server's
 * 422 and the dialog say the same thing.
 */
export function fieldValueProblems(fields: readonly MemberFieldDef[], values: MemberFieldValues, language: Language | string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const enabled = new Map(fields.filter((f) => f.enabled).map((f) => [f.id, f]));
  for (const id of Object.keys(values)) {
    if (!enabled.has(id)) problems.push({ field: fieldKey(id), key: 'org.fields.unknown', params: { id } });
  }
  for (const field of enabled.values()) {
    const label = fieldLabel(field, language);
    const result = canonicalValue(field, values[field.id]);
    if ('problem' in result) {
      problems.push({ field: fieldKey(field.id), key: result.problem, params: { field: label, limit: MEMBER_FIELD_LIMITS.text, options: field.options.join(language === 'en' ? ', ' : '、') } });
    } else if (result.value === null && field.required) {
      problems.push({ field: fieldKey(field.id), key: 'validation.required', params: { field: label } });
    }
  }
  return problems;
}

/** The values to store (field id → stored form), leaving out empty ones. Call after `fieldValueProblems` found none. */
export function storedFieldValues(fields: readonly MemberFieldDef[], values: MemberFieldValues): Map<string, string> {
  const stored = new Map<string, string>();
  for (const field of fields) {
    if (!field.enabled) continue;
    const result = canonicalValue(field, values[field.id]);
    if ('value' in result && result.value !== null) stored.set(field.id, result.value);
  }
  return stored;
}

/** Normalises a label for comparison the way the import matches headers: no spaces, no case. */
export const labelKey = (label: string) => label.replace(/\s+/g, '').toLowerCase();

/** Problems of a field definition itself (the editor and the server): labels, options. */
export function definitionProblems(draft: MemberFieldDraft): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const label = draft.label.trim();
  if (!label) problems.push({ field: 'label', key: 'validation.required', params: { field: 'org.fields.label' } });
  else if (letters(label) > MEMBER_FIELD_LIMITS.label) problems.push({ field: 'label', key: 'validation.tooLong', params: { field: 'org.fields.label', limit: MEMBER_FIELD_LIMITS.label } });
  if (letters(draft.labelEn.trim()) > MEMBER_FIELD_LIMITS.labelEn) problems.push({ field: 'labelEn', key: 'validation.tooLong', params: { field: 'org.fields.labelEn', limit: MEMBER_FIELD_LIMITS.labelEn } });
  const options = draft.options.map((o) => o.trim());
  if (draft.kind === 'select') {
    if (options.filter(Boolean).length === 0) problems.push({ field: 'options', key: 'org.fields.optionsRequired' });
    else if (options.length > MEMBER_FIELD_LIMITS.options) problems.push({ field: 'options', key: 'validation.tooMany', params: { field: 'org.fields.options', limit: MEMBER_FIELD_LIMITS.options } });
    else if (options.some((o) => !o || letters(o) > MEMBER_FIELD_LIMITS.option)) problems.push({ field: 'options', key: 'org.fields.optionFormat', params: { limit: MEMBER_FIELD_LIMITS.option } });
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) problems.push({ field: 'options', key: 'org.fields.optionTwice' });
  } else if (options.length) problems.push({ field: 'options', key: 'org.fields.optionsOnlySelect' });
  return problems;
}

/** The stored form of a definition: trimmed labels and options (options of another kind are refused, not dropped). */
export const normalisedDraft = (draft: MemberFieldDraft): MemberFieldDraft => ({
  ...draft,
  label: draft.label.trim(),
  labelEn: draft.labelEn.trim(),
  options: draft.options.map((o) => o.trim()),
});

/**
 * The §3 user-information fields a member may be allowed to edit about themselves (`element/setting/member`).
 * Login ID, departments, posts, superior and entry date are the employer's record and never the member's.
 */
export const SELF_EDIT_CHOICES = ['name', 'gender', 'birthday', 'phone', 'email', 'qq', 'idCard', 'address', 'signature', 'portrait', 'extension', 'jobDescription'] as const;
export type SelfEditField = (typeof SELF_EDIT_CHOICES)[number];
export const DEFAULT_SELF_EDIT: readonly SelfEditField[] = ['phone', 'email', 'qq', 'address', 'signature', 'birthday'];

/** The pages of `element/setting/{page}`. */
export const ELEMENT_SETTING_PAGES = ['member', 'contacts', 'extension'] as const;
export type ElementSettingPage = (typeof ELEMENT_SETTING_PAGES)[number];
export const isElementSettingPage = (page: unknown): page is ElementSettingPage => (ELEMENT_SETTING_PAGES as readonly unknown[]).includes(page);

/** The hub's live counts (console/elementManage). */
export interface ElementsSummary {
  departments: number;
  posts: number;
  roleGroups: number;
  memberFields: number;
  selfEditFields: number;
}
