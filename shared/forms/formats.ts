/**
 * Format checks of the §5 messages (email, phone, ID number, postal code, unified social credit code). Pure
 * functions on already trimmed strings, shared by the record form and the server through `validate.ts`.
 */

// Deliberately narrower than RFC 5322 (no quoted local parts, no IP literals): what mail systems here accept.
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= 254 && at > 0 && at <= 64 && EMAIL.test(value);
}

// Mainland mobile numbers, optionally +86 / 86 and grouped 3-4-4 by spaces or dashes.
const MOBILE = /^(?:\+?86[ -]?)?1[3-9][0-9][ -]?[0-9]{4}[ -]?[0-9]{4}$/;
// Landlines: area code 0 + 2 or 3 digits, a 7–8 digit local number, optional extension.
const LANDLINE = /^0[1-9][0-9]{1,2}[ -]?[1-9][0-9]{6,7}(?:-[0-9]{1,6})?$/;

export function isPhone(value: string): boolean {
  return MOBILE.test(value) || LANDLINE.test(value);
}

export function isPostcode(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}

// Province-level prefixes of GB/T 2260, plus 71 (Taiwan) and 81–83 (residence permits of HK, Macao, Taiwan).
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83,
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** ISO 7064 MOD 11-2 check character of the first 17 digits of a resident ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The calendar day of `date` in the local time zone as YYYYMMDD. */
const localDay = (date: Date) => `${pad(date.getFullYear(), 4)}${pad(date.getMonth() + 1, 2)}${pad(date.getDate(), 2)}`;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * An 18-character resident ID number: a known province, a real birth date from 1900 up to `today` (the local
 * calendar day) and a valid check character ('x' counts as 'X').
 */
export function isIdCard(value: string, today: Date = new Date()): boolean {
  if (!/^[0-9]{17}[0-9Xx]$/.test(value)) return false;
  if (!PROVINCES.has(Number(value.slice(0, 2)))) return false;
  const birth = value.slice(6, 14);
  const [year, month, day] = [Number(birth.slice(0, 4)), Number(birth.slice(4, 6)), Number(birth.slice(6, 8))];
  if (year < 1900 || !isRealDate(year, month, day) || birth > localDay(today)) return false;
  return idCardCheckChar(value) === value.charAt(17).toUpperCase();
}

// GB 32100-2015: digits and capitals without I, O, S, V, Z (easily confused with 1, 0, 5, U, 2).
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code ('' if one is not allowed). */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const code = USCC_ALPHABET.indexOf(first17.charAt(i));
    if (code < 0) return '';
    sum += code * (USCC_WEIGHTS[i] ?? 0);
  }
  return USCC_ALPHABET.charAt((31 - (sum % 31)) % 31);
}

/** A unified social credit code in capitals (callers upper-case user input first). */
export function isUscc(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return usccCheckChar(value) === value.charAt(17);
}
