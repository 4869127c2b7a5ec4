import { describe, expect, it } from 'vitest';
import { compileExpression, evaluateExpression, type EvaluateOptions, type EvaluateResult, type ExpressionField } from './index.ts';

const FIELDS: ExpressionField[] = [
  { key: 'f1', name: '金额', type: 'number' },
  { key: 'f2', name: '名称', type: 'text' },
  { key: 'f4', name: '明细', type: 'list' },
  { key: 'f6', name: '资料', type: 'object' },
];

/** Compile and evaluate; a compile error counts as a result too (the attempt failed safely either way). */
function attempt(source: string, variables: Record<string, unknown> = {}, options?: EvaluateOptions): EvaluateResult {
  const compiled = compileExpression(source, { fields: FIELDS, limits: { maxLength: 1_000_000 } });
  if (!compiled.ok) return compiled;
  return evaluateExpression(compiled.expression, variables, options);
}

function failed(result: EvaluateResult) {
  if (result.ok) throw new Error(`expected a failure, got ${String(result.value)}`);
  return result.error;
}

describe('no way out to JavaScript', () => {
  const record = { f2: 'abc', f4: [{ a: 1 }], f6: { a: 1, nested: { b: 2 } } };

  it.each([
    ['constructor', 'expression.unknownField'],
    ['__proto__', 'expression.reservedName'],
    ['this', 'expression.unknownField'],
    ['globalThis', 'expression.unknownField'],
    ['process.exit(1)', 'expression.unknownFunction'],
    ['process.env', 'expression.unknownField'],
    ['toString.constructor', 'expression.unknownField'],
    ['constructor.constructor("return process")()', 'expression.unexpectedToken'],
    ['f2.constructor', 'expression.notIndexable'],
    ['f6.constructor', 'expression.noSuchKey'],
    ['f6.__proto__', 'expression.noSuchKey'],
    ['f6["constructor"]["constructor"]("return process")', 'expression.unexpectedToken'],
    ['f6["__proto__"]', 'expression.noSuchKey'],
    ['f6.nested.constructor', 'expression.noSuchKey'],
    ['f6.hasOwnProperty', 'expression.noSuchKey'],
    ['f4[0].constructor', 'expression.noSuchKey'],
    ['f4.map(x, x.__proto__)', 'expression.noSuchKey'],
    ['{"__proto__": {"polluted": true}}', 'expression.reservedName'],
    ['f2.matches("(a+)+$")', 'expression.unknownFunction'],
    ['dyn(f6).constructor', 'expression.noSuchKey'],
  ])('%s fails with %s', (source, key) => {
    expect(failed(attempt(source, record)).key).toBe(key);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a __proto__ key of the data as plain data, polluting nothing', () => {
    const f6 = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    expect(attempt('f6.a == 1 && "__proto__" in f6', { f6 })).toEqual({ ok: true, value: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never changes the values passed in', () => {
    const variables = { f4: [3, 1, 2], f6: { list: [1], n: { m: 1 } }, f2: 'x' };
    const before = structuredClone(variables);
    for (const source of ['f4 + [4]', 'f4.map(x, x * 2)', 'f4.filter(x, x > 1)', 'sum(f4)', 'f6.list + [2]', 'cel.bind(l, f4, l + l)']) {
      expect(attempt(source, variables).ok).toBe(true);
    }
    expect(variables).toEqual(before);
  });

  it('returns copies that do not alias the values passed in', () => {
    const variables = { f6: { a: [1, 2] } };
    const result = attempt('f6', variables);
    if (!result.ok) throw new Error('evaluates');
    (result.value as { a: number[] }).a.push(3);
    expect(variables.f6.a).toEqual([1, 2]);
  });

  it('refuses values that are not plain data', () => {
    class Device {
      secret = 'x';
    }
    expect(failed(attempt('f6.secret', { f6: new Device() })).key).toBe('expression.badValue');
    expect(failed(attempt('f4[0]', { f4: [() => 1] })).key).toBe('expression.badValue');
  });
});

describe('runaway expressions stop', () => {
  const thousand = Array.from({ length: 1_000 }, (_, i) => i);

  it('stops nested loops long before their 10^9 steps', () => {
    const started = Date.now();
    const error = failed(attempt('f4.map(a, f4.map(b, f4.map(c, a + b + c))).size()', { f4: thousand }));
    expect(error).toMatchObject({ key: 'expression.tooCostly', params: { max: 100_000 } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts every node: a tiny budget stops even plain arithmetic', () => {
    // 9 nodes: the wrapper must see each one, or this would pass.
    expect(attempt('1 + 2 + 3 + 4 + 5', {}, { limits: { maxSteps: 9 } })).toEqual({ ok: true, value: 15 });
    expect(failed(attempt('1 + 2 + 3 + 4 + 5', {}, { limits: { maxSteps: 8 } })).key).toBe('expression.tooCostly');
  });

  it('charges scans of long lists, not only nodes', () => {
    // One `in` per item over a 1,000-item list: 10^6 comparisons for ~4,000 nodes.
    expect(failed(attempt('f4.filter(x, x in f4).size()', { f4: thousand }, { limits: { maxSteps: 50_000 } })).key).toBe('expression.tooCostly');
  });

  it('reports a broken limit even where the language absorbs errors (x || true)', () => {
    const result = attempt('f4.map(a, f4.map(b, a)).size() > 0 || true', { f4: thousand }, { limits: { maxSteps: 10_000 } });
    expect(failed(result).key).toBe('expression.tooCostly');
  });

  it('stops text that doubles at each step where it grows past the limit', () => {
    const doubling = 'cel.bind(a, f2 + f2, cel.bind(b, a + a, cel.bind(c, b + b, cel.bind(d, c + c, size(d)))))';
    const small = { f2: 'x'.repeat(100) };
    expect(attempt(doubling, small, { limits: { maxTextLength: 2_000 } })).toEqual({ ok: true, value: 1_600 });
    const error = failed(attempt(doubling, small, { limits: { maxTextLength: 1_000 } }));
    expect(error).toMatchObject({ key: 'expression.valueTooLarge', params: { max: 1_000, kind: 'text' } });
    // `c + c` (800 → 1,600) is the first value over 1,000: the error points there.
    expect(error.position).toMatchObject({ column: 72, length: 5 });
  });

  it('stops a list that grows past the limit', () => {
    const error = failed(attempt('cel.bind(a, f4 + f4, cel.bind(b, a + a, size(b)))', { f4: thousand }, { limits: { maxListLength: 3_000 } }));
    expect(error).toMatchObject({ key: 'expression.valueTooLarge', params: { kind: 'list' } });
  });

  it('checks the size of a joined text before building it', () => {
    const error = failed(attempt('len(join(f4.map(x, f2)))', { f4: thousand, f2: 'x'.repeat(1_000) }));
    expect(error).toMatchObject({ key: 'expression.valueTooLarge', params: { max: 100_000 } });
    expect(failed(attempt('replace(f2, "x", f2)', { f2: 'x'.repeat(1_000) })).key).toBe('expression.valueTooLarge');
  });

  it('refuses oversized values passed in, naming where they are read', () => {
    const error = failed(attempt('1 + len(f2)', { f2: 'x'.repeat(100_001) }));
    expect(error).toMatchObject({ key: 'expression.valueTooLarge', params: { kind: 'text' } });
    expect(error.position.column).toBe(9);
    expect(failed(attempt('len(f4)', { f4: new Array(10_001).fill(0) })).key).toBe('expression.valueTooLarge');
  });

  it('refuses a source nested deeper than the limit before evaluating anything', () => {
    expect(failed(attempt('f4'.concat('.map(x, [x'.repeat(40), ']'.repeat(40), ')'.repeat(40)))).key).toBe('expression.tooDeep');
  });
});
