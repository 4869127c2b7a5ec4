import type { WorkTime } from '../org/work-time.ts';
import type { ExpressionLimits } from './types.ts';

/**
 * A failure the platform names itself (an i18n key and its parameters), as opposed to one the engine reports.
 * `start`/`end` are offsets in the parsed text when known; the evaluation guard fills them from the node that failed.
 */
export class ExpressionFault extends Error {
  start?: number;
  end?: number;

  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'ExpressionFault';
  }
}

/** The state of one evaluation, which the platform's functions and the guard read. */
export interface Scope {
  zone: string;
  now: Date;
  workClock: WorkTime | undefined;
  limits: ExpressionLimits;
  steps: number;
  /** The first limit broken: kept even when the engine swallows the throw (`x || true` absorbs errors). */
  fault: ExpressionFault | null;
  /** Field values by engine identifier, after conversion: `isEmpty` reads them without the typed lookup. */
  values: Record<string, unknown>;
  /** Display names by engine identifier, for messages about a field. */
  names: ReadonlyMap<string, string>;
}

/*
 * Evaluation is synchronous (no function the platform registers is async), so one slot is enough and no other
 * evaluation can interleave; a function that evaluates another expression nests, and the slot is restored after.
 */
let active: Scope | null = null;

export function enterScope(scope: Scope): Scope | null {
  const previous = active;
  active = scope;
  return previous;
}

export function leaveScope(previous: Scope | null): void {
  active = previous;
}

export function currentScope(): Scope {
  if (!active) throw new Error('An expression function ran outside an evaluation');
  return active;
}
