import { MEMBER_FIELD_LABELS, memberProblems, normalisedMember, type MemberInput } from '../../../shared/org/member.ts';
import { labelKey, storedFieldValues, type MemberFieldDef, type MemberFieldValues } from '../../../shared/org/member-fields.ts';
import type { FieldProblem } from '../../../shared/validation/password.ts';
import type { Cell } from '../../kernel/sheets/index.ts';
import type { MemberPlan } from './member-store.ts';

/** The columns of the member import, in template order; `department`, the posts and the superior are names. */
export const IMPORT_COLUMNS = [
  'loginId', 'name', 'phone', 'email', 'gender', 'birthday', 'qq', 'idCard', 'address', 'signature', 'extension',
  'entryDate', 'jobDescription', 'department', 'mainPost', 'partTimePosts', 'superior',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const COLUMN_LABELS: Record<ImportColumn, string> = {
  ...(MEMBER_FIELD_LABELS as Record<Exclude<ImportColumn, 'department' | 'mainPost' | 'partTimePosts' | 'superior'>, string>),
  department: 'org.member.department',
  mainPost: 'org.member.mainPost',
  partTimePosts: 'org.member.partTimePosts',
  superior: 'org.member.superiorLogin',
};

export const MAX_IMPORT_ROWS = 20_000;

const norm = (value: unknown) => String(value ?? '').replace(/\s+/g, '').toLowerCase();

/** Which column holds which field, from the header's labels in either language (case and spaces ignored). */
export function mapHeader(header: Cell[], labelsOf: (key: string) => string[]): Map<ImportColumn, number> {
  const byLabel = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) for (const label of labelsOf(COLUMN_LABELS[column])) byLabel.set(norm(label), column);
  const found = new Map<ImportColumn, number>();
  header.forEach((cell, index) => {
    const column = byLabel.get(norm(cell));
    if (column && !found.has(column)) found.set(column, index);
  });
  return found;
}

/** The space's extension fields and where the file holds them (decision 0048). */
export interface ImportFields {
  definitions: MemberFieldDef[];
  /** Field id → column index, for the enabled fields the header names. */
  columns: Map<string, number>;
  /** The request's language: problems name a field by its label in it. */
  language: string;
}

export const NO_FIELDS: ImportFields = { definitions: [], columns: new Map(), language: 'zh-CN' };

/**
 * Extension fields are columns headed by their label in either language (case and spaces ignored, as for the
 * built-in columns, whose labels a field may not take). Disabled fields are not read: their values stay as they are.
 */
export function mapFieldColumns(header: Cell[], definitions: MemberFieldDef[]): Map<string, number> {
  const byLabel = new Map<string, string>();
  for (const field of definitions.filter((f) => f.enabled)) for (const label of [field.label, field.labelEn].filter(Boolean)) byLabel.set(labelKey(label), field.id);
  const found = new Map<string, number>();
  header.forEach((cell, index) => {
    const id = byLabel.get(labelKey(String(cell ?? '')));
    if (id && !found.has(id)) found.set(id, index);
  });
  return found;
}

/** A cell as text: numbers without exponent or grouping (phones and QQ numbers are often typed as numbers). */
function text(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  return String(cell).trim();
}

