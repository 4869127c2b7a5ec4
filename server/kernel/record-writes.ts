import type { RecordOp, RecordWriteOutcome, WriteIdentity } from '../../shared/forms/write.ts';
import type { Trx } from './db/pool.ts';

export type RecordWriter = (trx: Trx, spaceId: string, identity: WriteIdentity, formId: string, ops: readonly RecordOp[]) => Promise<RecordWriteOutcome[]>;

/**
 * The records' one write path for other apps (rules, logic, IoT, ETL), provided by the forms app at start: they
 * write records through it and nothing else, so the checks, permissions, flow lock, audit entry and events are
 * the same as a member's own (decision 0094).
 */
export class RecordWrites {
  private writer: RecordWriter | null = null;

  provide(writer: RecordWriter): void {
    this.writer = writer;
  }

  write(trx: Trx, spaceId: string, identity: WriteIdentity, formId: string, ops: readonly RecordOp[]): Promise<RecordWriteOutcome[]> {
    if (!this.writer) throw new Error('No record writer is registered (the forms app registers it at start).');
    return this.writer(trx, spaceId, identity, formId, ops);
  }
}
