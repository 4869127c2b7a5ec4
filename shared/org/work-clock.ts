import { isWorkingDay, type WorkTime } from './work-time.ts';

/**
 * Time limits counted in working minutes (workflow time limits): the work time of decision 0034 read as
 * wall-clock periods in the space's time zone, turned into instants with the zone's offset of that day.
 */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The zone's offset from UTC at an instant, in minutes (east positive). */
function offsetAt(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The wall-clock day and minute of an instant in a zone. */
export function wallClock(zone: string, at: Date): { day: string; minute: number } {
  const shifted = new Date(at.getTime() + offsetAt(zone, at.getTime()) * 60_000);
  return { day: shifted.toISOString().slice(0, 10), minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** The instant of a wall-clock minute of a day in a zone (the offset checked again at the result, for DST days). */
export function instantOf(zone: string, day: string, minute: number): Date {
  const naive = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  let at = naive - offsetAt(zone, naive) * 60_000;
  at = naive - offsetAt(zone, at) * 60_000;
  return new Date(at);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The instant `minutes` working minutes after `from`: the periods of each working day, from `from`'s minute on its
 * own day, then whole days. A schedule with no working time at all falls back to plain minutes.
 */
export function addWorkMinutes(time: WorkTime, zone: string, from: Date, minutes: number): Date {
  let { day, minute } = wallClock(zone, from);
  let left = Math.max(0, minutes);
  for (let guard = 0; guard < 3 * 366; guard++) {
    if (isWorkingDay(time, day)) {
      for (const period of time.periods) {
        const start = Math.max(minutesOf(period.start), minute);
        const end = minutesOf(period.end);
        if (start >= end) continue;
        if (left <= end - start) return instantOf(zone, day, start + left);
        left -= end - start;
      }
    }
    day = nextDay(day);
    minute = 0;
  }
  return new Date(from.getTime() + minutes * 60_000);
}
