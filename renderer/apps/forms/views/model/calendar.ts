import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { localDate } from '../../../../../shared/forms/validate-values.ts';
import type { RecordRow } from '../types.ts';

export type CalendarMode = 'month' | 'week' | 'day';

/** The days a calendar shows and the instants they span (local time: the user's days, not UTC days). */
export interface CalendarRange {
  mode: CalendarMode;
  /** Every day on screen, in order; a month grid starts and ends on whole weeks. */
  days: Date[];
  /** Midnight of the first day shown. */
  start: Date;
  /** The last millisecond of the last day shown. */
  end: Date;
}

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** By calendar days (DST-safe: the date is rebuilt, not shifted by 24 hours). */
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
/** Weeks start on Monday, as the Chinese calendar does (and ISO 8601). */
export const startOfWeek = (d: Date) => addDays(startOfDay(d), -((d.getDay() + 6) % 7));
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

function span(first: Date, last: Date): Date[] {
  const days: Date[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export function calendarRange(mode: CalendarMode, anchor: Date): CalendarRange {
  let days: Date[];
  if (mode === 'day') days = [startOfDay(anchor)];
  else if (mode === 'week') days = span(startOfWeek(anchor), addDays(startOfWeek(anchor), 6));
  else {
    const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
    const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
    days = span(startOfWeek(first), addDays(startOfWeek(last), 6));
  }
  return { mode, days, start: days[0]!, end: endOfDay(days.at(-1)!) };
}

/** The anchor one month / week / day before (-1) or after (+1). */
export function shiftAnchor(mode: CalendarMode, anchor: Date, delta: number): Date {
  if (mode === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + delta, 1);
  return addDays(anchor, mode === 'week' ? 7 * delta : delta);
}

/** The list filter for the records whose date field falls in the range (inclusive at both ends). */
export function rangeFilter(field: FieldDef, range: CalendarRange): FilterGroup {
  const value = field.type === 'date' ? [localDate(range.start), localDate(range.end)] : [range.start.toISOString(), range.end.toISOString()];
  return { logic: 'and', items: [{ field: field.key, op: 'between', value }] };
}

/** The day (YYYY-MM-DD, local) a date or date-time value falls on; null when it is not one. */
export function dayKeyOf(field: FieldDef, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (field.type === 'date') return /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(value) ? value.slice(0, 10) : null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : localDate(new Date(at));
}

export function recordsByDay(records: readonly RecordRow[], field: FieldDef): Map<string, RecordRow[]> {
  const byDay = new Map<string, RecordRow[]>();
  for (const record of records) {
    const key = dayKeyOf(field, record.values[field.key]);
    if (!key) continue;
    const list = byDay.get(key) ?? [];
    list.push(record);
    byDay.set(key, list);
  }
  return byDay;
}

/** The value a new record gets when created from a day: the date, or 09:00 that day for a date-time. */
export function valueForDay(field: FieldDef, day: Date): string {
  if (field.type === 'date') return localDate(day);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9).toISOString();
}

export const dayKey = (day: Date) => localDate(day);
