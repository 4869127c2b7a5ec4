import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import type { PgListener } from '../notify.ts';

export type PushTarget = { userId: string } | { spaceId: string } | { all: true };

export interface PushEnvelope {
  target: PushTarget;
  /** Serialised once by the publisher; every receiving socket gets these exact bytes. */
  json: string;
}

/**
 * Fan-out between server processes. The PostgreSQL adapter below is the default; a Redis or NATS adapter only
 * has to implement these two methods.
 */
export interface PushBus {
  /** With a transaction as `exec`, the message leaves when (and only if) it commits. */
  publish(target: PushTarget, message: unknown, exec?: Db): Promise<void>;
  subscribe(handler: (envelope: PushEnvelope) => void): void;
  /** Resolves once messages from other processes can arrive. */
  start(): Promise<void>;
}

export const PUSH_CHANNEL = 'qpaas_push';
// NOTIFY payloads are capped at 8000 bytes; larger bodies travel through push_payloads.
const INLINE_LIMIT = 7000;

export class PgPushBus implements PushBus {
  private readonly handlers = new Set<(envelope: PushEnvelope) => void>();

  constructor(
    private readonly db: Db,
    private readonly listener: PgListener,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.listener.listen(PUSH_CHANNEL, (payload) => void this.receive(payload));
  }

  async publish(target: PushTarget, message: unknown, exec: Db = this.db): Promise<void> {
    const json = JSON.stringify(message);
    let wire = JSON.stringify({ target, json });
    if (Buffer.byteLength(wire) > INLINE_LIMIT) {
      const row = await exec.insertInto('push_payloads').values({ body: json }).returning('id').executeTakeFirstOrThrow();
      wire = JSON.stringify({ target, ref: row.id });
      await exec.deleteFrom('push_payloads').where('created_at', '<', sql<Date>`now() - interval '5 minutes'`).execute();
    }
    await sql`select pg_notify(${PUSH_CHANNEL}, ${wire})`.execute(exec);
  }

  subscribe(handler: (envelope: PushEnvelope) => void): void {
    this.handlers.add(handler);
  }

  private async receive(payload: string): Promise<void> {
    try {
      const envelope = await openEnvelope(this.db, payload);
      if (envelope) for (const handler of this.handlers) handler(envelope);
    } catch (error) {
      this.log.error({ err: error }, 'bad push notification');
    }
  }
}

/**
 * A bus message as every adapter carries it: the target and either the serialised body or, for a body larger
 * than the adapter's payload limit, the id of its row in `push_payloads`. Null when that row is gone.
 */
export async function openEnvelope(db: Db, payload: string): Promise<PushEnvelope | null> {
  const parsed = JSON.parse(payload) as { target: PushTarget; json?: string; ref?: string };
  let json = parsed.json;
  if (json === undefined && parsed.ref) {
    const row = await db.selectFrom('push_payloads').select('body').where('id', '=', parsed.ref).executeTakeFirst();
    json = row?.body;
  }
  return json === undefined ? null : { target: parsed.target, json };
}
