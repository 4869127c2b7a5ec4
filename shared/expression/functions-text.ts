import type { FunctionTable } from './define.ts';
import { formatInZone } from './functions-date.ts';
import { ExpressionFault, currentScope } from './scope.ts';

/**
 * Text functions take the text first (`upper(name)`, `contains(name, "x")`), as formula users write them. Lengths
 * and positions count characters (code points), so an emoji is one character like a Chinese one. Functions that
 * build text check the result's length before building it: the guard sees a value only after it exists.
 */
const chars = (text: string) => Array.from(text);

function ensureFits(length: number): void {
  const max = currentScope().limits.maxTextLength;
  if (length > max) throw new ExpressionFault('expression.valueTooLarge', { max, kind: 'text' });
}

/** The text of a value for `text`, `concat` and `join`: dates in the space's zone, a whole day without its time. */
export function textOf(value: unknown, functionName: string): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const full = formatInZone(value, 'yyyy-MM-dd HH:mm:ss');
    return full.endsWith(' 00:00:00') ? full.slice(0, 10) : full.endsWith(':00') ? full.slice(0, 16) : full;
  }
  if (Array.isArray(value)) return joinTexts(value, ', ', functionName);
  throw new ExpressionFault('expression.notText', { name: functionName });
}

function joinTexts(items: readonly unknown[], separator: string, functionName: string): string {
  const texts = items.map((item) => textOf(item, functionName));
  ensureFits(texts.reduce((sum, text) => sum + text.length, 0) + separator.length * Math.max(0, texts.length - 1));
  return texts.join(separator);
}

function clampIndex(value: number, length: number): number {
  if (!Number.isFinite(value)) return value > 0 ? length : 0;
  return Math.min(Math.max(Math.trunc(value), 0), length);
}

export function defineTextFunctions(table: FunctionTable): void {
  const { define } = table;
  define('len', ['string'], 'int', (text: string) => chars(text).length);
  define('len', ['list'], 'int', (list: unknown[]) => list.length);
  define('upper', ['string'], 'string', (text: string) => text.toUpperCase());
  define('lower', ['string'], 'string', (text: string) => text.toLowerCase());
  define('trim', ['string'], 'string', (text: string) => text.trim());
  define('contains', ['string', 'string'], 'bool', (text: string, part: string) => text.includes(part));
  define('startsWith', ['string', 'string'], 'bool', (text: string, part: string) => text.startsWith(part));
  define('endsWith', ['string', 'string'], 'bool', (text: string, part: string) => text.endsWith(part));
  // substring(text, start[, end]): from 0, end excluded, out-of-range positions clamped (never an error).
  define('substring', ['string', 'num'], 'string', (text: string, start: number) => {
    const all = chars(text);
    return all.slice(clampIndex(start, all.length)).join('');
  });
  define('substring', ['string', 'num', 'num'], 'string', (text: string, start: number, end: number) => {
    const all = chars(text);
    return all.slice(clampIndex(start, all.length), clampIndex(end, all.length)).join('');
  });
  define('left', ['string', 'num'], 'string', (text: string, count: number) => {
    const all = chars(text);
    return all.slice(0, clampIndex(count, all.length)).join('');
  });
  define('right', ['string', 'num'], 'string', (text: string, count: number) => {
    const all = chars(text);
    return all.slice(all.length - clampIndex(count, all.length)).join('');
  });
  define('replace', ['string', 'string', 'string'], 'string', (text: string, from: string, to: string) => {
    if (from === '') return text;
    const parts = text.split(from);
    ensureFits(text.length + (parts.length - 1) * (to.length - from.length));
    return parts.join(to);
  });
  define('text', ['dyn'], 'string', (value: unknown) => textOf(value, 'text'));
  define('join', ['list'], 'string', (items: unknown[]) => joinTexts(items, '', 'join'));
  define('join', ['list', 'string'], 'string', (items: unknown[], separator: string) => joinTexts(items, separator, 'join'));
  // concat(a, b, …) takes any values, like CONCATENATE; CEL functions have fixed arity, so 2 to 8 are registered.
  for (let arity = 2; arity <= 8; arity++) {
    define('concat', Array(arity).fill('dyn'), 'string', (...values: unknown[]) => joinTexts(values, '', 'concat'));
  }
}
