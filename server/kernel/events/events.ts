import { sql } from 'kysely';
import { MAX_CAUSE_DEPTH, subjectOf, type DomainEvent, type EventType, type NewEvent } from '../../../shared/events.ts';
import { inSpace, type Db, type Trx } from '../db/pool.ts';
import { fail } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Job } from '../jobs/types.ts';

/** A subscriber's handler: runs after commit, at least once per event, so it must be idempotent by `event.id`. */
export type EventHandler = (event: DomainEvent, job: Job<{ eventId: string }>) => Promise<void>;

/**
 * An in-transaction hook: runs inside the change's own transaction before the event is stored, and may refuse the
 * change by throwing (the workflow's lock of a record in flow) — a separate, explicit kind from subscribers.
 */
export type EventHook = (trx: Trx, event: NewEvent & { spaceId: string }) => Promise<void>;

interface Subscriber {
  name: string;
  types: ReadonlySet<string> | '*';
}

interface StoredRow {
  id: string;
  space_id: string;
  type: EventType;
  subject: string;
  data: DomainEvent['data'];
  actor: DomainEvent['actor'];
  cause: DomainEvent['cause'];
  created_at: Date;
}

const kindOf = (subscriber: string) => `event:${subscriber}`;

/**
 * Durable domain events (decision 0093). `emit` writes events in the caller's transaction and one delivery job per
 * subscriber whose types match, ordered by the event's subject, on the kernel's queue: delivered after commit, to
 * every subscriber, at least once, in order per record; retried with backoff, dead letters visible to the operator.
 * An event nobody subscribes to is not stored.
 */
export class DomainEvents {
  private readonly subscribers: Subscriber[] = [];
  private readonly hooks = new Map<string, EventHook[]>();

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
  ) {}

  /** A subscriber, named for good (its name keys its deliveries): `rules`, `iot.alarms`, … */
  subscribe(name: string, types: readonly EventType[] | '*', handler: EventHandler): void {
    if (this.subscribers.some((s) => s.name === name)) throw new Error(`event subscriber ${name} is registered twice`);
    this.subscribers.push({ name, types: types === '*' ? '*' : new Set(types) });
    this.queue.define<{ eventId: string }>(kindOf(name), async (job) => {
      if (!job.spaceId) return;
      const event = await this.read(job.spaceId, job.payload.eventId);
      if (event) await handler(event, job);
    });
  }

  /** An in-transaction hook for one event type (see EventHook). */
  hook(type: EventType, hook: EventHook): void {
    this.hooks.set(type, [...(this.hooks.get(type) ?? []), hook]);
  }

  /** Whether anyone listens to an event type: writers may skip building what nobody reads. */
  wanted(type: EventType): boolean {
    return this.subscribers.some((s) => s.types === '*' || s.types.has(type)) || this.hooks.has(type);
  }

  /**
   * Raises events of the transaction's space in that transaction. Hooks run first and may refuse; a cause chain
   * longer than MAX_CAUSE_DEPTH (a rule that keeps triggering itself) is refused with a 422.
   */
  async emit(trx: Trx, spaceId: string, events: readonly NewEvent[]): Promise<string[]> {
    for (const event of events) {
      if ((event.cause?.length ?? 0) > MAX_CAUSE_DEPTH) throw fail.unprocessable('kernel.events.loop', { depth: MAX_CAUSE_DEPTH });
      for (const hook of this.hooks.get(event.type) ?? []) await hook(trx, { ...event, spaceId });
    }
    const kept = events.filter((e) => this.subscribers.some((s) => s.types === '*' || s.types.has(e.type)));
    if (!kept.length) return [];
    const { rows } = await sql<{ id: string; type: string; subject: string }>`
      insert into kernel_event (space_id, type, subject, data, actor, cause)
      select ${spaceId}, e->>'type', e->>'subject', e->'data', e->'actor', coalesce(e->'cause', '[]')
        from jsonb_array_elements(${JSON.stringify(kept.map((e) => ({ ...e, subject: subjectOf(e) })))}::jsonb) with ordinality as x(e, n)
       order by n
      returning id::text, type, subject`.execute(trx);
    const jobs = rows.flatMap((row) =>
      this.subscribers
        .filter((s) => s.types === '*' || s.types.has(row.type))
        .map((s) => ({ kind: kindOf(s.name), payload: { eventId: row.id }, uniqueKey: row.id, orderKey: row.subject, maxAttempts: 10 })),
    );
    await this.queue.enqueue(trx, jobs);
    return rows.map((r) => r.id);
  }

  /**
   * Raises events of another space than the transaction's own: the operator's console adds a member to a space,
   * a provider's accounts are granted one. Row-level security sees `spaceId` for these writes only.
   */
  async emitAcross(trx: Trx, spaceId: string, events: readonly NewEvent[]): Promise<string[]> {
    if (!events.length) return [];
    const { rows } = await sql<{ previous: string | null }>`select current_setting('app.space_id', true) as previous`.execute(trx);
    await sql`select set_config('app.space_id', ${spaceId}, true)`.execute(trx);
    // No `finally`: a failed emit has aborted the transaction, where restoring would only hide its error.
    const ids = await this.emit(trx, spaceId, events);
    await sql`select set_config('app.space_id', ${rows[0]?.previous ?? ''}, true)`.execute(trx);
    return ids;
  }

  /** One stored event, read in its space. */
  async read(spaceId: string, id: string): Promise<DomainEvent | null> {
    const row = await inSpace(this.db, spaceId, async (trx) =>
      (await sql<StoredRow>`select id::text, space_id, type, subject, data, actor, cause, created_at from kernel_event where id = ${id}::bigint`.execute(trx)).rows[0],
    );
    if (!row) return null;
    return { id: row.id, spaceId: row.space_id, type: row.type, subject: row.subject, data: row.data, actor: row.actor, cause: row.cause, at: row.created_at.toISOString() } as DomainEvent;
  }
}
