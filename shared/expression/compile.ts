import type { Environment } from '@marcbachmann/cel-js';
import { TIMESTAMP, functionTable, type Param, type Returns } from './define.ts';
import { engineLimits, platformEnvironment } from './environment.ts';
import { expressionError, resultTypeOf, toExpressionError, type ErrorContext } from './errors.ts';
import { instrument, type EngineNode } from './guard.ts';
import { ExpressionFault, currentScope } from './scope.ts';
import { rewriteFieldNames } from './source.ts';
import { checkTree } from './tree-checks.ts';
import {
  DEFAULT_LIMITS,
  type CompileOptions,
  type CompileResult,
  type CompiledExpression,
  type ExpressionField,
  type ExpressionFunction,
  type ExpressionLimits,
  type ValueType,
} from './types.ts';
import { fromEngineValue, toEngineData, toEngineValue } from './values.ts';

/** What evaluation needs and callers must not touch: kept beside the public object, not on it. */
export interface CompiledInternals {
  run: (context: Record<string, unknown>) => unknown;
  /** The fields the source reads, with their engine identifier and first place (for messages about their values). */
  fields: Array<ExpressionField & { identifier: string; start: number; end: number }>;
  errors: ErrorContext;
  expect: ValueType | undefined;
}

export const INTERNALS = new WeakMap<CompiledExpression, CompiledInternals>();

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(
  'true false null in as break const continue else for function if import let loop package namespace return var void while cel'.split(' '),
);

const ENGINE_TYPE: Record<ValueType | 'any', string> = {
  text: 'string',
  number: 'double',
  date: TIMESTAMP,
  datetime: TIMESTAMP,
  boolean: 'bool',
  list: 'list',
  object: 'map',
  any: 'dyn',
};
const PARAM: Record<ValueType | 'any', Param> = {
  text: 'string', number: 'num', date: 'ts', datetime: 'ts', boolean: 'bool', list: 'list', object: 'map', any: 'dyn',
};

/** Keys that are plain identifiers are usable bare; others (and CEL words) only as `{name}`, under an alias. */
function identifiers(fields: readonly ExpressionField[], taken: ReadonlySet<string>): Map<ExpressionField, string> {
  const result = new Map<ExpressionField, string>();
  const keys = new Set<string>();
  fields.forEach((field, index) => {
    if (keys.has(field.key)) throw new Error(`Expression fields: the key ${field.key} is given twice`);
    keys.add(field.key);
    const usable = IDENTIFIER.test(field.key) && !RESERVED.has(field.key) && !taken.has(field.key) && !field.key.startsWith('__');
    result.set(field, usable ? field.key : `__field${index}`);
  });
  return result;
}

function defineCallerFunctions(env: Environment, functions: readonly ExpressionFunction[], taken: ReadonlySet<string>, limits: ExpressionLimits): void {
  const table = functionTable(env);
  for (const fn of functions) {
    if (!IDENTIFIER.test(fn.name) || RESERVED.has(fn.name) || taken.has(fn.name)) throw new Error(`Expression functions: ${fn.name} cannot be defined`);
    const returns: Returns = fn.returns === 'number' ? 'double' : (PARAM[fn.returns] as Returns);
    table.define(fn.name, fn.params.map((p) => PARAM[p]), returns, (...args: unknown[]) => {
      let result: unknown;
      try {
        result = fn.call(...args.map(fromEngineValue));
      } catch {
        throw new ExpressionFault('expression.functionFailed', { name: fn.name });
      }
      if (fn.returns === 'any') return toEngineData(result ?? null, limits, fn.name);
      const value = toEngineValue(fn.returns, result, currentScope().zone, limits, fn.name);
      if (value === null) throw new ExpressionFault('expression.functionFailed', { name: fn.name });
      return value;
    });
  }
}

/** Messages have one word for dates, with or without a time. */
export const typeWordOf = (type: string) => (type === 'datetime' ? 'date' : type);

function compatible(expect: ValueType, result: string): boolean {
  const word = resultTypeOf(result);
  if (word === 'any') return true;
  return word === expect || (word === 'datetime' && expect === 'date');
}

/**
 * Parses and checks a source against the fields it may read: syntax, unknown fields and functions, types that
 * cannot meet (`{金额} > "100"`), the result type the caller needs, the structural limits. Every problem is an
 * `{ ok: false, error }` pointing into the source; only a caller's own mistakes (two fields with one key, a function
 * that would hide a platform one) throw.
 */
export function compileExpression(source: string, options: CompileOptions): CompileResult {
  const limits: ExpressionLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const { env: base, names: platformNames } = platformEnvironment();
  const plain: ErrorContext = { source, map: { toOriginal: (offset) => offset }, names: new Map(), limits };
  if (source.length > limits.maxLength) {
    return { ok: false, error: expressionError(plain, 'expression.tooLong', { max: limits.maxLength }, limits.maxLength) };
  }
  const ids = identifiers(options.fields, platformNames);
  const names = new Map([...ids].map(([field, id]) => [id, field.name]));
  const rewritten = rewriteFieldNames(source, options.fields, (field) => ids.get(field)!);
  if (!rewritten.ok) {
    return { ok: false, error: expressionError(plain, rewritten.key, { name: rewritten.name }, rewritten.start, rewritten.end) };
  }
  const errors: ErrorContext = { source, map: rewritten.map, names, limits };
  try {
    const env = base.clone({ limits: engineLimits(limits) });
    for (const [field, id] of ids) env.registerVariable(id, ENGINE_TYPE[field.type]);
    defineCallerFunctions(env, options.functions ?? [], new Set([...platformNames, ...ids.values()]), limits);
    const callable = new Set([...platformNames, ...(options.functions ?? []).map((fn) => fn.name)]);

    const parsed = env.parse(rewritten.text);
    const root = parsed.ast as unknown as EngineNode;
    const facts = checkTree(rewritten.text, root, callable);
    if (facts.problem) {
      const { key, params, start, end } = facts.problem;
      return { ok: false, error: expressionError(errors, key, params, start, end) };
    }
    const checked = parsed.check();
    if (!checked.valid) return { ok: false, error: toExpressionError(checked.error, errors) };
    const type = checked.type ?? 'dyn';
    if (options.expect && !compatible(options.expect, type)) {
      const params = { expected: typeWordOf(options.expect), actual: typeWordOf(resultTypeOf(type)) };
      return { ok: false, error: expressionError(errors, 'expression.wrongResultType', params) };
    }
    if (instrument(root) === 0) throw new Error('Expression engine: nothing to guard');

    const fields = [...ids]
      .filter(([, id]) => facts.identifiers.has(id))
      .map(([field, identifier]) => ({ ...field, identifier, ...facts.identifiers.get(identifier)! }));
    const expression: CompiledExpression = Object.freeze({
      source,
      references: Object.freeze(fields.map((field) => field.key)),
      resultType: resultTypeOf(type),
    });
    INTERNALS.set(expression, { run: parsed, fields, errors, expect: options.expect });
    return { ok: true, expression };
  } catch (error) {
    // Programming errors (a bad field list, an engine that changed) are not the user's to fix.
    if (error instanceof Error && error.message.startsWith('Expression ')) throw error;
    return { ok: false, error: toExpressionError(error, errors) };
  }
}
