/**
 * Values as Chinese Excel, WPS and LibreOffice show them, which is what their csv files hold ("values as
 * shown"): thousands separators, currency signs, percentages, year-first dates with / . 年月日 and unpadded
 * parts, Excel serial dates. Each reader accepts only what has one meaning and answers null otherwise, so the
 * text goes on to the record check, which refuses it with the field's own reason.
 */

/** Full-width digits, ￥, ，, ．, ％ and the like → their ASCII forms; no-break spaces → spaces. */
const normalise = (text: string) => text.normalize('NFKC').trim();

const PLAIN = /^[+-]?\d+(\.\d+)?$/;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * A number as shown → its plain decimal text ('1234.56'), or null. Accepted: `1,234.56` (groups of exactly
 * three), a currency sign or code before it (`¥`, `$`, `RMB`, `CNY`) or `元` after it, a sign before or after
 * the currency sign, `12.5%` (→ '0.125', shifted in the text so no binary rounding creeps in), a negative as
 * accountants write it, `(1,234.56)`, and exponent notation as programs write tiny or huge numbers (`1e-8`, also in
 * our own csv exports). `1,23` (a decimal comma?) and `1.234,5` are refused: their meaning is not certain.
 */
export function shownNumber(raw: string): string | null {
  // Spaces go only beside signs and currency (`RMB 88`, `¥ 1,234`); `1 000` stays two numbers, refused.
  let text = normalise(raw).replace(/(?<=\D)\s+|\s+(?=\D)/g, '');
  const exponent = EXPONENT.exec(text);
  if (exponent) return expandExponent(exponent[1]!, exponent[2]!, exponent[3] ?? '', Number(exponent[4]));
  const accounting = /^\((.+)\)$/.exec(text);
  if (accounting) {
    const inner = shownNumber(accounting[1]!);
    return inner === null || /^-/.test(inner) ? null : inner === '0' ? '0' : `-${inner}`;
  }
  let sign = '';
  if (/^[+-]/.test(text)) {
    sign = text[0] === '-' ? '-' : '';
    text = text.slice(1);
  }
  text = text.replace(/^(?:¥|\$|RMB|CNY)/i, '').replace(/元$/, '');
  if (sign === '' && /^[+-]/.test(text)) {
    sign = text[0] === '-' ? '-' : '';
    text = text.slice(1);
  }
  let percent = false;
  if (text.endsWith('%')) {
    percent = true;
    text = text.slice(0, -1);
  }
  if (GROUPED.test(text)) text = text.replace(/,/g, '');
  if (!PLAIN.test(text) || /^[+-]/.test(text)) return null;
  if (percent) text = shiftLeftTwo(text);
  return `${sign}${text}`;
}

const EXPONENT = /^([+-]?)(\d+)(?:\.(\d+))?e([+-]?\d{1,3})$/i;

/** `1.5e-3` → '0.0015': the decimal point moved in the text, so the value is exactly the one written. */
function expandExponent(sign: string, whole: string, fraction: string, power: number): string {
  const digits = `${whole}${fraction}`;
  const point = whole.length + power;
  const padded = point <= 0 ? `${'0'.repeat(1 - point)}${digits}` : point > digits.length ? digits.padEnd(point, '0') : digits;
  const at = Math.max(point, 1);
  const [integer, decimals] = [padded.slice(0, at).replace(/^0+(?=\d)/, ''), padded.slice(at).replace(/0+$/, '')];
  const text = decimals ? `${integer}.${decimals}` : integer;
  return sign === '-' && text !== '0' ? `-${text}` : text;
}

/** '12.5' → '0.125', '3' → '0.03': the decimal point moved two places in the text. */
function shiftLeftTwo(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = whole.padStart(3, '0');
  const result = `${digits.slice(0, -2)}.${digits.slice(-2)}${fraction}`.replace(/^0+(?=\d)/, '');
  return result.replace(/\.?0+$/, '') || '0';
}

export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const DAY = /^(\d{4})\s*(?:[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})|年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?)$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(?:(上午|下午|AM|PM)\s*)?(\d{1,2})(?::|时)(\d{1,2})(?:(?::|分)(\d{1,2})(?:\.(\d{1,3}))?秒?)?分?\s*(上午|下午|AM|PM)?$/i;

function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A year-first day: `2026-3-5`, `2026/3/5`, `2026.3.5`, `2026年3月5日`, `20260305`. Day-first or two-digit years: null. */
export function shownDay(raw: string): { year: number; month: number; day: number } | null {
  const text = normalise(raw);
  const m = DAY.exec(text) ?? COMPACT_DAY.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2] ?? m[4]);
  const day = Number(m[3] ?? m[5]);
  return realDay(year, month, day) ? { year, month, day } : null;
}

/** A day followed by a time: `2026/3/5 8:30`, `2024-2-9 8:30:15`, `2026年3月5日 下午2:05`, ISO's `T` too. */
export function shownDateTime(raw: string): WallParts | null {
  const text = normalise(raw);
  const split = /^(.+?)(?:\s+|T)(.+)$/.exec(text);
  if (!split) return null;
  const day = shownDay(split[1]!);
  const time = TIME.exec(split[2]!.trim());
  if (!day || !time) return null;
  const meridiem = (time[1] ?? time[6] ?? '').toUpperCase();
  let hour = Number(time[2]);
  const minute = Number(time[3]);
  const second = Number(time[4] ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const afternoon = meridiem === 'PM' || meridiem === '下午';
    hour = (hour % 12) + (afternoon ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { ...day, hour, minute, second, ms: Number((time[5] ?? '').padEnd(3, '0')) };
}

/** Wall parts → ms whose UTC fields are them. */
export function wallMs(parts: WallParts): number {
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  date.setUTCHours(parts.hour, parts.minute, parts.second, parts.ms);
  return date.getTime();
}

/**
 * Excel serial dates (1900 system) are taken only from 10000 (1927-05-18) to 2958465 (9999-12-31): a smaller
 * number in a date column is more likely a year or a quantity than a day of the 1900s.
 */
export const SERIAL_MIN = 10_000;
export const SERIAL_MAX = 2_958_465;

/** An Excel serial → wall ms, or null outside the range above. */
export function serialWall(serial: number): number | null {
  if (!Number.isFinite(serial) || serial < SERIAL_MIN || serial >= SERIAL_MAX + 1) return null;
  return Math.round((serial - 25569) * 86_400_000);
}
