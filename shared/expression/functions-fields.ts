import type { Environment } from '@marcbachmann/cel-js';
import type { EngineNode } from './guard.ts';
import { currentScope } from './scope.ts';
import { isEmptyValue } from './values.ts';

/**
 * An empty number or date cannot be read as a number or a date, so `{金额} > 100` on an empty amount is an error
 * ("field is empty"), not a silent false. These two read a field without that typed lookup: they are macros
 * (their argument reaches them unevaluated), like CEL's own `has()`.
 *   isEmpty({金额})           true for an empty field, "" or []; any other expression is evaluated and tested
 *   ifEmpty({金额}, 0) * 2    the field's value, or the fallback when the field is empty
 */
interface Checker {
  check(node: EngineNode, context: unknown): { name: string };
  getType(name: string): unknown;
  createError(code: string, message: string, node: EngineNode): Error;
}

interface Runner {
  run(node: EngineNode, context: unknown): unknown;
}

interface MacroInput {
  args: EngineNode[];
  ast: EngineNode;
}

/** The converted value of a field the argument names directly, or `missing` when it is not a bare field. */
const missing = Symbol('missing');
function fieldValue(node: EngineNode): unknown {
  const values = currentScope().values;
  if (node.op !== 'id' || !Object.hasOwn(values, node.args as string)) return missing;
  return values[node.args as string];
}

const NUMERIC = new Set(['int', 'double']);

export function defineFieldMacros(env: Environment): Set<string> {
  env.registerFunction('isEmpty(ast): bool', ({ args, ast }: MacroInput) => ({
    args,
    ast,
    async: false,
    typeCheck(checker: Checker, _macro: unknown, context: unknown) {
      checker.check(args[0]!, context);
      return checker.getType('bool');
    },
    evaluate(runner: Runner, _macro: unknown, context: unknown) {
      const value = fieldValue(args[0]!);
      return isEmptyValue(value === missing ? runner.run(args[0]!, context) : value);
    },
  }));

  env.registerFunction('ifEmpty(ast, ast): dyn', ({ args, ast }: MacroInput) => {
    let wantsDouble = false;
    return {
      args,
      ast,
      async: false,
      typeCheck(checker: Checker, _macro: unknown, context: unknown) {
        const value = checker.check(args[0]!, context);
        const fallback = checker.check(args[1]!, context);
        const same = value.name === fallback.name || (NUMERIC.has(value.name) && NUMERIC.has(fallback.name));
        if (!same && value.name !== 'dyn' && fallback.name !== 'dyn') {
          throw checker.createError('no_matching_overload', `found no matching overload for 'ifEmpty(${value.name}, ${fallback.name})'`, ast);
        }
        wantsDouble = value.name === 'double';
        return value;
      },
      evaluate(runner: Runner, _macro: unknown, context: unknown) {
        const field = fieldValue(args[0]!);
        const value = field === missing || !isEmptyValue(field) ? runner.run(args[0]!, context) : null;
        const result = isEmptyValue(value) ? runner.run(args[1]!, context) : value;
        // `ifEmpty(amount, 0)` is typed as the field (a double); the engine's operators must not meet a BigInt there.
        return wantsDouble && typeof result === 'bigint' ? Number(result) : result;
      },
    };
  });
  return new Set(['isEmpty', 'ifEmpty']);
}