/** Dates as typed: a date cell, `2024-03-05`, `2024/3/5` or `2024.3.5`. Anything else is left for the check to refuse. */
function day(cell: Cell | undefined): string | null {
  const value = text(cell);
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  return match ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}` : value || null;
}

const GENDERS: Record<string, 'male' | 'female'> = { 男: 'male', male: 'male', m: 'male', 女: 'female', female: 'female', f: 'female' };

export interface Lookups {
  departments: Map<string, string>;
  posts: Map<string, string>;
  /** Members already in the space, by lower-case login ID. */
  members: Map<string, string>;
  /** Login IDs (lower case) that accounts anywhere already use. */
  taken: Set<string>;
}

export interface RowOutcome {
  line: number;
  cells: Cell[];
  plan: MemberPlan | null;
  /** The superior when it is another row of this file (lower-case login ID). */
  superiorInFile: string | null;
  problems: FieldProblem[];
}

const names = (value: string) => value.split(/[,;，；、]/).map((part) => part.trim()).filter(Boolean);

/** Reads one row into a member plan, or the problems that stop it. References are resolved by name. */
export function planRow(line: number, cells: Cell[], columns: Map<ImportColumn, number>, lookups: Lookups, inFile: Set<string>, fields: ImportFields = NO_FIELDS): RowOutcome {
  const cell = (column: ImportColumn) => (columns.has(column) ? cells[columns.get(column)!] : undefined);
  const problems: FieldProblem[] = [];
  const genderText = text(cell('gender')).toLowerCase();
  const gender = genderText ? GENDERS[genderText] : null;
  if (genderText && !gender) problems.push({ field: 'gender', key: 'org.member.genderUnknown', params: { value: genderText } });
  const input: MemberInput = {
    loginId: text(cell('loginId')), name: text(cell('name')), phone: text(cell('phone')) || null, email: text(cell('email')) || null,
    gender: gender ?? null, birthday: day(cell('birthday')), qq: text(cell('qq')) || null, idCard: text(cell('idCard')) || null,
    address: text(cell('address')), signature: text(cell('signature')), extension: text(cell('extension')),
    entryDate: day(cell('entryDate')), jobDescription: text(cell('jobDescription')),
  };
  // Every enabled field gets a value, empty when the file has no column for it: a required field must be there.
  const values: MemberFieldValues = Object.fromEntries(
    fields.definitions.filter((f) => f.enabled).map((f) => {
      const at = fields.columns.get(f.id);
      const raw = at === undefined ? undefined : cells[at];
      return [f.id, f.kind === 'date' ? day(raw) : text(raw)];
    }),
  );
  problems.push(...memberProblems({ ...input, fields: values }, new Date(), fields.definitions, fields.language));
  const login = input.loginId.trim().toLowerCase();
  if (login && lookups.taken.has(login)) problems.push({ field: 'loginId', key: 'org.member.loginTaken', params: { loginId: input.loginId.trim() } });
  const department = text(cell('department'));
  const departmentId = department ? lookups.departments.get(department.toLowerCase()) : undefined;
  if (department && !departmentId) problems.push({ field: 'department', key: 'org.member.departmentUnknown', params: { name: department } });
  const postId = (name: string) => {
    const id = lookups.posts.get(name.toLowerCase());
    if (!id) problems.push({ field: 'mainPost', key: 'org.member.postUnknown', params: { name } });
    return id;
  };
  const main = text(cell('mainPost'));
  const mainPostId = main ? (postId(main) ?? null) : null;
  const partTimePostIds = [...new Set(names(text(cell('partTimePosts'))).map(postId).filter((id): id is string => !!id))].filter((id) => id !== mainPostId);
  const superior = text(cell('superior')).toLowerCase();
  const superiorId = superior ? (lookups.members.get(superior) ?? null) : null;
  const superiorInFile = superior && !superiorId && inFile.has(superior) ? superior : null;
  if (superior && !superiorId && !superiorInFile) problems.push({ field: 'superior', key: 'org.member.superiorUnknown', params: { loginId: superior } });
  if (superior && superior === login) problems.push({ field: 'superior', key: 'org.member.superiorSelf' });
  const plan: MemberPlan | null = problems.length
    ? null
    : { member: normalisedMember(input), departmentIds: departmentId ? [departmentId] : [], mainPostId, partTimePostIds, superiorId, passwordHash: null, fields: storedFieldValues(fields.definitions, values) };
  return { line, cells, plan, superiorInFile, problems };
}

/**
 * Rows whose superior is another row of the file need that row to be imported, and no chain may loop. Drops, until
 * nothing changes, rows whose superior row failed, then rows on a loop (A's superior B, B's superior A).
 */
export function settleSuperiors(rows: RowOutcome[]): void {
  const byLogin = new Map(rows.filter((r) => r.plan).map((r) => [r.plan!.member.loginId.toLowerCase(), r]));
  const fail = (row: RowOutcome, key: string) => {
    row.problems.push({ field: 'superior', key, params: { loginId: row.superiorInFile ?? '' } });
    row.plan = null;
  };
  const onLoop = rows.filter((row) => {
    const seen = new Set<RowOutcome>();
    let at: RowOutcome | undefined = row;
    while (at?.plan && at.superiorInFile && !seen.has(at)) {
      seen.add(at);
      at = byLogin.get(at.superiorInFile);
    }
    return at === row && seen.size > 0;
  });
  onLoop.forEach((row) => fail(row, 'org.member.superiorLoop'));
  for (let changed = true; changed; ) {
    changed = false;
    for (const row of rows) {
      if (row.plan && row.superiorInFile && !byLogin.get(row.superiorInFile)?.plan) {
        fail(row, 'org.member.superiorUnknown');
        changed = true;
      }
    }
  }
}
