import { Cron } from 'croner';

/**
 * Schedules written as five-field cron expressions (minute hour day-of-month month day-of-week), read in an IANA
 * time zone — a space's own by default. The same check runs in the designer (preview of the next firings) and on
 * the server (decision 0092). croner does the parsing and the zone arithmetic, daylight saving included.
 */
export interface CronProblem {
  /** An i18n key under `kernel.cron.*`, with its parameters. */
  key: string;
  params?: Record<string, string | number>;
}

/** croner's names of the five fields in its messages, in their order. */
const FIELDS = ['minute', 'hour', 'day', 'month', 'dayofweek'] as const;
/** More often than this is refused: the scheduler looks for due schedules about every 15 seconds. */
export const CRON_MIN_INTERVAL_MS = 60_000;

export function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parse(expression: string, zone: string): Cron | CronProblem {
  const parts = expression.trim().split(/\s+/);
  if (!expression.trim() || parts.length !== 5) return { key: 'kernel.cron.fields', params: { count: expression.trim() ? parts.length : 0 } };
  if (!validZone(zone)) return { key: 'kernel.cron.badZone', params: { zone } };
  try {
    return new Cron(parts.join(' '), { timezone: zone, paused: true });
  } catch (error) {
    const named = /invalid value for (\w+)/i.exec(error instanceof Error ? error.message : '')?.[1]?.toLowerCase();
    const index = FIELDS.findIndex((f) => f === named);
    return index >= 0 ? { key: 'kernel.cron.badField', params: { field: index + 1, value: parts[index]! } } : { key: 'kernel.cron.invalid' };
  }
}

const isProblem = (value: Cron | CronProblem): value is CronProblem => !(value instanceof Cron);

/** What is wrong with a schedule (null: it is sound): its syntax, its zone, never firing, or firing too often. */
export function cronProblem(expression: string, zone: string): CronProblem | null {
  const cron = parse(expression, zone);
  if (isProblem(cron)) return cron;
  const runs = cron.nextRuns(6, new Date());
  if (!runs.length) return { key: 'kernel.cron.never' };
  for (let i = 1; i < runs.length; i++) {
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < CRON_MIN_INTERVAL_MS) return { key: 'kernel.cron.tooOften' };
  }
  return null;
}

/**
 * The next firings after `after`; with `accept`, only instants it accepts (work time), looking at most `scan`
 * firings ahead so a schedule that never meets work time ends instead of looping.
 */
export function nextFirings(expression: string, zone: string, after: Date, count: number, accept?: (at: Date) => boolean, scan = 2000): Date[] {
  const cron = parse(expression, zone);
  if (isProblem(cron)) return [];
  const found: Date[] = [];
  let from: Date | null = after;
  for (let seen = 0; from && found.length < count && seen < scan; seen++) {
    const next: Date | null = cron.nextRun(from);
    if (!next) break;
    if (!accept || accept(next)) found.push(next);
    from = next;
  }
  return found;
}
