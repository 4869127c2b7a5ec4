/** A time as the reader's language writes it; the text itself when it is no time, '' for none. */
export function formatTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toLocaleString(language);
}
