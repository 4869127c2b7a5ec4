import { describe, expect, it } from 'vitest';
import { compileExpression, expressionFieldsOf, type CompileOptions, type ExpressionError, type ExpressionField } from './index.ts';

const FIELDS: ExpressionField[] = [
  { key: 'f1', name: '金额', type: 'number' },
  { key: 'f2', name: '客户名称', type: 'text' },
  { key: 'f3', name: '下单时间', type: 'datetime' },
  { key: 'f4', name: '明细', type: 'list' },
  { key: 'f5', name: 'Paid', type: 'boolean' },
];

function failure(source: string, options: Partial<CompileOptions> = {}): ExpressionError {
  const result = compileExpression(source, { fields: FIELDS, ...options });
  if (result.ok) throw new Error(`expected ${source} not to compile`);
  return result.error;
}

function compiles(source: string, options: Partial<CompileOptions> = {}) {
  const result = compileExpression(source, { fields: FIELDS, ...options });
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.error)}`);
  return result.expression;
}

describe('compileExpression: syntax', () => {
  it('reports a missing operand where the text ends', () => {
    const error = failure('f1 > ');
    expect(error.key).toBe('expression.unexpectedEnd');
    expect(error.position).toMatchObject({ offset: 5, line: 1, column: 6 });
    expect(error.params).toMatchObject({ line: 1, column: 6 });
  });

  it('counts lines and columns on later lines', () => {
    const error = failure('f1 > 100 &&\n  f2 == "x" &&\n  ) ');
    expect(error.key).toBe('expression.unexpectedToken');
    expect(error.params.token).toBe(')');
    expect(error.position).toMatchObject({ line: 3, column: 3 });
  });

  it('reports an unclosed text at its opening quote', () => {
    const error = failure('f2 == "abc');
    expect(error.key).toBe('expression.unterminatedText');
    expect(error.position.column).toBe(7);
  });
});

describe('compileExpression: fields', () => {
  it('reports an unknown field by key with its position', () => {
    const error = failure('f1 > 1 && amout > 5');
    expect(error).toMatchObject({ key: 'expression.unknownField', params: { name: 'amout' } });
    expect(error.position).toEqual({ offset: 10, line: 1, column: 11, length: 5 });
  });

  it('reads fields by display name in braces, and by key in braces', () => {
    const expression = compiles('{金额} > 100 && {客户名称} == "x" || {f5}');
    expect([...expression.references].sort()).toEqual(['f1', 'f2', 'f5']);
  });

  it('reports an unknown display name at the braces', () => {
    const error = failure('f1 > 1 && {金钱} > 5');
    expect(error).toMatchObject({ key: 'expression.unknownField', params: { name: '金钱' } });
    expect(error.position).toEqual({ offset: 10, line: 1, column: 11, length: 4 });
  });

  it('maps positions after a display name back into the written text', () => {
    // `{客户名称}` (6 characters) becomes `f2` (2) before parsing: the error must still point at column 18.
    const error = failure('{客户名称} == "x" && nope');
    expect(error).toMatchObject({ key: 'expression.unknownField', params: { name: 'nope' } });
    expect(error.position).toMatchObject({ offset: 17, column: 18, length: 4 });
  });

  it('spans an error over the braces as written', () => {
    const error = failure('{金额} == "x"');
    expect(error.key).toBe('expression.typeMismatch');
    expect(error.position).toMatchObject({ offset: 0, length: 11 });
  });

  it('leaves braces inside text and comments alone', () => {
    expect(compiles('f2 == "{金钱}" // {不存在}').references).toEqual(['f2']);
    expect(compiles("f2 == r'{金钱}'").references).toEqual(['f2']);
  });

  it('refuses a display name two fields share', () => {
    const fields: ExpressionField[] = [...FIELDS, { key: 'f9', name: '金额', type: 'number' }];
    expect(failure('{金额} > 1', { fields }).key).toBe('expression.ambiguousField');
  });

  it('reaches a field whose key is a CEL word through braces only', () => {
    const fields: ExpressionField[] = [{ key: 'in', name: 'Inbound', type: 'number' }];
    expect(compiles('{Inbound} > 1', { fields }).references).toEqual(['in']);
    expect(compiles('{in} > 1', { fields }).references).toEqual(['in']);
  });
});

describe('compileExpression: functions and types', () => {
  it('reports an unknown function at its name', () => {
    const error = failure('1 + SUMM(f1)');
    expect(error).toMatchObject({ key: 'expression.unknownFunction', params: { name: 'SUMM' } });
    expect(error.position).toMatchObject({ column: 5, length: 4 });
  });

  it('refuses engine functions the platform does not offer (matches runs an unbounded regular expression)', () => {
    const error = failure('f2.matches("(a+)+$")');
    expect(error).toMatchObject({ key: 'expression.unknownFunction', params: { name: 'matches' } });
    expect(error.position).toMatchObject({ column: 4, length: 7 });
    expect(failure('f3.getHours()').key).toBe('expression.unknownFunction');
  });

  it('says how to call a platform function written as a method', () => {
    expect(failure('f1.round()')).toMatchObject({ key: 'expression.notAMethod', params: { name: 'round' } });
  });

  it('finds comparing a number field with text before evaluating', () => {
    const error = failure('f5 && f1 > "100"');
    expect(error).toMatchObject({ key: 'expression.typeMismatch', params: { operator: '>', left: 'number', right: 'text' } });
    expect(error.position.column).toBe(7);
  });

  it('finds a function given the wrong types', () => {
    expect(failure('round(f2)')).toMatchObject({ key: 'expression.wrongArguments', params: { name: 'round', types: 'text' } });
  });

  it('allows int and double to mix, as formula users expect', () => {
    expect(compiles('f1 * 2 + len(f2) / 2.0 == 100 && round(2) < f1').resultType).toBe('boolean');
  });

  it('checks the result type a caller needs', () => {
    expect(failure('f1 + 1', { expect: 'boolean' })).toMatchObject({ key: 'expression.wrongResultType', params: { expected: 'boolean', actual: 'number' } });
    expect(compiles('dateAdd(f3, 1, "days")', { expect: 'date' }).resultType).toBe('datetime');
  });

  it('checks a literal time unit when it can', () => {
    const error = failure('dateAdd(f3, 1, "fortnights")');
    expect(error).toMatchObject({ key: 'expression.badUnit', params: { unit: 'fortnights' } });
    expect(error.position).toMatchObject({ column: 16, length: 12 });
  });
});

describe('compileExpression: structural limits', () => {
  it('refuses a source over the length limit', () => {
    expect(failure('1 + '.repeat(100) + '1', { limits: { maxLength: 50 } })).toMatchObject({ key: 'expression.tooLong', params: { max: 50 } });
  });

  it('refuses nesting deeper than the limit, however deep the source goes', () => {
    expect(failure('('.repeat(40) + '1' + ')'.repeat(40)).key).toBe('expression.tooDeep');
    expect(failure('round('.repeat(20) + '1' + ')'.repeat(20), { limits: { maxDepth: 10 } })).toMatchObject({ key: 'expression.tooDeep', params: { max: 10 } });
    // 100,000 levels would overflow a recursive parser's stack without the limit.
    expect(failure('['.repeat(100_000) + ']'.repeat(100_000), { limits: { maxLength: 300_000 } }).key).toBe('expression.tooDeep');
  });

  it('refuses more parts than the node limit (a huge list literal)', () => {
    const list = `[${Array.from({ length: 3_000 }, (_, i) => i).join(',')}]`;
    expect(failure(`size(${list}) > 0`, { limits: { maxLength: 20_000 } }).key).toBe('expression.tooComplex');
  });
});

describe('expressionFieldsOf', () => {
  it('gives a form its expression fields by storage kind, readable by label', () => {
    const fields = expressionFieldsOf([
      { key: 'f1', type: 'amount', label: '金额' },
      { key: 'f2', type: 'select', label: '状态', options: ['新建'] },
      { key: 'f3', type: 'checkbox', label: '标签', options: ['a'] },
      { key: 'f4', type: 'subtable', label: '明细', columns: [{ key: 'c1', type: 'number', label: '数量' }] },
      { key: 'f5', type: 'date', label: '交货日期' },
    ]);
    expect(fields.map((f) => f.type)).toEqual(['number', 'text', 'list', 'list', 'date']);
    expect(compiles('{金额} > 100 && {状态} == "新建" && "a" in {标签} && sum({明细}.map(r, r.c1)) > 0', { fields }).resultType).toBe('boolean');
  });
});
