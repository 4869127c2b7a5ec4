/** Portal greeting by time of day (spec §2.8): morning before 11, noon until 13, afternoon until 18, then evening. */
export function greetingKey(hour: number): string {
  if (hour >= 5 && hour < 11) return 'shell.greetingMorning';
  if (hour >= 11 && hour < 13) return 'shell.greetingNoon';
  if (hour >= 13 && hour < 18) return 'shell.greetingAfternoon';
  return 'shell.greetingEvening';
}
