/** The IANA zones the browser knows (with UTC, which some runtimes leave out of the list), for the zone picker. */
export function knownTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['Asia/Shanghai', 'UTC', ...listed])].sort((a, b) => a.localeCompare(b));
}

/** "UTC+08:00" for a zone at `at` (offsets change with daylight saving, so the label says what holds now). */
export function offsetLabel(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    const offset = part?.value.replace(/^GMT/, '') ?? '';
    return `UTC${offset || '+00:00'}`;
  } catch {
    return '';
  }
}
