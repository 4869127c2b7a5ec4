import { sql } from 'kysely';
import type { FieldDef, NumberingRule } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';

/** The date part of a number for `at`, in the server's time zone (the plant's local day). */
export function periodOf(rule: NumberingRule, at: Date): string {
  const y = String(at.getFullYear());
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return { none: '', yyyy: y, yyyyMM: y + m, yyyyMMdd: y + m + d }[rule.datePart];
}

export const formatNumber = (rule: NumberingRule, period: string, sequence: number | bigint) =>
  `${rule.prefix}${period}${String(sequence).padStart(rule.digits, '0')}`;

export const serialField = (fields: readonly FieldDef[]) => fields.find((f) => f.type === 'serial' && f.numbering);

/**
 * Takes the next `count` sequence values of a period. The upsert's row lock holds concurrent creators of the same
 * form and period until this transaction ends, so no two transactions ever get the same value.
 */
async function take(trx: Trx, formId: string, spaceId: string, period: string, count: number): Promise<bigint> {
  const row = await sql<{ last: string }>`
    insert into forms_number_seq (space_id, form_id, period, last) values (${spaceId}, ${formId}::bigint, ${period}, ${count})
    on conflict (space_id, form_id, period) do update set last = forms_number_seq.last + ${count}
    returning last`.execute(trx);
  return BigInt(row.rows[0]!.last) - BigInt(count) + 1n;
}

/** Numbers already used by records of the form (a user may have typed a number the sequence reaches later). */
export async function takenNumbers(trx: Trx, table: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await sql<{ number: string }>`select number from ${sql.table(table)} where number = any(${numbers}::text[])`.execute(trx);
  return new Set(rows.rows.map((r) => r.number));
}

/**
 * `count` fresh numbers for new records: sequence values skipping numbers someone entered by hand. The unique
 * constraint on (space_id, number) is the last guard; this only keeps it from firing in the normal case.
 */
export async function nextNumbers(trx: Trx, form: { id: string; spaceId: string; table: string }, rule: NumberingRule, count: number, at = new Date()): Promise<string[]> {
  const period = periodOf(rule, at);
  const result: string[] = [];
  for (let round = 0; result.length < count && round < 20; round += 1) {
    const need = count - result.length;
    const first = await take(trx, form.id, form.spaceId, period, need);
    const candidates = Array.from({ length: need }, (_, i) => formatNumber(rule, period, first + BigInt(i)));
    const taken = await takenNumbers(trx, form.table, candidates);
    result.push(...candidates.filter((n) => !taken.has(n)));
  }
  return result;
}

/** What the next generated number would be, without taking it (the "number has been repeated" suggestion). */
export async function peekNumber(trx: Trx, form: { id: string; table: string }, rule: NumberingRule, at = new Date()): Promise<string> {
  const period = periodOf(rule, at);
  const row = await trx
    .selectFrom('forms_number_seq')
    .select('last')
    .where('form_id', '=', form.id)
    .where('period', '=', period)
    .executeTakeFirst();
  let next = BigInt(row?.last ?? '0') + 1n;
  for (let i = 0; i < 1000; i += 1, next += 1n) {
    const candidate = formatNumber(rule, period, next);
    if (!(await takenNumbers(trx, form.table, [candidate])).size) return candidate;
  }
  return formatNumber(rule, period, next);
}
