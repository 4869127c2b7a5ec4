/**
 * Wall-clock time in a time zone ↔ instants, with the runtime's own time-zone database (Intl): no library and
 * no dependence on the zone the server runs in. A "wall" time is carried as a Date (or its ms) whose UTC fields
 * are what the clock on the wall shows — the way a spreadsheet cell holds a date-time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets only change at transitions, which fall on quarter hours: one lookup per zone and quarter hour. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short',
    });
    formatters.set(zone, format);
  }
  return format;
}

function computeOffset(instant: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

/** The zone's offset from UTC (ms, wall − UTC) at an instant. */
export function offsetAt(instant: number, zone: string): number {
  const key = `${zone}|${Math.floor(instant / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 200_000) offsets.clear();
    offset = computeOffset(instant, zone);
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant → the wall-clock time in `zone`, as ms whose UTC fields are that wall time. */
export function wallOf(instant: number, zone: string): number {
  return instant + offsetAt(instant, zone);
}

/**
 * A wall-clock time in `zone` → the instant. In a daylight-saving gap the clock time does not exist and the
 * later offset is used; in an overlap the earlier instant is taken (as most calendars do).
 */
export function instantOf(wall: number, zone: string): number {
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  if (second === first) return first;
  const third = wall - offsetAt(second, zone);
  return Math.min(second, third);
}
