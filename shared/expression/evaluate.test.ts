import { describe, expect, it } from 'vitest';
import { compileExpression, evaluateExpression, type EvaluateOptions, type ExpressionField, type ExpressionFunction } from './index.ts';

const FIELDS: ExpressionField[] = [
  { key: 'f1', name: '金额', type: 'number' },
  { key: 'f2', name: '客户名称', type: 'text' },
  { key: 'f4', name: '明细', type: 'list' },
  { key: 'f5', name: 'Paid', type: 'boolean' },
  { key: 'f6', name: '地址', type: 'object' },
];

function compiled(source: string, functions?: ExpressionFunction[]) {
  const result = compileExpression(source, { fields: FIELDS, functions });
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.error)}`);
  return result.expression;
}

function value(source: string, variables: Record<string, unknown> = {}, options?: EvaluateOptions): unknown {
  const result = evaluateExpression(compiled(source), variables, options);
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.error)}`);
  return result.value;
}

function failure(source: string, variables: Record<string, unknown> = {}, options?: EvaluateOptions) {
  const result = evaluateExpression(compiled(source), variables, options);
  if (result.ok) throw new Error(`expected ${source} to fail, got ${String(result.value)}`);
  return result.error;
}

describe('evaluateExpression: text', () => {
  it.each([
    ['len(f2)', 4],
    ['len("😀中")', 2],
    ['upper("abc") + lower("DEF")', 'ABCdef'],
    ['trim("  a b  ")', 'a b'],
    ['contains(f2, "Ltd") && startsWith(f2, "A") && endsWith(f2, "d")', false],
    ['contains(f2, "cm") && startsWith(f2, "A") && endsWith(f2, "e")', true],
    ['substring(f2, 1, 3) + "|" + substring(f2, 3) + "|" + substring(f2, -5, 99)', 'cm|e|Acme'],
    ['left("上海工厂", 2) + right("上海工厂", 2)', '上海工厂'],
    ['replace("a-b-c", "-", "+")', 'a+b+c'],
    ['concat("No.", 7, " ", true)', 'No.7 true'],
    ['join(["a", "b"], "、") + join([1, 2])', 'a、b12'],
    ['text(2.5) + text(f1)', '2.5120'],
    ['f2 + "!"', 'Acme!'],
  ])('%s', (source, expected) => {
    expect(value(source, { f1: 120, f2: 'Acme' })).toBe(expected);
  });
});

describe('evaluateExpression: numbers', () => {
  it.each([
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(1234.5, -2)', 1200],
    ['floor(-1.5) + ceil(1.2)', 0],
    ['abs(-3)', 3],
    ['min(f1, 100) + max(3, 2.5)', 103],
    ['min([3, 1.5, 2]) + max([3, 1.5, 2])', 4.5],
    ['sum(f4)', 6.5],
    ['avg(f4)', 6.5 / 3],
    ['sum([])', 0],
    ['f1 * 2 + 1', 241],
    ['f1 / 8', 15],
    ['7 / 2', 3],
    ['f1 % 7', 1],
    ['power(2, 10)', 1024],
    ['number("1,234.5") + 1', 1235.5],
  ])('%s', (source, expected) => {
    expect(value(source, { f1: 120, f4: [1, 2, 3.5] })).toBeCloseTo(expected as number, 10);
  });

  it('returns plain numbers, not the engine BigInts', () => {
    expect(value('len("abc") + 1')).toBe(4);
    expect(typeof value('[1, 2][0]')).toBe('number');
  });

  it('turns a division by zero into an error, for integers and for decimals', () => {
    expect(failure('f1 / 0', { f1: 1 }).key).toBe('expression.divisionByZero');
    expect(failure('f1 / 0.0', { f1: 1 }).key).toBe('expression.divisionByZero');
    expect(failure('1 % 0').key).toBe('expression.divisionByZero');
  });

  it('needs numbers in number functions', () => {
    expect(failure('sum(f4)', { f4: [1, 'two'] })).toMatchObject({ key: 'expression.notANumber', params: { name: 'sum' } });
    expect(failure('avg(f4)', { f4: [] })).toMatchObject({ key: 'expression.emptyList', params: { name: 'avg' } });
    expect(failure('number("abc")').key).toBe('expression.notANumber');
  });
});

