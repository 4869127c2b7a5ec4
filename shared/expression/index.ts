/**
 * The platform's expression language: CEL (decision 0090) with the platform's functions, `{display name}` field
 * references, cost limits and errors in both languages. The same module runs on the server and in the browser.
 */
export { compileExpression } from './compile.ts';
export { DEFAULT_ZONE, evaluateExpression } from './evaluate.ts';
export { expressionFieldsOf } from './form-fields.ts';
export { DATE_UNITS } from './functions-date.ts';
export { TYPE_WORDS, describeExpressionError } from './messages.ts';
export {
  DEFAULT_LIMITS,
  VALUE_TYPES,
  type CompileOptions,
  type CompileResult,
  type CompiledExpression,
  type EvaluateOptions,
  type EvaluateResult,
  type ExpressionError,
  type ExpressionField,
  type ExpressionFunction,
  type ExpressionLimits,
  type ExpressionPosition,
  type ResultType,
  type ValueType,
} from './types.ts';
