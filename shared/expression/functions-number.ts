import { toNumber, type FunctionTable } from './define.ts';
import { ExpressionFault } from './scope.ts';

/**
 * Number functions return doubles whatever they are given, so results combine without int/double surprises.
 * `round` rounds half away from zero, as spreadsheets do (Math.round rounds -2.5 to -2), and works on the decimal
 * text of the number, so round(1.005, 2) is 1.01 and not 1.00.
 */
function round(value: number, digits: number): number {
  if (!Number.isInteger(digits) || Math.abs(digits) > 15) throw new ExpressionFault('expression.badArgument', { name: 'round' });
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${digits}`));
  const result = sign * Number(`${shifted}e${-digits}`);
  return Number.isNaN(result) ? sign * Math.round(Math.abs(value) * 10 ** digits) / 10 ** digits : result;
}

function numbers(list: readonly unknown[], functionName: string): number[] {
  return list.map((item) => toNumber(item, functionName));
}

function nonEmpty(list: number[], functionName: string): number[] {
  if (list.length === 0) throw new ExpressionFault('expression.emptyList', { name: functionName });
  return list;
}

/** A number written as text, for data that arrives as text (imports, device payloads). */
function parseNumber(value: unknown): number {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  const text = typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) throw new ExpressionFault('expression.notANumber', { name: 'number' });
  return n;
}

export function defineNumberFunctions(table: FunctionTable): void {
  const { define } = table;
  define('round', ['num'], 'double', (value: number) => round(value, 0));
  define('round', ['num', 'num'], 'double', (value: number, digits: number) => round(value, digits));
  define('floor', ['num'], 'double', (value: number) => Math.floor(value));
  define('ceil', ['num'], 'double', (value: number) => Math.ceil(value));
  define('abs', ['num'], 'double', (value: number) => Math.abs(value));
  define('power', ['num', 'num'], 'double', (base: number, exponent: number) => base ** exponent);
  define('min', ['num', 'num'], 'double', (a: number, b: number) => Math.min(a, b));
  define('max', ['num', 'num'], 'double', (a: number, b: number) => Math.max(a, b));
  // Loops rather than Math.min(...list): spreading 10,000 arguments is what blows a stack, not the maths.
  define('min', ['list'], 'double', (list: unknown[]) => nonEmpty(numbers(list, 'min'), 'min').reduce((a, b) => Math.min(a, b)));
  define('max', ['list'], 'double', (list: unknown[]) => nonEmpty(numbers(list, 'max'), 'max').reduce((a, b) => Math.max(a, b)));
  define('sum', ['list'], 'double', (list: unknown[]) => numbers(list, 'sum').reduce((a, b) => a + b, 0));
  define('avg', ['list'], 'double', (list: unknown[]) => {
    const values = nonEmpty(numbers(list, 'avg'), 'avg');
    return values.reduce((a, b) => a + b, 0) / values.length;
  });
  define('number', ['dyn'], 'double', parseNumber);
}
