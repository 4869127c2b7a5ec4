import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { PushBus } from '../../../kernel/push/bus.ts';

/**
 * Write stamps of forms: what makes a cached chart answer stale. Every committed write to a form's
 * records moves its stamp, in every server process:
 *   - the writer's own process bumps it at once, inside the write (a request that follows the answer of the write
 *     never meets the old stamp), and again when the NOTIFY below comes back after the commit;
 *   - the NOTIFY on RECORDS_CHANNEL, sent inside the write's transaction, leaves only if it commits and reaches
 *     every process (PgListener), which bumps its own counter.
 * The bump after commit closes the one gap of the early bump: a chart read while the write was still open, and
 * cached under the early stamp with the old numbers, is not served once the commit is heard.
 * The same place publishes the live event `forms.records` to the space (leaves at commit, like the NOTIFY).
 * Both go once per form per transaction (an import batch of 2,000 rows sends one of each, not 2,000).
 */
export const RECORDS_CHANNEL = 'qpaas_forms_records';

/** This process's counters start anew at each start: the boot id keeps two processes' stamps from ever meeting. */
const BOOT = randomBytes(4).toString('hex');
const counters = new Map<string, number>();
const written = new WeakMap<Trx, Set<string>>();
let bus: PushBus | null = null;

const bump = (formId: string) => counters.set(formId, (counters.get(formId) ?? 0) + 1);

/** The forms app hands its push bus over at start (routes.ts → registerAnalysis). */
export function useRecordsBus(push: PushBus): void {
  bus = push;
}

/** A NOTIFY from any process (this one included): `spaceId:formId` of a committed write. */
export function heardRecordsWrite(payload: string): void {
  const formId = payload.slice(payload.lastIndexOf(':') + 1);
  if (/^[0-9]{1,18}$/.test(formId)) bump(formId);
}

/** The stamp of one form's records as this process knows it. */
export const recordsStamp = (formId: string): string => `${BOOT}.${counters.get(formId) ?? 0}`;

/**
 * Called by every writer of records (records.ts, the import, the workflow's handler) after its statement, in its
 * transaction. `spaceId` null: the transaction's own space (app.space_id), for writers that know only the form.
 */
export async function recordsWritten(trx: Trx, form: { id: string; spaceId: string | null }): Promise<void> {
  let forms = written.get(trx);
  if (!forms) written.set(trx, (forms = new Set()));
  if (forms.has(form.id)) return;
  forms.add(form.id);
  const spaceId = form.spaceId ?? (await sql<{ space: string }>`select current_setting('app.space_id', true) as space`.execute(trx)).rows[0]?.space ?? '';
  bump(form.id);
  await sql`select pg_notify(${RECORDS_CHANNEL}, ${`${spaceId}:${form.id}`})`.execute(trx);
  if (bus && spaceId) await bus.publish({ spaceId }, { type: 'forms.records', spaceId, formId: form.id }, trx);
}
