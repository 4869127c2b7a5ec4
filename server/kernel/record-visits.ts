import type { Trx } from './db/pool.ts';

/** A member's visit to one record of one form. */
export interface RecordVisit {
  spaceId: string;
  userId: string;
  formId: string;
  recordId: string;
}

/** Opened (`viewed`) or saved (`changed`). */
export type VisitKind = 'viewed' | 'changed';

export type VisitListener = (trx: Trx, visit: RecordVisit, kind: VisitKind) => Promise<void>;

/**
 * Members opening and saving records, told in the transaction of the read or write (after its own checks passed) to
 * whichever app keeps a member's recent records: the application centre's workbench listens at start. The forms app
 * tells; it knows no listener. Without one, a visit is noted nowhere.
 */
export class RecordVisits {
  private readonly listeners: VisitListener[] = [];

  listen(listener: VisitListener): void {
    this.listeners.push(listener);
  }

  async note(trx: Trx, visit: RecordVisit, kind: VisitKind): Promise<void> {
    for (const listener of this.listeners) await listener(trx, visit, kind);
  }
}
