import { instantOf } from '../org/work-clock.ts';
import { ExpressionFault } from './scope.ts';
import type { ExpressionLimits, ValueType } from './types.ts';

/**
 * Values cross into the engine as copies: plain data only (objects without a prototype, fresh arrays), so nothing
 * the caller passed can be reached or changed, and anything over the size limits is refused before it is read.
 * Text and lists are never empty-as-null (an empty field is "" or []); an empty number, date, boolean or object is
 * null, which the engine refuses to read as its declared type: that is the "field is empty" error, unless the
 * source asks `isEmpty(field)` or `ifEmpty(field, fallback)` first.
 */
const MAX_NESTING = 32;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function badValue(name: string, type: string): ExpressionFault {
  // Messages have one word for dates, with or without a time.
  return new ExpressionFault('expression.badValue', { name, type: type === 'datetime' ? 'date' : type });
}

function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date-time as the platform writes it: a Date, epoch milliseconds, or ISO text (without offset: the zone's wall clock). */
export function toInstant(raw: unknown, zone: string): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : new Date(raw.getTime());
  if (typeof raw === 'number') return Number.isFinite(raw) ? new Date(raw) : null;
  if (typeof raw !== 'string') return null;
  const m = LOCAL.exec(raw.trim());
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  const [hour, minute, second] = [m[4], m[5], m[6]].map((part) => Number(part ?? 0)) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (m[8]) {
    const at = Date.parse(raw.trim().replace(' ', 'T'));
    return Number.isNaN(at) ? null : new Date(at);
  }
  const millis = second * 1000 + Math.round(Number(m[7] ?? 0) * 1000);
  return new Date(instantOf(zone, `${m[1]}-${m[2]}-${m[3]}`, hour * 60 + minute).getTime() + millis);
}

function copyData(value: unknown, limits: ExpressionLimits, name: string, depth: number): unknown {
  if (depth > MAX_NESTING) throw new ExpressionFault('expression.valueTooLarge', { max: MAX_NESTING, kind: 'nesting' });
  switch (typeof value) {
    case 'string':
      if (value.length > limits.maxTextLength) throw new ExpressionFault('expression.valueTooLarge', { max: limits.maxTextLength, kind: 'text' });
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw badValue(name, 'number');
      return value;
    case 'boolean':
    case 'bigint':
      return value;
    case 'object': {
      if (value === null) return null;
      if (value instanceof Date) return new Date(value.getTime());
      if (Array.isArray(value)) {
        if (value.length > limits.maxListLength) throw new ExpressionFault('expression.valueTooLarge', { max: limits.maxListLength, kind: 'list' });
        return value.map((item) => copyData(item, limits, name, depth + 1));
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) throw badValue(name, 'object');
      const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
      if (entries.length > limits.maxListLength) throw new ExpressionFault('expression.valueTooLarge', { max: limits.maxListLength, kind: 'list' });
      const copy = Object.create(null) as Record<string, unknown>;
      for (const [key, item] of entries) copy[key] = copyData(item, limits, name, depth + 1);
      return copy;
    }
    default:
      throw badValue(name, 'object');
  }
}

/** Any plain data (a caller's function result, say) as an engine value. */
export function toEngineData(value: unknown, limits: ExpressionLimits, name: string): unknown {
  return copyData(value, limits, name, 0);
}

/** The engine value of a field, or null when the field is empty (see above). `name` is for messages. */
export function toEngineValue(type: ValueType, raw: unknown, zone: string, limits: ExpressionLimits, name: string): unknown {
  const empty = raw === null || raw === undefined;
  switch (type) {
    case 'text':
      if (empty) return '';
      if (typeof raw !== 'string') throw badValue(name, type);
      return copyData(raw, limits, name, 0);
    case 'number': {
      if (empty || raw === '') return null;
      // ETL payloads and query strings carry numbers as text.
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw badValue(name, type);
      return n;
    }
    case 'boolean':
      if (empty) return null;
      if (typeof raw !== 'boolean') throw badValue(name, type);
      return raw;
    case 'date':
    case 'datetime': {
      if (empty || raw === '') return null;
      const at = toInstant(raw, zone);
      if (!at) throw badValue(name, type);
      return at;
    }
    case 'list':
      if (empty) return [];
      if (!Array.isArray(raw)) throw badValue(name, type);
      return copyData(raw, limits, name, 0);
    case 'object':
      if (empty) return null;
      if (typeof raw !== 'object' || Array.isArray(raw) || raw instanceof Date) throw badValue(name, type);
      return copyData(raw, limits, name, 0);
  }
}

/** Whether a converted field value counts as empty for `isEmpty`. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Plain JavaScript out: engine integers (BigInt) become numbers, maps plain objects, durations milliseconds. */
export function fromEngineValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(fromEngineValue);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), fromEngineValue(v)]));
  // The engine's Duration (milliseconds as valueOf) and UnsignedInt (`1u`) are not exported as types.
  const kind = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  if (kind === 'Duration' || kind === 'UnsignedInt') return Number(value.valueOf());
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = fromEngineValue(item);
  return out;
}
