import { addWorkMinutes, instantOf, wallClock } from '../org/work-clock.ts';
import { isWorkingMoment, isoWeekday } from '../org/work-time.ts';
import type { FunctionTable } from './define.ts';
import { ExpressionFault, currentScope } from './scope.ts';

/**
 * Dates are instants; everything about days (the day of a date, adding days, counting days) is read on the wall
 * clock of the space's zone, which the evaluation is given. So `day(d)` near midnight differs between Shanghai and
 * UTC, and adding a day across a daylight-saving change keeps the clock time (23 or 25 hours), while adding hours
 * adds exact hours. The zone arithmetic is the work calendar's (`shared/org/work-clock.ts`), not a copy of it.
 */
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export const DATE_UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'minutes'] as const;
type Unit = (typeof DATE_UNITS)[number];

/** `day`, `Days` and `days` all name the unit; null for anything else. */
export function dateUnit(written: string): Unit | null {
  const plural = written.trim().toLowerCase().replace(/s?$/, 's');
  return (DATE_UNITS as readonly string[]).includes(plural) ? (plural as Unit) : null;
}

function unitOf(written: string): Unit {
  const unit = dateUnit(written);
  if (!unit) throw new ExpressionFault('expression.badUnit', { unit: written });
  return unit;
}

interface Wall {
  day: string;
  minute: number;
  /** Milliseconds past the minute (zones' offsets are whole minutes). */
  ms: number;
}

function wallOf(at: Date): Wall {
  const { day, minute } = wallClock(currentScope().zone, at);
  return { day, minute, ms: ((at.getTime() % MINUTE) + MINUTE) % MINUTE };
}

/** The wall clock as if it were UTC: differences between two of these count calendar time, not elapsed time. */
const naive = (wall: Wall) => Date.parse(`${wall.day}T00:00:00Z`) + wall.minute * MINUTE + wall.ms;
// Four-digit years only: the calendar text ('YYYY-MM-DD') the work calendar reads has no room for more.
const FIRST = Date.UTC(1, 0, 1);
const LAST = Date.UTC(9999, 11, 31);

function dayOf(ms: number): string {
  if (!(ms >= FIRST && ms <= LAST)) throw new ExpressionFault('expression.dateOutOfRange');
  return new Date(ms).toISOString().slice(0, 10);
}

function atWall(day: string, minute: number, ms: number): Date {
  return new Date(instantOf(currentScope().zone, day, minute).getTime() + ms);
}

/** The same wall-clock moment `months` later, the day clamped to the month's end (31 January + 1 month: 29 February). */
function shiftMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return dayOf(target.getTime());
}

function whole(amount: number): number {
  if (!Number.isInteger(amount)) throw new ExpressionFault('expression.notWholeNumber', { name: 'dateAdd' });
  return amount;
}

function dateAdd(at: Date, amount: number, written: string): Date {
  const unit = unitOf(written);
  if (unit === 'hours') return new Date(at.getTime() + amount * HOUR);
  if (unit === 'minutes') return new Date(at.getTime() + amount * MINUTE);
  const wall = wallOf(at);
  const n = whole(amount);
  const day =
    unit === 'days' || unit === 'weeks'
      ? dayOf(Date.parse(`${wall.day}T00:00:00Z`) + n * (unit === 'weeks' ? 7 : 1) * DAY)
      : shiftMonths(wall.day, unit === 'years' ? n * 12 : n);
  return atWall(day, wall.minute, wall.ms);
}

/** Whole months from a to b on the wall clock, truncated toward zero like whole days and hours. */
function monthsBetween(a: Wall, b: Wall): number {
  const [ya, ma] = a.day.split('-').map(Number) as [number, number];
  const [yb, mb] = b.day.split('-').map(Number) as [number, number];
  let months = (yb - ya) * 12 + (mb - ma);
  const reached = (n: number) => naive({ ...a, day: shiftMonths(a.day, n) });
  if (months > 0 && reached(months) > naive(b)) months--;
  if (months < 0 && reached(months) < naive(b)) months++;
  return months;
}

