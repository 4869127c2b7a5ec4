import { sql, type ColumnType } from 'kysely';
import type { Trx } from '../../kernel/db/pool.ts';
import type { RecordVisit, VisitKind } from '../../kernel/record-visits.ts';

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export interface AppcenterRecordMarkTable {
  space_id: string;
  user_id: string;
  form_id: string;
  record_id: string;
  viewed_at: Stamp;
  changed_at: Stamp;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    appcenter_record_mark: AppcenterRecordMarkTable;
  }
}

/** How many marks a member keeps per space: the workbench shows a few; older ones are dropped as new ones come. */
const KEEP = 200;

/**
 * Notes that the member opened (`viewed`) or saved (`changed`) a record, for the workbench's recent records.
 * Listens to `kernel.recordVisits`: told inside the read's or write's transaction, after it passed its own checks.
 */
export async function noteRecord(trx: Trx, mark: RecordVisit, kind: VisitKind): Promise<void> {
  const column = kind === 'viewed' ? 'viewed_at' : 'changed_at';
  await trx
    .insertInto('appcenter_record_mark')
    .values({ space_id: mark.spaceId, user_id: mark.userId, form_id: mark.formId, record_id: mark.recordId, [column]: sql`now()` })
    .onConflict((oc) => oc.columns(['space_id', 'user_id', 'form_id', 'record_id']).doUpdateSet({ [column]: sql`now()` }))
    .execute();
  await sql`delete from appcenter_record_mark m where m.space_id = ${mark.spaceId} and m.user_id = ${mark.userId} and (m.form_id, m.record_id) not in (
      select form_id, record_id from appcenter_record_mark where space_id = ${mark.spaceId} and user_id = ${mark.userId}
      order by greatest(viewed_at, changed_at) desc limit ${KEEP})`.execute(trx);
}
