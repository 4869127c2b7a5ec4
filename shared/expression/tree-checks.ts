import { dateUnit } from './functions-date.ts';
import { isEngineNode, type EngineNode } from './guard.ts';

/**
 * Checks on the parsed tree that the engine's type checker does not make. The engine ships functions the platform
 * does not offer: `matches` runs a JavaScript regular expression, which a pattern like `(a+)+$` keeps busy for
 * minutes (no step limit can interrupt it); the timestamp getters default to UTC where the platform means the
 * space's zone; bytes and JSON helpers have no use in a form. Only the functions below are callable.
 */
const ENGINE_FUNCTIONS = new Set(['size', 'int', 'double', 'string', 'bool', 'dyn', 'has', 'timestamp', 'duration']);
const ENGINE_METHODS = new Set([
  'size', 'contains', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'substring', 'trim', 'lowerAscii', 'upperAscii',
  'split', 'all', 'exists', 'exists_one', 'map', 'filter',
]);

export interface TreeProblem {
  key: string;
  params: Record<string, string>;
  start: number;
  end: number;
}

export interface TreeFacts {
  problem: TreeProblem | null;
  /** Engine identifiers the source reads (fields among them), each with its leftmost place. */
  identifiers: Map<string, { start: number; end: number }>;
}

function children(node: EngineNode): EngineNode[] {
  const found: EngineNode[] = [];
  const visit = (value: unknown) => {
    if (isEngineNode(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(node.args);
  return found;
}

/** Offsets of a method's name: the engine places a method call at its receiver. */
function nameRange(text: string, node: EngineNode, name: string, after: number): { start: number; end: number } {
  const at = text.indexOf(name, after);
  return at >= 0 && at < node.end ? { start: at, end: at + name.length } : { start: node.start, end: node.end };
}

function callProblem(text: string, node: EngineNode, platform: ReadonlySet<string>): TreeProblem | null {
  if (node.op === 'call') {
    const [name, args] = node.args as [string, EngineNode[]];
    // A written unit is known before evaluation: say so at compile time, where the user is typing.
    const unit = args[2];
    if ((name === 'dateAdd' || name === 'dateDiff') && unit?.op === 'value' && typeof unit.args === 'string' && !dateUnit(unit.args)) {
      return { key: 'expression.badUnit', params: { unit: unit.args }, start: unit.start, end: unit.end };
    }
    if (ENGINE_FUNCTIONS.has(name) || platform.has(name)) return null;
    return { key: 'expression.unknownFunction', params: { name }, start: node.start, end: node.start + name.length };
  }
  const [name, receiver] = node.args as [string, EngineNode];
  if (ENGINE_METHODS.has(name)) return null;
  if (name === 'bind' && receiver.op === 'id' && receiver.args === 'cel') return null;
  const range = nameRange(text, node, name, receiver.end);
  // `amount.round()` reads naturally but the platform's functions take their value first: say how to write it.
  const key = platform.has(name) ? 'expression.notAMethod' : 'expression.unknownFunction';
  return { key, params: { name }, ...range };
}

export function checkTree(text: string, root: EngineNode, platformFunctions: ReadonlySet<string>): TreeFacts {
  const identifiers = new Map<string, { start: number; end: number }>();
  const problems: TreeProblem[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.op === 'id') {
      const known = identifiers.get(node.args as string);
      if (!known || node.start < known.start) identifiers.set(node.args as string, { start: node.start, end: node.end });
    }
    if (node.op === 'call' || node.op === 'rcall') {
      const problem = callProblem(text, node, platformFunctions);
      if (problem) problems.push(problem);
    }
    if (node.op === 'map') {
      // A map literal keyed "__proto__" would set the new object's prototype instead of adding a key.
      for (const [key] of node.args as Array<[EngineNode, EngineNode]>) {
        if (key.op === 'value' && key.args === '__proto__') {
          problems.push({ key: 'expression.reservedName', params: { name: '__proto__' }, start: key.start, end: key.end });
        }
      }
    }
    pending.push(...children(node));
  }
  // The walk is depth first from the right; the user reads from the left.
  const first = problems.sort((a, b) => a.start - b.start)[0] ?? null;
  return { problem: first, identifiers };
}
