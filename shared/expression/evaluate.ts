import { INTERNALS, typeWordOf } from './compile.ts';
import { expressionError, toExpressionError } from './errors.ts';
import { ExpressionFault, enterScope, leaveScope, type Scope } from './scope.ts';
import type { CompiledExpression, EvaluateOptions, EvaluateResult, ExpressionLimits, ValueType } from './types.ts';
import { fromEngineValue, toEngineValue } from './values.ts';

/** Chinese enterprises are the platform's default audience: the spaces table defaults to the same zone. */
export const DEFAULT_ZONE = 'Asia/Shanghai';

const knownZones = new Set<string>(['UTC', DEFAULT_ZONE]);
function isZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

function fitsType(expect: ValueType, value: unknown): boolean {
  switch (expect) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
    case 'datetime':
      return value instanceof Date;
    case 'list':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
  }
}

function wordOfValue(value: unknown): string {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' || typeof value === 'boolean') return typeof value;
  if (value instanceof Date) return 'date';
  return Array.isArray(value) ? 'list' : 'object';
}

/**
 * Evaluates a compiled expression with field values keyed by field key (a record's values as stored). Never throws
 * for anything the source or the values do: every failure, a limit included, is an `{ ok: false, error }` whose
 * position points into the source. The values passed in are copied, never changed.
 */
export function evaluateExpression(
  expression: CompiledExpression,
  variables: Readonly<Record<string, unknown>>,
  options: EvaluateOptions = {},
): EvaluateResult {
  const internals = INTERNALS.get(expression);
  if (!internals) throw new Error('evaluateExpression takes an expression from compileExpression');
  const { run, fields, errors, expect } = internals;
  const limits: ExpressionLimits = { ...errors.limits, ...options.limits };
  const context = { ...errors, limits };
  const zone = options.zone ?? DEFAULT_ZONE;
  if (!isZone(zone)) return { ok: false, error: expressionError(context, 'expression.badZone', { zone }) };

  const values = Object.create(null) as Record<string, unknown>;
  for (const field of fields) {
    const raw = Object.hasOwn(variables, field.key) ? variables[field.key] : undefined;
    try {
      values[field.identifier] = toEngineValue(field.type, raw, zone, limits, field.name);
    } catch (error) {
      if (error instanceof ExpressionFault) {
        error.start = field.start;
        error.end = field.end;
      }
      return { ok: false, error: toExpressionError(error, context) };
    }
  }

  const scope: Scope = {
    zone,
    now: options.now ?? new Date(),
    workClock: options.workClock,
    limits,
    steps: 0,
    fault: null,
    values,
    names: errors.names,
  };
  const previous = enterScope(scope);
  let result: unknown;
  try {
    result = run(values);
  } catch (error) {
    return { ok: false, error: toExpressionError(scope.fault ?? error, context) };
  } finally {
    leaveScope(previous);
  }
  // The engine absorbs some errors (`x || true` is true even when x fails); a broken limit is never absorbed.
  if (scope.fault) return { ok: false, error: toExpressionError(scope.fault, context) };
  const value = fromEngineValue(result);
  if (expect && value !== null && !fitsType(expect, value)) {
    const params = { expected: typeWordOf(expect), actual: wordOfValue(value) };
    return { ok: false, error: expressionError(context, 'expression.wrongResultType', params) };
  }
  return { ok: true, value };
}

