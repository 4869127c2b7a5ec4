import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_TIME } from '../org/work-time.ts';
import { compileExpression, evaluateExpression, type EvaluateOptions, type ExpressionField } from './index.ts';

const FIELDS: ExpressionField[] = [
  { key: 'f1', name: '下单时间', type: 'datetime' },
  { key: 'f2', name: '交货日期', type: 'date' },
];

function value(source: string, variables: Record<string, unknown>, options: EvaluateOptions): unknown {
  const compiled = compileExpression(source, { fields: FIELDS });
  if (!compiled.ok) throw new Error(`${source}: ${JSON.stringify(compiled.error)}`);
  const result = evaluateExpression(compiled.expression, variables, options);
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.error)}`);
  return result.value;
}

const SH = { zone: 'Asia/Shanghai' };
const UTC = { zone: 'UTC' };
const BERLIN = { zone: 'Europe/Berlin' };

describe('dates in the space zone', () => {
  it('splits an instant near midnight into different days in Shanghai and in UTC', () => {
    const at = { f1: '2024-01-01T16:30:00Z' };
    expect(value('[year(f1), month(f1), day(f1), hour(f1), weekday(f1)]', at, SH)).toEqual([2024, 1, 2, 0, 2]);
    expect(value('[year(f1), month(f1), day(f1), hour(f1), weekday(f1)]', at, UTC)).toEqual([2024, 1, 1, 16, 1]);
  });

  it('reads a date field as the start of that day in the zone, and zone-less times on its wall clock', () => {
    expect(value('f2', { f2: '2024-03-01' }, SH)).toEqual(new Date('2024-02-29T16:00:00Z'));
    expect(value('f1', { f1: '2024-03-01 08:30' }, SH)).toEqual(new Date('2024-03-01T00:30:00Z'));
    expect(value('f1', { f1: '2024-03-01T08:30:00+08:00' }, UTC)).toEqual(new Date('2024-03-01T00:30:00Z'));
  });

  it('takes today and now from the evaluation, in the zone', () => {
    const now = new Date('2024-01-01T20:00:00Z');
    expect(value('formatDate(today())', {}, { ...SH, now })).toBe('2024-01-02');
    expect(value('formatDate(today())', {}, { ...UTC, now })).toBe('2024-01-01');
    expect(value('formatDate(now(), "yyyy/MM/dd HH:mm:ss")', {}, { ...SH, now })).toBe('2024/01/02 04:00:00');
    expect(value('f2 < today()', { f2: '2024-01-01' }, { ...SH, now })).toBe(true);
  });

  it('adds days over a daylight-saving change on the wall clock, and hours as elapsed time', () => {
    // Berlin moves from +01:00 to +02:00 on 31 March 2024 at 02:00.
    const noon = { f1: '2024-03-30 12:00' };
    expect(value('dateAdd(f1, 1, "days")', noon, BERLIN)).toEqual(new Date('2024-03-31T10:00:00Z'));
    expect(value('formatDate(dateAdd(f1, 1, "days"), "dd HH:mm")', noon, BERLIN)).toBe('31 12:00');
    expect(value('dateAdd(f1, 24, "hours")', noon, BERLIN)).toEqual(new Date('2024-03-31T11:00:00Z'));
    expect(value('dateDiff(f1, dateAdd(f1, 1, "days"), "hours")', noon, BERLIN)).toBe(23);
    expect(value('dateDiff(f1, dateAdd(f1, 1, "days"), "days")', noon, BERLIN)).toBe(1);
    // And back on 27 October: a calendar day is 25 hours.
    expect(value('dateDiff(f1, dateAdd(f1, 1, "day"), "hours")', { f1: '2024-10-26 12:00' }, BERLIN)).toBe(25);
    // In a zone without daylight saving the same day is 24 hours.
    expect(value('dateDiff(f1, dateAdd(f1, 1, "days"), "hours")', noon, SH)).toBe(24);
  });

  it('adds months and years with the day clamped to the month end', () => {
    expect(value('formatDate(dateAdd(f2, 1, "months"))', { f2: '2024-01-31' }, SH)).toBe('2024-02-29');
    expect(value('formatDate(dateAdd(f2, 1, "years"))', { f2: '2024-02-29' }, SH)).toBe('2025-02-28');
    expect(value('formatDate(dateAdd(f2, -2, "weeks"))', { f2: '2024-03-10' }, SH)).toBe('2024-02-25');
  });

  it('counts whole units between two dates, negative when the second is earlier', () => {
    const pair = { f1: '2024-01-31 10:00', f2: '2024-03-01' };
    expect(value('dateDiff(f1, f2, "days")', pair, SH)).toBe(29);
    expect(value('dateDiff(f2, f1, "days")', pair, SH)).toBe(-29);
    expect(value('dateDiff(f1, f2, "months")', pair, SH)).toBe(1);
    expect(value('dateDiff(f1, f2, "minutes")', pair, SH)).toBe(30 * 1440 - 600);
    expect(value('dateDiff(f2, dateAdd(f2, 3, "years"), "years")', pair, SH)).toBe(3);
  });

  it('builds a date and refuses one that does not exist', () => {
    expect(value('formatDate(date(2024, 2, 29))', {}, SH)).toBe('2024-02-29');
    const compiled = compileExpression('date(2023, 2, 29)', { fields: FIELDS });
    if (!compiled.ok) throw new Error('compiles');
    expect(evaluateExpression(compiled.expression, {}, SH)).toMatchObject({ ok: false, error: { key: 'expression.badDate' } });
  });

  it('refuses an unknown time zone and a unit only known at run time', () => {
    const compiled = compileExpression('dateAdd(today(), 1, unit)', {
      fields: [{ key: 'unit', name: 'Unit', type: 'text' }],
    });
    if (!compiled.ok) throw new Error('compiles');
    expect(evaluateExpression(compiled.expression, { unit: 'days' }, { zone: 'Mars/Olympus' })).toMatchObject({ ok: false, error: { key: 'expression.badZone' } });
    expect(evaluateExpression(compiled.expression, { unit: 'aeons' }, SH)).toMatchObject({ ok: false, error: { key: 'expression.badUnit', params: { unit: 'aeons' } } });
  });
});

describe('work time (the space work calendar)', () => {
  // DEFAULT_WORK_TIME: Monday to Friday, 09:00-12:00 and 13:00-18:00.
  const clock = { ...SH, workClock: DEFAULT_WORK_TIME };

  it('tells working time in the zone', () => {
    expect(value('isWorkTime(f1)', { f1: '2024-01-02 10:00' }, clock)).toBe(true);
    expect(value('isWorkTime(f1)', { f1: '2024-01-02 12:30' }, clock)).toBe(false);
    expect(value('isWorkTime(f1)', { f1: '2024-01-06 10:00' }, clock)).toBe(false);
    // 02:00 UTC is 10:00 in Shanghai.
    expect(value('isWorkTime(f1)', { f1: '2024-01-02T02:00:00Z' }, clock)).toBe(true);
  });

  it('adds working hours over the evening and the weekend', () => {
    const friday = { f1: '2024-01-05 17:00' };
    expect(value('formatDate(addWorkHours(f1, 2), "yyyy-MM-dd HH:mm")', friday, clock)).toBe('2024-01-08 10:00');
  });

  it('needs a work clock', () => {
    const compiled = compileExpression('isWorkTime(f1)', { fields: FIELDS });
    if (!compiled.ok) throw new Error('compiles');
    expect(evaluateExpression(compiled.expression, { f1: '2024-01-02 10:00' }, SH)).toMatchObject({ ok: false, error: { key: 'expression.noWorkClock' } });
  });
});
