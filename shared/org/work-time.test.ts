import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_TIME, isWorkingDay, isWorkingMoment, isoWeekday, workMinutesOn, workTimeProblem, type WorkTime } from './work-time.ts';

const week: WorkTime = {
  ...DEFAULT_WORK_TIME,
  days: [
    { day: '2026-10-01', kind: 'holiday', name: '国庆节' },
    { day: '2026-10-10', kind: 'workday', name: '调休上班' },
  ],
};

describe('work time (§2.6 workTime)', () => {
  it('knows weekdays, holidays and make-up working days', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // a Monday
    expect(isoWeekday('2026-11-29')).toBe(7); // a Sunday
    expect(isWorkingDay(week, '2026-11-23')).toBe(true);
    expect(isWorkingDay(week, '2026-11-29')).toBe(false);
    expect(isWorkingDay(week, '2026-10-01')).toBe(false); // a Thursday, but a holiday
    expect(isWorkingDay(week, '2026-10-10')).toBe(true); // a Saturday, but a working day
  });

  it('counts a moment as working time only inside a period of a working day', () => {
    expect(isWorkingMoment(week, '2026-11-23', '09:00')).toBe(true);
    expect(isWorkingMoment(week, '2026-11-23', '12:00')).toBe(false); // the lunch break starts at the period's end
    expect(isWorkingMoment(week, '2026-11-23', '17:59')).toBe(true);
    expect(isWorkingMoment(week, '2026-10-01', '10:00')).toBe(false);
    expect(workMinutesOn(week, '2026-11-23')).toBe(8 * 60);
    expect(workMinutesOn(week, '2026-11-29')).toBe(0);
  });

  it('refuses what cannot be a schedule, naming the problem', () => {
    const problem = (change: Partial<WorkTime>) => workTimeProblem({ ...DEFAULT_WORK_TIME, ...change })?.key ?? null;
    expect(problem({})).toBe(null);
    expect(problem({ weekDays: [0] })).toBe('org.workTime.badWeek');
    expect(problem({ weekDays: [1, 1] })).toBe('org.workTime.badWeek');
    expect(problem({ periods: [] })).toBe('org.workTime.noPeriod');
    expect(problem({ periods: [{ start: '9:00', end: '12:00' }] })).toBe('org.workTime.badTime');
    expect(problem({ periods: [{ start: '13:00', end: '12:00' }] })).toBe('org.workTime.endBeforeStart');
    expect(problem({ periods: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '18:00' }] })).toBe('org.workTime.overlap');
    expect(problem({ periods: Array.from({ length: 5 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` })) })).toBe('org.workTime.tooManyPeriods');
    expect(problem({ days: [{ day: '2026-02-30', kind: 'holiday', name: '' }] })).toBe('org.workTime.badDay');
    expect(problem({ days: [{ day: '2026-10-01', kind: 'holiday', name: '' }, { day: '2026-10-01', kind: 'workday', name: '' }] })).toBe('org.workTime.dayTwice');
    expect(problem({ days: [{ day: '2026-10-01', kind: 'holiday', name: 'x'.repeat(41) }] })).toBe('org.workTime.nameTooLong');
  });
});
