import { connect, Events, type NatsConnection } from 'nats';
import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { openEnvelope, type PushBus, type PushEnvelope, type PushTarget } from './bus.ts';

/**
 * Outbox rows share `push_payloads` with the large bodies of both buses; a body is JSON and never starts with
 * this, so the relay takes only its own rows (and the five-minute clean-up never takes an outbox row).
 */
const OUTBOX = 'outbox:';
/** A row older than this is a live notice nobody waits for any more (an outage that long): dropped, and logged. */
const STALE = sql<Date>`now() - interval '5 minutes'`;
const BATCH = 500;
/** Every process sweeps the outbox this often: rows of a process that died between commit and relay still leave. */
const SWEEP_MS = 2_000;
/** The longest a relay waits for NATS to confirm (PING/PONG) before it rolls back and keeps the rows. */
const CONFIRM_MS = 2_000;
/** How long the boot waits for NATS before it goes on without it (pushes wait in the outbox meanwhile). */
const CONNECT_WAIT_MS = 5_000;
const NATS_DEFAULT_MAX_PAYLOAD = 1024 * 1024;

export interface NatsBusSettings {
  servers: string;
  user?: string;
  pass?: string;
  subject: string;
}

/** `nats://[user:pass@]host:port[/subject]`; the subject defaults to `qpaas.push` (a path lets deployments share a server). */
export function natsSettings(pushBus: string): NatsBusSettings {
  const url = new URL(pushBus);
  const subject = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'qpaas.push';
  if (!/^[\w-]+(\.[\w-]+)*$/.test(subject)) throw new Error(`PUSH_BUS subject must be dot-separated words, got "${subject}"`);
  return {
    servers: `${url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname}:${url.port || 4222}`,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
    subject,
  };
}

/** `background`: the timer does not keep the process alive (a retry nobody waits for must not block an exit). */
const delay = (ms: number, background = false) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (background) timer.unref();
  });

/**
 * PushBus over NATS (decision 0050). NATS knows nothing of PostgreSQL transactions, so a message published with a
 * transaction is written to an outbox row in that transaction; it leaves only once the row is committed, and a
 * relay deletes the row in the same database transaction in which it hands the message to NATS and waits for
 * NATS's confirmation. A rolled-back transaction leaves no row (nothing is sent); a committed row stays until some
 * process has relayed it (nothing is lost while NATS or this process is down; at worst a crash between NATS's
 * confirmation and the delete sends a message twice).
 */