describe('evaluateExpression: fields and values', () => {
  it('reads record values keyed by field key, numbers stored as text included', () => {
    expect(value('{金额} > 100 && {客户名称} == "Acme" && f5', { f1: '150', f2: 'Acme', f5: true })).toBe(true);
  });

  it('reads objects and lists of objects', () => {
    const variables = { f6: { city: '苏州', lines: [{ qty: 2 }, { qty: 3 }] }, f4: [{ qty: 4 }] };
    expect(value('f6.city + text(sum(f6.lines.map(l, l.qty)))', variables)).toBe('苏州5');
    expect(value('f4.exists(x, x.qty > 3) && has(f6.city) && !has(f6.zip)', variables)).toBe(true);
  });

  it('reports an empty number field by its display name, where it is read', () => {
    const error = failure('f5 && {金额} > 100', { f5: true });
    expect(error).toMatchObject({ key: 'expression.emptyField', params: { name: '金额' } });
    expect(error.position).toMatchObject({ column: 7, length: 4 });
  });

  it('tests and replaces empty values with isEmpty and ifEmpty', () => {
    expect(value('isEmpty(f1) && isEmpty(f2) && isEmpty(f4) && isEmpty(f6)', {})).toBe(true);
    expect(value('isEmpty(f1) || f1 > 100', { f1: 150 })).toBe(true);
    expect(value('isEmpty(f1) || f1 > 100', {})).toBe(true);
    expect(value('ifEmpty(f1, 0) * 2 + 0.5', {})).toBe(0.5);
    expect(value('ifEmpty(f1, 0) * 2 + 0.5', { f1: 2 })).toBe(4.5);
    expect(value('ifEmpty(f2, "无名")', { f2: '' })).toBe('无名');
    expect(compileExpression('ifEmpty(f1, "x")', { fields: FIELDS }).ok).toBe(false);
  });

  it('refuses a value that does not fit its field type', () => {
    expect(failure('f1 > 1', { f1: 'abc' })).toMatchObject({ key: 'expression.badValue', params: { name: '金额', type: 'number' } });
    expect(failure('f5', { f5: 'yes' })).toMatchObject({ key: 'expression.badValue', params: { type: 'boolean' } });
  });

  it('refuses a result of the wrong type when the caller asked for one', () => {
    const result = compileExpression('f6.flag', { fields: FIELDS, expect: 'boolean' });
    if (!result.ok) throw new Error('compiles: the member is of unknown type');
    expect(evaluateExpression(result.expression, { f6: { flag: true } })).toEqual({ ok: true, value: true });
    const wrong = evaluateExpression(result.expression, { f6: { flag: 'yes' } });
    expect(wrong.ok || wrong.error).toMatchObject({ key: 'expression.wrongResultType', params: { expected: 'boolean', actual: 'text' } });
  });
});

describe('evaluateExpression: one compiled expression, many evaluations', () => {
  it('gives each evaluation its own values and its own step budget', () => {
    const expression = compiled('f4.filter(x, x > f1).size() > 2 ? "many" : "few"');
    // ~80 steps each: if the budget carried over, the limit of 200 would trip on the third evaluation.
    const options = { limits: { maxSteps: 200 } };
    let many = 0;
    for (let i = 0; i < 10_000; i++) {
      const result = evaluateExpression(expression, { f1: i % 10, f4: [1, 3, 5, 7, 9, 11, 13, 15] }, options);
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      if (result.value === 'many') many++;
    }
    // f1 = 0..9: more than 2 items above f1 except for f1 9 (11, 13, 15 remain: still many): all are many.
    expect(many).toBe(10_000);
    expect(evaluateExpression(expression, { f1: 12, f4: [1, 13, 15] }, options)).toEqual({ ok: true, value: 'few' });
  });
});

describe('evaluateExpression: caller functions', () => {
  const online: ExpressionFunction = { name: 'deviceOnline', params: ['text'], returns: 'boolean', call: (id) => id === 'press-1' };
  const reading: ExpressionFunction = { name: 'lastReading', params: ['text', 'number'], returns: 'number', call: (_id, n) => Number(n) * 10 };
  const broken: ExpressionFunction = { name: 'broken', params: [], returns: 'number', call: () => { throw new Error('device down'); } };

  it('calls a function a caller adds, with plain values, and checks its types', () => {
    const expression = compiled('deviceOnline(f2) && lastReading(f2, 2) > 15', [online, reading]);
    expect(evaluateExpression(expression, { f2: 'press-1' })).toEqual({ ok: true, value: true });
    expect(compileExpression('deviceOnline(1)', { fields: FIELDS, functions: [online] }).ok).toBe(false);
  });

  it('reports a caller function that throws as the platform error, not the exception', () => {
    const result = evaluateExpression(compiled('broken() > 1', [broken]), {});
    expect(result.ok || result.error).toMatchObject({ key: 'expression.functionFailed', params: { name: 'broken' } });
  });

  it('refuses a caller function that would hide a platform one', () => {
    expect(() => compileExpression('1', { fields: FIELDS, functions: [{ ...online, name: 'round' }] })).toThrow();
  });
});
