import type { WorkTime } from '../org/work-time.ts';

/**
 * The value types an expression sees. They are the platform's words, not the engine's: a form's number is a
 * `number` whatever the engine calls it, and error messages name these types in the user's language.
 */
export const VALUE_TYPES = ['text', 'number', 'date', 'datetime', 'boolean', 'list', 'object'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** What a result or an operand can be: a value type, or one of the shapes only computations produce. */
export type ResultType = ValueType | 'duration' | 'empty' | 'any';

export interface ExpressionField {
  /** The stable key (a form field's `f<n>`); values are passed keyed by it. */
  key: string;
  /** The display name, usable in the source as `{name}`. */
  name: string;
  type: ValueType;
}

/** A function a caller adds for its own expressions (an IoT rule's `deviceOnline(id)`, say). */
export interface ExpressionFunction {
  name: string;
  params: Array<ValueType | 'any'>;
  returns: ValueType | 'any';
  /** Gets plain JavaScript values (numbers, strings, Dates, arrays, objects) and returns one. */
  call: (...args: unknown[]) => unknown;
}

export interface ExpressionLimits {
  /** Characters of source. */
  maxLength: number;
  /** Nesting of brackets, calls and operators in the source. */
  maxDepth: number;
  /** Syntax nodes of the source; also bounds list and map literals. */
  maxNodes: number;
  /** Evaluation steps: one per node evaluated, plus the size of each list or text an operator or function scans. */
  maxSteps: number;
  /** Characters of any text built or read. */
  maxTextLength: number;
  /** Items of any list built or read. */
  maxListLength: number;
}

export const DEFAULT_LIMITS: Readonly<ExpressionLimits> = Object.freeze({
  maxLength: 10_000,
  maxDepth: 32,
  maxNodes: 2_000,
  maxSteps: 100_000,
  maxTextLength: 100_000,
  maxListLength: 10_000,
});

/** Where in the source: `offset` counts UTF-16 units from 0, `line` and `column` count from 1. */
export interface ExpressionPosition {
  offset: number;
  line: number;
  column: number;
  length?: number;
}

export interface ExpressionError {
  /** An i18n key of `shared/i18n/<lang>/expression.json`. */
  key: string;
  /** The message's parameters; `line` and `column` are always among them so every message can say where. */
  params: Record<string, string | number>;
  position: ExpressionPosition;
}

export interface CompileOptions {
  fields: ExpressionField[];
  functions?: ExpressionFunction[];
  /** The type the caller needs (a rule condition needs `boolean`); anything else is a compile error. */
  expect?: ValueType;
  limits?: Partial<ExpressionLimits>;
}

/** A checked expression, evaluated any number of times. Its engine state is kept out of reach of callers. */
export interface CompiledExpression {
  readonly source: string;
  /** Keys of the fields the source reads: what a formula must be recomputed after. */
  readonly references: readonly string[];
  readonly resultType: ResultType;
}

export interface EvaluateOptions {
  /** IANA zone of the space: dates are read, built and split into days in it. Default Asia/Shanghai. */
  zone?: string;
  /** The instant `now()` and `today()` use; the clock when absent. */
  now?: Date;
  /** The space's work time, for `isWorkTime` and `addWorkHours`. */
  workClock?: WorkTime;
  limits?: Partial<ExpressionLimits>;
}

export type CompileResult = { ok: true; expression: CompiledExpression } | { ok: false; error: ExpressionError };
export type EvaluateResult = { ok: true; value: unknown } | { ok: false; error: ExpressionError };
