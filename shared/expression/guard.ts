import { ExpressionFault, currentScope, type Scope } from './scope.ts';

/**
 * CEL has no loops of its own, but its comprehensions (`list.map(x, …)`) nest, and `cel.bind` can double a value at
 * every level: a short source can ask for 10^9 steps or a gigabyte of text. The engine has structural limits at
 * parse time only, so every evaluated node is wrapped here: one step per node, plus the size of each list or text
 * an operator or function scans, and a size check on every value a node produces. The wrapper uses the engine's
 * node metadata (`meta`, own `evaluate`), which its type declarations do not describe; the tests in
 * `safety.test.ts` fail if an engine upgrade stops the wrapper from being called.
 */

type Evaluate = (evaluator: unknown, node: unknown, context: unknown) => unknown;

export interface EngineNode {
  op: string;
  args: unknown;
  start: number;
  end: number;
  evaluate: Evaluate;
  checkedType?: { name: string };
  readonly meta: {
    evaluate?: Evaluate;
    alternate?: EngineNode;
    macro?: Record<string, unknown> & { evaluate: Evaluate };
  };
}

export function isEngineNode(value: unknown): value is EngineNode {
  return typeof value === 'object' && value !== null && typeof (value as EngineNode).op === 'string' && 'meta' in value;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Nodes directly under `value` (an args payload, a macro's state), not descending into nodes. */
function nodesIn(value: unknown, found: EngineNode[]): EngineNode[] {
  if (isEngineNode(value)) found.push(value);
  else if (Array.isArray(value)) for (const item of value) nodesIn(item, found);
  // Engine contexts and registries are class instances: only plain payload objects are walked.
  else if (isPlain(value)) for (const key of Object.keys(value)) nodesIn(value[key], found);
  return found;
}

/** The operands an operator or call scans: their size is charged, since a scan of 10,000 items is one node. */
function scannedOperands(node: EngineNode): unknown[] {
  switch (node.op) {
    case 'in':
    case '==':
    case '!=':
    case '+':
      return node.args as unknown[];
    case 'call':
      return (node.args as [string, unknown[]])[1];
    case 'rcall': {
      const [, receiver, args] = node.args as [string, unknown, unknown[]];
      return [receiver, ...args];
    }
    default:
      return [];
  }
}

function weight(value: unknown): number {
  if (typeof value === 'string') return value.length >> 6;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  return 0;
}

function trip(scope: Scope, fault: ExpressionFault, node: EngineNode): ExpressionFault {
  fault.start ??= node.start;
  fault.end ??= node.end;
  scope.fault ??= fault;
  return fault;
}

function checkValue(scope: Scope, node: EngineNode, value: unknown): void {
  const { maxTextLength, maxListLength } = scope.limits;
  if (typeof value === 'string') {
    if (value.length > maxTextLength) throw trip(scope, new ExpressionFault('expression.valueTooLarge', { max: maxTextLength, kind: 'text' }), node);
  } else if (Array.isArray(value) || value instanceof Map) {
    const size = Array.isArray(value) ? value.length : value.size;
    if (size > maxListLength) throw trip(scope, new ExpressionFault('expression.valueTooLarge', { max: maxListLength, kind: 'list' }), node);
  } else if (value instanceof Date && Number.isNaN(value.getTime())) {
    throw trip(scope, new ExpressionFault('expression.dateOutOfRange'), node);
  } else if (typeof value === 'number' && !Number.isFinite(value)) {
    // Doubles divide by zero into Infinity and NaN; a formula user expects an error, not "Infinity".
    const key = node.op === '/' || node.op === '%' ? 'expression.divisionByZero' : 'expression.numberOverflow';
    throw trip(scope, new ExpressionFault(key), node);
  }
}

function guarded(node: EngineNode, target: Evaluate, scanned: boolean): Evaluate {
  return (evaluator, ast, context) => {
    const scope = currentScope();
    if (scope.fault) throw scope.fault;
    if (++scope.steps > scope.limits.maxSteps) {
      throw trip(scope, new ExpressionFault('expression.tooCostly', { max: scope.limits.maxSteps }), node);
    }
    let value: unknown;
    try {
      value = target(evaluator, ast, context);
    } catch (error) {
      if (error instanceof ExpressionFault) {
        error.start ??= node.start;
        error.end ??= node.end;
      }
      throw error;
    }
    checkValue(scope, node, value);
    if (scanned) scope.steps += weight(value);
    return value;
  };
}

/** Wraps every node reachable from the root, macro expansions included. Returns how many were wrapped. */
export function instrument(root: EngineNode): number {
  const all: EngineNode[] = [];
  const scanned = new Set<EngineNode>();
  const seen = new Set<EngineNode>();
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    all.push(node);
    for (const operand of scannedOperands(node)) if (isEngineNode(operand)) scanned.add(operand);
    const { alternate, macro } = node.meta;
    pending.push(...nodesIn(node.args, []));
    if (alternate) pending.push(alternate);
    if (macro) pending.push(...nodesIn(Object.values(macro), []));
  }
  for (const node of all) {
    const meta = node.meta;
    const { alternate, macro } = meta;
    // The engine's own dispatch (macro expansion, macro, operator); `meta.evaluate` is read at each call, as the engine may swap it.
    const target: Evaluate = alternate
      ? (evaluator, _ast, context) => alternate.evaluate(evaluator, alternate, context)
      : macro
        ? (evaluator, _ast, context) => macro.evaluate(evaluator, macro, context)
        : (evaluator, ast, context) => meta.evaluate!(evaluator, ast, context);
    node.evaluate = guarded(node, target, scanned.has(node));
  }
  return all.length;
}
