import type { Actor, CauseLink, WriteVia } from '../events.ts';

/**
 * The records' one write path as other apps call it (rules, logic flows, IoT work orders, ETL loads): operations on
 * one form's records, in the caller's transaction, as an identity. The forms app applies to them what it applies to
 * a member's own writes through the API (decision 0094).
 */
export type RecordOp =
  | { op: 'create'; values: Record<string, unknown> }
  | { op: 'update'; id: string; values: Record<string, unknown>; rowVersion: number | null }
  | { op: 'delete'; id: string }
  | { op: 'restore'; id: string };

/**
 * Who writes: a member (`actor.kind` member or agent), or a named service (`rule 12`) acting with the permissions
 * of the member it acts for (`userId`, its owner). Hidden fields of that member stay out of reach.
 */
export interface WriteIdentity {
  userId: string;
  actor: Actor;
  via: WriteVia;
  cause?: CauseLink[];
}

export interface RecordWriteOutcome {
  op: RecordOp['op'];
  id: string;
  /** The record's values as the identity may see them (create and update). */
  values?: Record<string, unknown>;
}
