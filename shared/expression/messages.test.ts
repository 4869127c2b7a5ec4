import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en/expression.json' with { type: 'json' };
import zh from '../i18n/zh-CN/expression.json' with { type: 'json' };
import { translate, type Language } from '../i18n/index.ts';
import { TYPE_WORDS, compileExpression, describeExpressionError, evaluateExpression, type ExpressionError, type ExpressionField } from './index.ts';

const dictionaries = { en, 'zh-CN': zh } as Record<Language, Record<string, string>>;
const say = (language: Language) => (error: ExpressionError) =>
  describeExpressionError(error, (key, params) => translate(dictionaries, language, key, params));

const FIELDS: ExpressionField[] = [
  { key: 'f1', name: '金额', type: 'number' },
  { key: 'f2', name: '名称', type: 'text' },
];

function compileError(source: string): ExpressionError {
  const result = compileExpression(source, { fields: FIELDS });
  if (result.ok) throw new Error(`expected ${source} not to compile`);
  return result.error;
}

function evaluationError(source: string, variables: Record<string, unknown> = {}): ExpressionError {
  const result = compileExpression(source, { fields: FIELDS });
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.error)}`);
  const evaluated = evaluateExpression(result.expression, variables);
  if (evaluated.ok) throw new Error(`expected ${source} to fail`);
  return evaluated.error;
}

describe('expression messages', () => {
  it('has every key the module raises, in both languages', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const sources = fs.readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const used = new Set<string>();
    for (const name of sources) {
      for (const match of fs.readFileSync(path.join(dir, name), 'utf8').matchAll(/'(expression\.[A-Za-z]+)'/g)) used.add(match[1]!);
    }
    for (const word of [...TYPE_WORDS, 'none', 'separator']) used.add(`expression.type.${word}`);
    for (const kind of ['text', 'list', 'nesting']) used.add(`expression.kind.${kind}`);
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((key) => !(key in en) || !(key in zh));
    expect(missing).toEqual([]);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('says what is wrong and where, in English and in Chinese', () => {
    const unknownField = compileError('1 + amout > 2');
    expect(say('en')(unknownField)).toBe('Unknown field “amout” at line 1, column 5.');
    expect(say('zh-CN')(unknownField)).toBe('字段“amout”不存在（第 1 行第 5 列）。');
    const unknownFunction = compileError('1+SUMM(1)');
    expect(say('zh-CN')(unknownFunction)).toBe('函数 SUMM 不存在（第 1 行第 3 列）。');
    expect(say('en')(unknownFunction)).toBe('Function SUMM does not exist at line 1, column 3.');
  });

  it('puts type words in the reader language', () => {
    const mismatch = compileError('f1 > "x"');
    expect(say('en')(mismatch)).toBe('“>” cannot be used between a number and text at line 1, column 1.');
    expect(say('zh-CN')(mismatch)).toBe('数字和文本之间不能使用“>”（第 1 行第 1 列）。');
    const argumentsError = compileError('round(f2, f2)');
    expect(say('zh-CN')(argumentsError)).toContain('文本、文本');
  });

  it('renders every kind of error without leftover markers', () => {
    const errors = [
      compileError('f1 >'),
      compileError('"abc'),
      compileError('f1.round()'),
      compileError('{不存在} + 1'),
      compileError('true ? 1 : "a"'),
      compileError('('.repeat(50) + '1' + ')'.repeat(50)),
      evaluationError('f1 + 1'),
      evaluationError('1 / 0'),
      evaluationError('len(f2)', { f2: 'x'.repeat(100_001) }),
      evaluationError('dateAdd(now(), 1, f2)', { f2: 'aeons' }),
    ];
    for (const error of errors) {
      for (const language of ['en', 'zh-CN'] as const) {
        const message = say(language)(error);
        expect(message, `${language} ${error.key}`).not.toMatch(/<%|%>|expression\./);
        expect(message).toContain(String(error.position.line));
        expect(message).toContain(String(error.position.column));
      }
    }
    expect(say('zh-CN')(errors[6]!)).toBe('字段“金额”为空（第 1 行第 1 列），可用 isEmpty() 判断或用 ifEmpty() 提供默认值。');
    expect(say('zh-CN')(errors[8]!)).toContain('文本长度');
  });
});
