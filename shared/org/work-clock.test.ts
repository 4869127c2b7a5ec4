import { describe, expect, it } from 'vitest';
import { addWorkMinutes, instantOf, wallClock } from './work-clock.ts';
import { DEFAULT_WORK_TIME, type WorkTime } from './work-time.ts';

const SH = 'Asia/Shanghai';
const at = (text: string) => new Date(text);

describe('working minutes', () => {
  it('reads wall clocks in the space zone and back', () => {
    expect(wallClock(SH, at('2026-11-25T01:30:00Z'))).toEqual({ day: '2026-11-25', minute: 9 * 60 + 30 });
    expect(instantOf(SH, '2026-11-25', 9 * 60 + 30).toISOString()).toBe('2026-11-25T01:30:00.000Z');
    // A zone with daylight saving: 09:00 in Berlin is 08:00Z in winter and 07:00Z in summer.
    expect(instantOf('Europe/Berlin', '2026-01-15', 540).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(instantOf('Europe/Berlin', '2026-07-15', 540).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('counts within a period, across the lunch break, and over the night', () => {
    // Wednesday 10:00 Shanghai + 60 → 11:00; + 150 → 13:30 (12:00–13:00 is not working time); + 8 h → Thursday 10:00.
    const wed10 = instantOf(SH, '2026-11-25', 600);
    expect(addWorkMinutes(DEFAULT_WORK_TIME, SH, wed10, 60)).toEqual(instantOf(SH, '2026-11-25', 660));
    expect(addWorkMinutes(DEFAULT_WORK_TIME, SH, wed10, 150)).toEqual(instantOf(SH, '2026-11-25', 810));
    expect(addWorkMinutes(DEFAULT_WORK_TIME, SH, wed10, 480)).toEqual(instantOf(SH, '2026-11-26', 600));
  });

  it('skips weekends and holidays, and works on a make-up day', () => {
    const fri17 = instantOf(SH, '2026-11-27', 17 * 60);
    expect(addWorkMinutes(DEFAULT_WORK_TIME, SH, fri17, 120)).toEqual(instantOf(SH, '2026-11-30', 10 * 60));
    const time: WorkTime = { ...DEFAULT_WORK_TIME, days: [{ day: '2026-11-28', kind: 'workday', name: '调休' }, { day: '2026-11-30', kind: 'holiday', name: 'Holiday' }] };
    expect(addWorkMinutes(time, SH, fri17, 120)).toEqual(instantOf(SH, '2026-11-28', 10 * 60));
    expect(addWorkMinutes(time, SH, instantOf(SH, '2026-11-28', 17 * 60), 120)).toEqual(instantOf(SH, '2026-12-01', 10 * 60));
  });

  it('starts at the next working moment when asked outside working time', () => {
    expect(addWorkMinutes(DEFAULT_WORK_TIME, SH, instantOf(SH, '2026-11-25', 20 * 60), 30)).toEqual(instantOf(SH, '2026-11-26', 9 * 60 + 30));
  });
});
