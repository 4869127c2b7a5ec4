// Cell values of a worksheet as the sheet shows them: dates by the workbook's count, times, formatted numbers.
import { format as formatNumber } from 'numfmt';

/** How a workbook counts its serial days (xlsx-parts.ts). */
export interface DateSystem {
  date1904: boolean;
  leapDay1900: boolean;
}

/**
 * An Excel serial day number → a Date whose UTC fields are the wall-clock time. 1904 system: serial 0 is
 * 1904-01-01. 1900 system: serial 0 is 1899-12-30, except that Excel counts a fictitious 1900-02-29 (serial 60),
 * so its serials 0 to 59 are a day later than that count; it writes no negative serials, and LibreOffice's count
 * days before 1899-12-30 without the extra day.
 */
export function excelDate(serial: number, { date1904, leapDay1900 }: DateSystem): Date | null {
  const days = date1904 ? serial + 1462 : leapDay1900 && serial >= 0 && serial < 60 ? serial + 1 : serial;
  const date = new Date(Math.round((days - 25569) * 86_400_000));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A time cell as the sheet shows it: `08:30`, or `08:30:15` when its format shows seconds; elapsed time (`[h]:mm`)
 * counts its hours past a day (`25:30`). A time of day has no day, so it is text, never a date.
 */
export function timeText(serial: number, style: { seconds: boolean; elapsed: boolean }): string {
  const whole = Math.round(serial * 86_400);
  const total = style.elapsed ? Math.abs(whole) : ((whole % 86_400) + 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const clock = `${style.elapsed && whole < 0 ? '-' : ''}${two(hours)}:${two(Math.floor(total / 60) % 60)}`;
  return style.seconds ? `${clock}:${two(total % 60)}` : clock;
}

/** A number as its cell's format shows it (numfmt: Excel's format codes), or null for a code it cannot apply. */
export function shownNumberText(code: string, value: number): string | null {
  try {
    return formatNumber(code, value);
  } catch {
    return null;
  }
}
