/**
 * A space's work time (spec §2.6 workTime): the working week, the day's working periods, and the dates that differ
 * from the week (holidays, and the make-up working days that Chinese calendars put on weekends). This module is the
 * contract other apps use (workflow time limits, alarms): they ask whether a moment is working time, never read the
 * tables. Times are wall-clock times in the space's time zone.
 */
export interface WorkPeriod {
  /** 'HH:MM', 24-hour. */
  start: string;
  end: string;
}

export interface WorkDay {
  /** 'YYYY-MM-DD'. */
  day: string;
  kind: 'holiday' | 'workday';
  name: string;
}

export interface WorkTime {
  /** ISO weekdays that are working days: 1 Monday … 7 Sunday. */
  weekDays: number[];
  periods: WorkPeriod[];
  days: WorkDay[];
}

export const DEFAULT_WORK_TIME: WorkTime = {
  weekDays: [1, 2, 3, 4, 5],
  periods: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  days: [],
};

export const WORK_TIME_LIMITS = { periods: 4, days: 366, name: 40 } as const;

export interface WorkTimeProblem {
  key: string;
  params?: Record<string, string | number>;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function realDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Every rule a saved work time keeps; the first problem found, or null. The server and the page both use it. */
export function workTimeProblem(time: WorkTime): WorkTimeProblem | null {
  if (time.weekDays.some((d) => !Number.isInteger(d) || d < 1 || d > 7) || new Set(time.weekDays).size !== time.weekDays.length) return { key: 'org.workTime.badWeek' };
  if (time.periods.length === 0) return { key: 'org.workTime.noPeriod' };
  if (time.periods.length > WORK_TIME_LIMITS.periods) return { key: 'org.workTime.tooManyPeriods', params: { max: WORK_TIME_LIMITS.periods } };
  let previousEnd = -1;
  for (const period of time.periods) {
    if (!TIME.test(period.start) || !TIME.test(period.end)) return { key: 'org.workTime.badTime' };
    if (minutes(period.end) <= minutes(period.start)) return { key: 'org.workTime.endBeforeStart', params: { start: period.start, end: period.end } };
    if (minutes(period.start) < previousEnd) return { key: 'org.workTime.overlap', params: { start: period.start } };
    previousEnd = minutes(period.end);
  }
  if (time.days.length > WORK_TIME_LIMITS.days) return { key: 'org.workTime.tooManyDays', params: { max: WORK_TIME_LIMITS.days } };
  const seen = new Set<string>();
  for (const day of time.days) {
    if (!realDay(day.day)) return { key: 'org.workTime.badDay', params: { day: day.day } };
    if (seen.has(day.day)) return { key: 'org.workTime.dayTwice', params: { day: day.day } };
    if (day.name.length > WORK_TIME_LIMITS.name) return { key: 'org.workTime.nameTooLong', params: { max: WORK_TIME_LIMITS.name } };
    seen.add(day.day);
  }
  return null;
}

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' day. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Whether a day is a working day: its listed exception if any, else the working week. */
export function isWorkingDay(time: WorkTime, day: string): boolean {
  const exception = time.days.find((d) => d.day === day);
  if (exception) return exception.kind === 'workday';
  return time.weekDays.includes(isoWeekday(day));
}

/** Whether a wall-clock moment ('YYYY-MM-DD', 'HH:MM') falls in working time. */
export function isWorkingMoment(time: WorkTime, day: string, clock: string): boolean {
  if (!isWorkingDay(time, day)) return false;
  const at = minutes(clock);
  return time.periods.some((p) => at >= minutes(p.start) && at < minutes(p.end));
}

/** Working minutes in one working day (0 on a day off). */
export function workMinutesOn(time: WorkTime, day: string): number {
  return isWorkingDay(time, day) ? time.periods.reduce((sum, p) => sum + minutes(p.end) - minutes(p.start), 0) : 0;
}
