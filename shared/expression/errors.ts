import type { EngineNode } from './guard.ts';
import { ExpressionFault } from './scope.ts';
import { positionAt, type SourceMap } from './source.ts';
import type { ExpressionError, ExpressionLimits, ResultType } from './types.ts';

/**
 * Engine errors become platform errors: an i18n key, parameters in the platform's words (a `double` is a number,
 * a variable is a field, by its display name), and a position in the text the user wrote. The engine's English
 * summary is passed on only where nothing better is known (`expression.failed`).
 */
export interface ErrorContext {
  source: string;
  map: SourceMap;
  /** Display names by engine identifier. */
  names: ReadonlyMap<string, string>;
  limits: ExpressionLimits;
}

interface EngineError {
  name: string;
  code: string;
  summary: string;
  range?: { start: number; end: number };
  node?: EngineNode;
}

const isEngineError = (error: unknown): error is EngineError =>
  error instanceof Error && typeof (error as Partial<EngineError>).code === 'string' && typeof (error as Partial<EngineError>).summary === 'string';

/** The engine's type name as one of the platform's type words (keys `expression.type.<word>`). */
export function typeWord(engineType: string): string {
  if (engineType === 'int' || engineType === 'uint' || engineType === 'double') return 'number';
  if (engineType === 'string') return 'text';
  if (engineType === 'bool') return 'boolean';
  if (engineType === 'google.protobuf.Timestamp') return 'date';
  if (engineType === 'google.protobuf.Duration') return 'duration';
  if (engineType.startsWith('list')) return 'list';
  if (engineType.startsWith('map')) return 'object';
  if (engineType === 'null' || engineType === 'null_type') return 'empty';
  if (engineType === 'dyn') return 'any';
  return 'other';
}

export function resultTypeOf(engineType: string): ResultType {
  const word = typeWord(engineType);
  if (word === 'date') return 'datetime';
  return word === 'other' ? 'any' : (word as ResultType);
}

export function expressionError(context: ErrorContext, key: string, params: Record<string, string | number>, start?: number, end?: number): ExpressionError {
  const from = start === undefined ? 0 : context.map.toOriginal(start, 'start');
  const to = end === undefined ? (start === undefined ? context.source.length : from) : context.map.toOriginal(end, 'end');
  const position = positionAt(context.source, from, to - from);
  return { key, params: { ...params, line: position.line, column: position.column }, position };
}

const OPERATORS: Record<string, string> = { '!_': '!', '-_': '-' };
const typeOfNode = (node: unknown) => typeWord((node as EngineNode | undefined)?.checkedType?.name ?? 'dyn');

function parseKey(error: EngineError, context: ErrorContext): [string, Record<string, string | number>] {
  const written = error.range ? context.source.slice(context.map.toOriginal(error.range.start, 'start'), context.map.toOriginal(error.range.end, 'end')) : '';
  switch (error.code) {
    case 'unexpected_token':
      return error.summary.endsWith('EOF') ? ['expression.unexpectedEnd', {}] : ['expression.unexpectedToken', { token: written || error.summary }];
    case 'unexpected_character':
      return ['expression.unexpectedToken', { token: written || error.summary }];
    case 'unterminated_string':
    case 'unterminated_triple_quoted_string':
    case 'newline_in_string':
      return ['expression.unterminatedText', {}];
    case 'invalid_number':
    case 'invalid_exponent':
      return ['expression.invalidNumber', { text: written }];
    case 'reserved_identifier':
      return ['expression.reservedName', { name: written }];
    case 'limit_exceeded':
      return error.summary.includes('maxDepth')
        ? ['expression.tooDeep', { max: context.limits.maxDepth }]
        : ['expression.tooComplex', { max: context.limits.maxNodes }];
    default:
      return ['expression.syntax', { detail: error.summary }];
  }
}

function checkKey(error: EngineError, context: ErrorContext): [string, Record<string, string | number>] {
  const node = error.node;
  const args = (node?.args ?? []) as unknown[];
  switch (error.code) {
    case 'unknown_variable':
    case 'variable_type_mismatch': {
      const id = String(node?.args ?? '');
      const name = context.names.get(id) ?? id;
      if (error.code === 'unknown_variable') return ['expression.unknownField', { name }];
      // A typed field read as null: the field is empty (see values.ts).
      return error.summary.endsWith("got 'null'") ? ['expression.emptyField', { name }] : ['expression.badValue', { name, type: 'any' }];
    }
    case 'no_such_overload': {
      // A unary operator's operand is the node's args itself, not a list.
      if (node && node.op in OPERATORS) return ['expression.typeMismatchUnary', { operator: OPERATORS[node.op]!, type: typeOfNode(node.args) }];
      // At run time (values of type any) only the engine's summary knows what met.
      const runtime = error.name === 'EvaluationError' ? /no such overload: (\S+) \S+ (\S+)/.exec(error.summary) : null;
      const left = runtime ? typeWord(runtime[1]!) : typeOfNode(args[0]);
      const right = runtime ? typeWord(runtime[2]!) : typeOfNode(args[1]);
      return ['expression.typeMismatch', { operator: node?.op ?? '', left, right }];
    }
    case 'no_matching_overload': {
      const name = node?.op === 'call' || node?.op === 'rcall' ? String(args[0]) : '';
      const operands = node?.op === 'call' ? (args[1] as unknown[]) : node?.op === 'rcall' ? [args[1], ...(args[2] as unknown[])] : [];
      return ['expression.wrongArguments', { name, types: operands.map(typeOfNode).join(', ') }];
    }
    case 'invalid_condition_type':
      return ['expression.notBoolean', { type: typeOfNode(args[0]) }];
    case 'incompatible_ternary_branches':
      return ['expression.branchTypes', { left: typeOfNode(args[1]), right: typeOfNode(args[2]) }];
    case 'invalid_comprehension_range':
      return ['expression.notAList', {}];
    case 'cannot_index_type':
    case 'invalid_index_type':
      return ['expression.notIndexable', {}];
    case 'no_such_key':
      return ['expression.noSuchKey', { name: /No such key: (.*)$/.exec(error.summary)?.[1] ?? '' }];
    case 'division_by_zero':
    case 'modulo_by_zero':
      return ['expression.divisionByZero', {}];
    case 'numeric_overflow':
      return ['expression.numberOverflow', {}];
    case 'index_out_of_range':
    case 'index_out_of_bounds':
      return ['expression.indexOutOfRange', {}];
    case 'invalid_timestamp':
    case 'invalid_duration':
      return ['expression.badTimestamp', {}];
    default:
      return ['expression.failed', { detail: error.summary }];
  }
}

/** Any error thrown while compiling or evaluating, as the platform reports it. */
export function toExpressionError(error: unknown, context: ErrorContext): ExpressionError {
  if (error instanceof ExpressionFault) return expressionError(context, error.key, error.params, error.start, error.end);
  if (isEngineError(error)) {
    const [key, params] = error.name === 'ParseError' ? parseKey(error, context) : checkKey(error, context);
    return expressionError(context, key, params, error.range?.start, error.range?.end);
  }
  if (error instanceof RangeError) {
    // What the engine's own built-ins hit before the guard sees their result ("x".join of huge parts, deep recursion).
    if (/string length|array length/i.test(error.message)) {
      return expressionError(context, 'expression.valueTooLarge', { max: context.limits.maxTextLength, kind: 'text' });
    }
    if (/call stack/i.test(error.message)) return expressionError(context, 'expression.tooDeep', { max: context.limits.maxDepth });
  }
  return expressionError(context, 'expression.failed', { detail: error instanceof Error ? error.message : String(error) });
}