function dateDiff(from: Date, to: Date, written: string): number {
  const unit = unitOf(written);
  const elapsed = to.getTime() - from.getTime();
  if (unit === 'minutes') return Math.trunc(elapsed / MINUTE);
  if (unit === 'hours') return Math.trunc(elapsed / HOUR);
  const [a, b] = [wallOf(from), wallOf(to)];
  if (unit === 'days' || unit === 'weeks') return Math.trunc((naive(b) - naive(a)) / DAY / (unit === 'weeks' ? 7 : 1));
  const months = monthsBetween(a, b);
  return unit === 'months' ? months : Math.trunc(months / 12);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyy, MM, dd, HH, mm, ss in the space's zone; any other character is kept. */
export function formatInZone(at: Date, pattern: string): string {
  const wall = wallOf(at);
  const fields: Record<string, string> = {
    yyyy: wall.day.slice(0, 4),
    MM: wall.day.slice(5, 7),
    dd: wall.day.slice(8, 10),
    HH: pad(Math.floor(wall.minute / 60)),
    mm: pad(wall.minute % 60),
    ss: pad(Math.floor(wall.ms / 1000)),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => fields[token]!);
}

function workClock() {
  const clock = currentScope().workClock;
  if (!clock) throw new ExpressionFault('expression.noWorkClock');
  return clock;
}

function makeDate(year: number, month: number, day: number): Date {
  const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const check = Date.parse(`${text}T00:00:00Z`);
  if (![year, month, day].every(Number.isInteger) || !(check >= FIRST && check <= LAST) || dayOf(check) !== text) {
    throw new ExpressionFault('expression.badDate', { value: `${year}-${month}-${day}` });
  }
  return atWall(text, 0, 0);
}

export function defineDateFunctions(table: FunctionTable): void {
  const { define } = table;
  define('now', [], 'ts', () => new Date(currentScope().now.getTime()));
  define('today', [], 'ts', () => atWall(wallOf(currentScope().now).day, 0, 0));
  define('date', ['num', 'num', 'num'], 'ts', makeDate);
  define('dateAdd', ['ts', 'num', 'string'], 'ts', dateAdd);
  define('dateDiff', ['ts', 'ts', 'string'], 'int', dateDiff);
  define('formatDate', ['ts'], 'string', (at: Date) => formatInZone(at, 'yyyy-MM-dd'));
  define('formatDate', ['ts', 'string'], 'string', (at: Date, pattern: string) => formatInZone(at, pattern));
  define('year', ['ts'], 'int', (at: Date) => Number(wallOf(at).day.slice(0, 4)));
  define('month', ['ts'], 'int', (at: Date) => Number(wallOf(at).day.slice(5, 7)));
  define('day', ['ts'], 'int', (at: Date) => Number(wallOf(at).day.slice(8, 10)));
  // ISO weekday, 1 Monday … 7 Sunday, as the work calendar counts.
  define('weekday', ['ts'], 'int', (at: Date) => isoWeekday(wallOf(at).day));
  define('hour', ['ts'], 'int', (at: Date) => Math.floor(wallOf(at).minute / 60));
  define('minute', ['ts'], 'int', (at: Date) => wallOf(at).minute % 60);
  define('isWorkTime', ['ts'], 'bool', (at: Date) => {
    const { day, minute } = wallOf(at);
    return isWorkingMoment(workClock(), day, `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`);
  });
  define('addWorkHours', ['ts', 'num'], 'ts', (at: Date, hours: number) => {
    if (!(hours >= 0)) throw new ExpressionFault('expression.badArgument', { name: 'addWorkHours' });
    return addWorkMinutes(workClock(), currentScope().zone, at, hours * 60);
  });
}
