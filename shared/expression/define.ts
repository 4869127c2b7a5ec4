import type { Environment } from '@marcbachmann/cel-js';
import { ExpressionFault } from './scope.ts';

/**
 * CEL keeps integers (BigInt) and doubles apart: `round(2)` and `max(amount, 0)` would find no overload, and users of
 * formula tools never think about the difference. A `num` parameter is registered once per numeric type, and the
 * platform's functions receive plain JavaScript numbers.
 */
export type Param = 'num' | 'string' | 'bool' | 'list' | 'map' | 'dyn' | 'ts';
export type Returns = 'int' | 'double' | 'string' | 'bool' | 'list' | 'map' | 'dyn' | 'ts';

export const TIMESTAMP = 'google.protobuf.Timestamp';

const engineType = (type: Exclude<Param, 'num'> | Returns) => (type === 'ts' ? TIMESTAMP : type);

function expand(params: readonly Param[]): string[][] {
  let combos: string[][] = [[]];
  for (const param of params) {
    const choices = param === 'num' ? ['int', 'double'] : [engineType(param)];
    combos = combos.flatMap((combo) => choices.map((choice) => [...combo, choice]));
  }
  return combos;
}

/** A number the platform's functions can use, from an engine int, a double, or a list item. */
export function toNumber(value: unknown, functionName: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new ExpressionFault('expression.notANumber', { name: functionName });
}

export interface FunctionTable {
  /** Names the source may call, for the unknown-function check. */
  readonly names: Set<string>;
  define(name: string, params: readonly Param[], returns: Returns, handler: (...args: any[]) => unknown): void;
}

export function functionTable(env: Environment): FunctionTable {
  const names = new Set<string>();
  return {
    names,
    define(name, params, returns, handler) {
      names.add(name);
      const call = (...args: unknown[]) => {
        const result = handler(...args.map((arg) => (typeof arg === 'bigint' ? Number(arg) : arg)));
        if (returns === 'int') return BigInt(Math.trunc(result as number));
        return result;
      };
      for (const combo of expand(params)) env.registerFunction(`${name}(${combo.join(', ')}): ${engineType(returns)}`, call);
    },
  };
}

/** Mixed int and double arithmetic, as everyone but CEL expects: `amount * 2`, `len(name) / 2.0`. */
export function defineMixedArithmetic(env: Environment): void {
  const apply: Record<string, (a: number, b: number) => number> = {
    '+': (a, b) => a + b,
    '-': (a, b) => a - b,
    '*': (a, b) => a * b,
    '/': (a, b) => a / b,
    '%': (a, b) => a % b,
  };
  for (const [op, fn] of Object.entries(apply)) {
    env.registerOperator(`double ${op} int`, (a: number, b: bigint) => fn(a, Number(b)));
    env.registerOperator(`int ${op} double`, (a: bigint, b: number) => fn(Number(a), b));
  }
  env.registerOperator('double % double', (a: number, b: number) => a % b);
  // Registering one equality also registers its mirror and the inequalities.
  env.registerOperator('double == int', (a: number, b: bigint) => a === Number(b));
}
