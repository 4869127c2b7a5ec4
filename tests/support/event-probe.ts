import { sql } from 'kysely';
import type { Db } from '../../server/kernel/db/pool.ts';
import type { DomainEvents } from '../../server/kernel/events/events.ts';

/**
 * The benchmark's event subscriber (EVENT_PROBE=1): it writes when it received each record update into
 * bench_event_probe (made by the benchmark). Registered in the API server too, so the update fans out to it, while
 * only the worker processes run it.
 */
export function subscribeEventProbe(events: DomainEvents, db: Db): void {
  events.subscribe('bench.probe', ['forms.record.updated'], async (event) => {
    await sql`insert into bench_event_probe (event_id, record_id) values (${event.id}::bigint, ${(event.data as { recordId: string }).recordId}::bigint)
      on conflict do nothing`.execute(db);
  });
}
