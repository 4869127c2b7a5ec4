import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import type { RecordRow } from '../types.ts';
import { addDays, startOfDay } from './calendar.ts';

/** The hourly slots of a day, 00 to 23. */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const hourLabel = (hour: number) => String(hour).padStart(2, '0');
const HOUR_MS = 3_600_000;

export interface OccupyFields {
  resourceField: string;
  startField: string;
  endField: string;
}

export interface Booking {
  record: RecordRow;
  resource: string;
  start: number;
  end: number;
}

/** Instants of the local day: from its midnight to the next (23 or 25 hours on a DST change). */
export const dayWindow = (day: Date) => ({ start: startOfDay(day), end: addDays(startOfDay(day), 1) });

/** Bookings that overlap the day: they start before it ends and end after it starts. */
export function occupyFilter(fields: OccupyFields, day: Date): FilterGroup {
  const { start, end } = dayWindow(day);
  return {
    logic: 'and',
    items: [
      { field: fields.startField, op: 'lt', value: end.toISOString() },
      { field: fields.endField, op: 'gt', value: start.toISOString() },
    ],
  };
}

export function bookingsOf(records: readonly RecordRow[], fields: OccupyFields): Booking[] {
  const bookings: Booking[] = [];
  for (const record of records) {
    const resource = record.values[fields.resourceField];
    const start = Date.parse(String(record.values[fields.startField] ?? ''));
    const end = Date.parse(String(record.values[fields.endField] ?? ''));
    if (resource === null || resource === undefined || resource === '' || Number.isNaN(start) || Number.isNaN(end) || end <= start) continue;
    bookings.push({ record, resource: String(resource), start, end });
  }
  return bookings;
}

/** Where a booking's bar sits in the day's row, in percent of the row, clipped to the day. */
export function barOf(booking: Booking, day: Date): { left: number; width: number } {
  const { start, end } = dayWindow(day);
  const length = end.getTime() - start.getTime();
  const from = Math.max(booking.start, start.getTime()) - start.getTime();
  const to = Math.min(booking.end, end.getTime()) - start.getTime();
  return { left: (from / length) * 100, width: (Math.max(0, to - from) / length) * 100 };
}

/** The hour slot [h:00, h+1:00) of the day, as instants. */
export function slotOf(day: Date, hour: number): { start: Date; end: Date } {
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour);
  return { start, end: new Date(start.getTime() + HOUR_MS) };
}

export function isSlotFree(bookings: readonly Booking[], resource: string, day: Date, hour: number): boolean {
  const { start, end } = slotOf(day, hour);
  return !bookings.some((b) => b.resource === resource && b.start < end.getTime() && b.end > start.getTime());
}

/** A new booking of one hour from the slot: the values the record form opens with. */
export function slotValues(fields: OccupyFields, resource: string, day: Date, hour: number): Record<string, unknown> {
  const { start, end } = slotOf(day, hour);
  return { [fields.resourceField]: resource, [fields.startField]: start.toISOString(), [fields.endField]: end.toISOString() };
}
