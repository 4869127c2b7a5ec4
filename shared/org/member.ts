import { isEmail, isIdCard, isPhone, isRealDate } from '../forms/formats.ts';
import type { FieldProblem } from '../validation/password.ts';
import { fieldValueProblems, type MemberFieldDef, type MemberFieldValues } from './member-fields.ts';

/**
 * A member's user information (spec §3) as the member dialog, the import and the API all check it: one function,
 * so a row the import accepts is a row the dialog would have accepted (one write path).
 */
export interface MemberInput {
  loginId: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  gender?: 'male' | 'female' | null;
  /** YYYY-MM-DD */
  birthday?: string | null;
  qq?: string | null;
  idCard?: string | null;
  address?: string;
  /** At most 40 letters (§5): counted in characters as a person sees them, not UTF-16 units. */
  signature?: string;
  extension?: string;
  entryDate?: string | null;
  jobDescription?: string;
  /**
   * Values of the space's extension fields (decision 0048) by field id. Absent: not being written (an edit that
   * leaves them as they are); present: the whole set, checked against the fields (required ones included).
   */
  fields?: MemberFieldValues;
}

export const MEMBER_LIMITS = { name: 100, address: 200, signature: 40, extension: 20, jobDescription: 500 } as const;
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;
const QQ_PATTERN = /^[1-9][0-9]{4,11}$/;
const EXTENSION_PATTERN = /^[0-9*#+ -]{1,20}$/;

/** The dictionary key of each field's label, for messages ("<%field%> cannot be empty"). */
export const MEMBER_FIELD_LABELS: Record<Exclude<keyof MemberInput, 'fields'> | 'departmentIds' | 'superiorId' | 'password', string> = {
  loginId: 'org.member.loginId',
  name: 'org.member.name',
  phone: 'org.member.phone',
  email: 'org.member.email',
  gender: 'org.member.gender',
  birthday: 'org.member.birthday',
  qq: 'org.member.qq',
  idCard: 'org.member.idCard',
  address: 'org.member.address',
  signature: 'org.member.signature',
  extension: 'org.member.extension',
  entryDate: 'org.member.entryDate',
  jobDescription: 'org.member.jobDescription',
  departmentIds: 'org.member.departments',
  superiorId: 'org.member.superior',
  password: 'org.member.password',
};

export const letters = (text: string) => [...text].length;

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Problems of one member's information (empty: fine). Text is judged trimmed, as it is stored. `fields` are the
 * space's extension fields; their problems name the field by its label in `language`.
 */
export function memberProblems(input: MemberInput, today: Date = new Date(), fields: readonly MemberFieldDef[] = [], language = 'zh-CN'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: keyof typeof MEMBER_FIELD_LABELS, key: string, params: Record<string, string | number> = {}) =>
    problems.push({ field, key, params: { field: MEMBER_FIELD_LABELS[field], ...params } });
  const loginId = input.loginId.trim();
  if (!loginId) add('loginId', 'validation.required');
  else if (!LOGIN_ID_PATTERN.test(loginId)) add('loginId', 'org.member.loginIdFormat');
  const name = input.name.trim();
  if (!name) add('name', 'validation.required');
  else if (letters(name) > MEMBER_LIMITS.name) add('name', 'validation.tooLong', { limit: MEMBER_LIMITS.name });
  if (input.phone && !isPhone(input.phone.trim())) add('phone', 'validation.phone');
  if (input.email && (!isEmail(input.email.trim()) || input.email.length > 200)) add('email', 'validation.email');
  if (input.gender && input.gender !== 'male' && input.gender !== 'female') add('gender', 'validation.enum');
  if (input.qq && !QQ_PATTERN.test(input.qq.trim())) add('qq', 'org.member.qqFormat');
  if (input.idCard && !isIdCard(input.idCard.trim(), today)) add('idCard', 'forms.validation.idCard');
  for (const field of ['birthday', 'entryDate'] as const) {
    const value = input[field];
    if (value && !isIsoDate(value)) add(field, 'org.member.dateFormat');
    else if (value && field === 'birthday' && value > today.toISOString().slice(0, 10)) add(field, 'org.member.birthdayFuture');
  }
  for (const field of ['address', 'signature', 'jobDescription'] as const) {
    const value = input[field]?.trim() ?? '';
    if (letters(value) > MEMBER_LIMITS[field]) add(field, field === 'signature' ? 'org.member.signatureTooLong' : 'validation.tooLong', { limit: MEMBER_LIMITS[field] });
  }
  if (input.extension?.trim() && !EXTENSION_PATTERN.test(input.extension.trim())) add('extension', 'org.member.extensionFormat');
  if (input.fields !== undefined) problems.push(...fieldValueProblems(fields, input.fields, language));
  return problems;
}

/** The stored form: trimmed text, empty optional values as null (or '' where the column is not nullable). */
export function normalisedMember(input: MemberInput) {
  const opt = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return {
    loginId: input.loginId.trim(),
    name: input.name.trim(),
    phone: opt(input.phone),
    email: opt(input.email),
    gender: input.gender ?? null,
    birthday: opt(input.birthday),
    qq: opt(input.qq),
    idCard: opt(input.idCard)?.toUpperCase() ?? null,
    address: input.address?.trim() ?? '',
    signature: input.signature?.trim() ?? '',
    extension: input.extension?.trim() ?? '',
    entryDate: opt(input.entryDate),
    jobDescription: input.jobDescription?.trim() ?? '',
  };
}

/** How a member stands in the space: invited (no password yet), active, or disabled by the administrator. */
export type MemberState = 'active' | 'invited' | 'disabled';
