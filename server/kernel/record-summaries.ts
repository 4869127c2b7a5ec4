import type { RecordSummary } from '../../shared/forms/record-summary.ts';
import type { Trx } from './db/pool.ts';
import type { FlowActor } from './record-flow.ts';

/** Summarises records for one member in one transaction: null when he may not see the record (or it is gone). */
export type RecordSummaryReader = (formId: string, recordId: string) => Promise<RecordSummary | null>;

/**
 * Records as another app shows them to a member (the workbench's recent records), read again through the forms
 * app's own checks (app hidden, form gone, record deleted or no longer permitted all read as null), so no page
 * shows more than the record page would. The forms app provides the reader at start.
 */
export class RecordSummaries {
  private open: ((trx: Trx, actor: FlowActor) => RecordSummaryReader) | null = null;

  provide(open: (trx: Trx, actor: FlowActor) => RecordSummaryReader): void {
    this.open = open;
  }

  /** One reader per request: it may remember each form it opened for the records that follow. Without forms, nothing shows. */
  reader(trx: Trx, actor: FlowActor): RecordSummaryReader {
    return this.open ? this.open(trx, actor) : () => Promise.resolve(null);
  }
}