export class NatsPushBus implements PushBus {
  private readonly handlers = new Set<(envelope: PushEnvelope) => void>();
  private readonly settings: NatsBusSettings;
  private nc: NatsConnection | null = null;
  private connected = false;
  /** The client calls the back-off before this process sees the disconnect event: the first call of an outage dates it. */
  private outage = false;
  private downSince = 0;
  private closed = false;
  /** Transactions (xid8 as text) that wrote outbox rows here and have not ended yet. */
  private readonly pending = new Set<string>();
  private watching: Promise<void> | null = null;
  private drainAgain = false;
  private draining: Promise<void> | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    pushBus: string,
    private readonly db: Db,
    private readonly log: Logger,
    private readonly connectWaitMs = CONNECT_WAIT_MS,
  ) {
    this.settings = natsSettings(pushBus);
  }

  async start(): Promise<void> {
    const connecting = this.connect();
    const failed = (error: unknown) => (this.log.error({ err: error }, 'push bus: NATS set-up failed'), false);
    const waited = await Promise.race([connecting.then(() => true, failed), delay(this.connectWaitMs, true).then(() => false)]);
    if (!waited) this.log.error({ servers: this.settings.servers }, 'NATS unreachable at start; pushes wait in the outbox until it is back');
    this.sweeper = setInterval(() => void this.drain(), SWEEP_MS);
    this.sweeper.unref();
  }

  async publish(target: PushTarget, message: unknown, exec: Db = this.db): Promise<void> {
    const json = JSON.stringify(message);
    let wire = JSON.stringify({ target, json });
    // Above NATS's max_payload (1 MB by default) the body goes by reference, as the PG bus does above 7,000 bytes.
    if (Buffer.byteLength(wire) > (this.nc?.info?.max_payload ?? NATS_DEFAULT_MAX_PAYLOAD)) {
      const row = await exec.insertInto('push_payloads').values({ body: json }).returning('id').executeTakeFirstOrThrow();
      wire = JSON.stringify({ target, ref: row.id });
      await exec.deleteFrom('push_payloads').where('created_at', '<', STALE).where('body', 'not like', `${OUTBOX}%`).execute();
    }
    if (!exec.isTransaction && this.nc && this.connected) {
      try {
        this.nc.publish(this.settings.subject, wire);
        return await this.confirmed(this.nc);
      } catch (error) {
        // Maybe NATS has it, maybe not: the outbox sends it again (a duplicate rather than a silent loss).
        this.log.warn({ err: error }, 'NATS did not confirm a push; it goes through the outbox');
      }
    }
    const row = await exec
      .insertInto('push_payloads')
      // Its age counts from now, not from the start of a long transaction (a stale row is dropped).
      .values({ body: OUTBOX + wire, created_at: sql<Date>`clock_timestamp()` })
      .returning(sql<string>`pg_current_xact_id()::text`.as('xid'))
      .executeTakeFirstOrThrow();
    if (exec.isTransaction) this.watch(row.xid);
    else void this.drain();
  }

  subscribe(handler: (envelope: PushEnvelope) => void): void {
    this.handlers.add(handler);
  }

  /** Stops relaying and leaves NATS; rows still waiting (an open transaction's) are relayed by the other processes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.watching;
    await this.draining;
    await this.nc?.close().catch(() => undefined);
  }

  /** Wait before the next attempt: about as long as the outage has lasted (attempts double), 250 ms to 30 s, ±20 %. */
  private backOff(): number {
    if (!this.outage) {
      this.outage = true;
      this.downSince = Date.now();
    }
    return Math.min(30_000, Math.max(250, Date.now() - this.downSince)) * (0.8 + Math.random() * 0.4);
  }

  /** Connects (retrying with back-off until it succeeds or the bus closes), subscribes, relays what waited. */
  private async connect(): Promise<void> {
    let nc: NatsConnection | null = null;
    for (let attempt = 1; !nc && !this.closed; attempt += 1) {
      try {
        // After this first connection the client reconnects by itself, forever, with the same back-off.
        nc = await connect({
          servers: this.settings.servers,
          user: this.settings.user,
          pass: this.settings.pass,
          name: `qpaas-push-${process.pid}`,
          maxReconnectAttempts: -1,
          reconnectDelayHandler: () => this.backOff(),
        });
      } catch (error) {
        this.log.warn({ err: error, attempt, servers: this.settings.servers }, 'push bus: NATS unreachable, trying again');
        await delay(this.backOff(), true);
      }
    }
    if (!nc) return;
    if (this.closed) return void (await nc.close());
    this.outage = false;
    nc.subscribe(this.settings.subject, { callback: (error, msg) => (error ? this.log.error({ err: error }, 'NATS subscription') : void this.receive(msg.string())) });
    await nc.flush(); // the server has the subscription: messages from other processes can arrive
    this.nc = nc;
    this.connected = true;
    this.log.info({ servers: this.settings.servers, subject: this.settings.subject }, 'push bus: NATS connected');
    void this.watchStatus(nc);
    void this.drain();
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        this.log.warn({ server: status.data }, 'push bus: NATS disconnected; reconnecting, pushes wait in the outbox');
      } else if (status.type === Events.Reconnect) {
        this.connected = true;
        this.outage = false;
        this.log.info({ server: status.data }, 'push bus: NATS reconnected');
        void this.drain();
      } else if (status.type === Events.Error) this.log.error({ err: status.data }, 'push bus: NATS error');
    }
  }

  /** Resolves once NATS has everything published so far (its PONG), or throws after CONFIRM_MS. */
  private async confirmed(nc: NatsConnection): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('NATS did not confirm in time')), CONFIRM_MS);
    });
    try {
      await Promise.race([nc.flush(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Follows a transaction that wrote an outbox row until it ends: the row is relayed as soon as its commit shows
   * (pg_xact_status), and forgotten when it rolled back. Polls back off from 1 ms to 50 ms; the sweep is the net.
   */
  private watch(xid: string): void {
    this.pending.add(xid);
    this.watching ??= (async () => {
      try {
        let wait = 1;
        while (this.pending.size > 0 && !this.closed) {
          await delay(wait);
          const { rows } = await sql<{ xid: string; status: string | null }>`
            select x::text as xid, pg_xact_status(x) as status from unnest(${[...this.pending]}::xid8[]) as x`.execute(this.db);
          let committed = false;
          for (const row of rows) {
            if (row.status === 'in progress') continue;
            this.pending.delete(row.xid);
            committed ||= row.status === 'committed';
          }
          if (committed) await this.drain();
          wait = committed ? 1 : Math.min(wait * 2, 50);
        }
      } catch (error) {
        this.pending.clear(); // the sweep relays their rows once the database answers again
        this.log.error({ err: error }, 'push bus: following a transaction failed');
      } finally {
        this.watching = null;
      }
    })();
  }

  /** Relays committed outbox rows (any process's) while NATS is up; a request during a run makes it run again. */
  private drain(): Promise<void> {
    this.drainAgain = true;
    this.draining ??= (async () => {
      try {
        while (this.drainAgain && !this.closed) {
          this.drainAgain = false;
          while (this.nc && this.connected && (await this.relayBatch(this.nc)) === BATCH);
        }
      } catch (error) {
        this.log.error({ err: error }, 'push bus: relaying the outbox failed; it is tried again');
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /**
   * One batch: delete the rows, publish them, wait for NATS's confirmation, then commit. Without the confirmation
   * the transaction rolls back and the rows stay. Two processes relaying at once do not both send a row: the second
   * delete waits for the first's row lock and then finds the row gone (the app role may not SELECT … FOR UPDATE).
   */
  private relayBatch(nc: NatsConnection): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('push_payloads')
        .where('id', 'in', (q) => q.selectFrom('push_payloads').select('id').where('body', 'like', `${OUTBOX}%`).orderBy('id').limit(BATCH))
        .returning(['body', sql<boolean>`created_at < ${STALE}`.as('stale')])
        .execute();
      let stale = 0;
      for (const row of rows) {
        if (row.stale) stale += 1;
        else nc.publish(this.settings.subject, row.body.slice(OUTBOX.length));
      }
      if (rows.length > stale) await this.confirmed(nc);
      if (stale) this.log.warn({ dropped: stale }, 'push bus: dropped pushes that waited more than 5 minutes for NATS');
      return rows.length;
    });
  }

  private async receive(payload: string): Promise<void> {
    try {
      const envelope = await openEnvelope(this.db, payload);
      if (envelope) for (const handler of this.handlers) handler(envelope);
    } catch (error) {
      this.log.error({ err: error }, 'bad push message');
    }
  }
}
