import pg from 'pg';

/**
 * Read replicas for the pipelined read-only transactions of together.ts (boards, portals), decision 0112.
 *
 * `DATABASE_READ_URL` names a streaming replica (hot standby) of `DATABASE_URL`, same login. Row-level security
 * works there unchanged: `set_config('app.space_id', …, true)` is allowed in a read-only transaction on a standby
 * and the policies, roles and grants come with the replicated catalog. Reads go to the replica only while it is
 * known to show everything the primary had committed `DATABASE_READ_MAX_LAG` seconds ago (default 2); an
 * unreachable or lagging replica sends them back to the primary, so a board never shows older data than that,
 * and never fails because the replica is down.
 */
export interface ReplicaSettings {
  url: string;
  maxLagMs: number;
  probeMs: number;
}

export function replicaSettings(env: NodeJS.ProcessEnv = process.env): ReplicaSettings | null {
  const url = env.DATABASE_READ_URL;
  if (!url) return null;
  if (!/^postgres(ql)?:$/.test(new URL(url).protocol)) throw new Error('DATABASE_READ_URL must be a postgres:// URL');
  const seconds = env.DATABASE_READ_MAX_LAG ? Number(env.DATABASE_READ_MAX_LAG) : 2;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`DATABASE_READ_MAX_LAG must be a number of seconds above 0, got "${env.DATABASE_READ_MAX_LAG}"`);
  const maxLagMs = seconds * 1000;
  return { url, maxLagMs, probeMs: Math.min(1000, Math.max(100, maxLagMs / 4)) };
}

/** A WAL position (`16/B374D848`) as a number that compares. */
export function lsnValue(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How stale a replica may be, measured without any privilege (the app role may read neither pg_stat_replication
 * nor pg_stat_wal_receiver): the primary's WAL position is sampled with its time; once the replica has replayed a
 * sample's position, everything committed before that time is visible there. The staleness is the age of the newest
 * replayed sample: an upper bound, exact to within one probe interval, and it grows when the replica stops
 * receiving (a dropped stream), which a receive-versus-replay comparison on the replica alone would miss.
 */
export class LagMeter {
  private samples: Array<{ at: number; lsn: bigint }> = [];

  sample(at: number, primaryLsn: string): void {
    this.samples.push({ at, lsn: lsnValue(primaryLsn) });
    // A replica that stopped long ago needs no finer history than one sample per probe for a few minutes.
    if (this.samples.length > 600) this.samples.splice(1, this.samples.length - 600);
  }

  /** Staleness in ms once the replica has replayed up to `replayLsn` (Infinity while nothing is known to be). */
  replayed(now: number, replayLsn: string): number {
    const replay = lsnValue(replayLsn);
    let newest = -1;
    for (let i = 0; i < this.samples.length && this.samples[i]!.lsn <= replay; i += 1) newest = i;
    if (newest > 0) this.samples.splice(0, newest);
    const anchor = this.samples[0];
    return anchor && anchor.lsn <= replay ? now - anchor.at : Infinity;
  }
}

/**
 * A pool on the replica whose `connect()` hands out a primary connection instead while the replica is unknown,
 * unreachable or staler than allowed. Only the promise form is routed: it is what readTogether calls.
 */
export class ReplicaPool extends pg.Pool {
  readonly primary: pg.Pool;
  /** Last measured staleness (ms); Infinity until the first probe, and while the replica does not answer. */
  staleness = Infinity;
  private readonly meter = new LagMeter();
  private readonly timer: NodeJS.Timeout;
  private probing = false;

  constructor(primaryUrl: string, config: pg.PoolConfig, readonly settings: ReplicaSettings) {
    super({ ...config, connectionString: settings.url });
    this.primary = new pg.Pool({ ...config, connectionString: primaryUrl });
    this.primary.on('error', () => undefined);
    this.timer = setInterval(() => void this.probe(), settings.probeMs);
    this.timer.unref();
    void this.probe();
  }

  get onReplica(): boolean {
    return this.staleness <= this.settings.maxLagMs;
  }

  /** One sample of the primary's position, then the replica's replay position. */
  async probe(): Promise<number> {
    if (this.probing) return this.staleness;
    this.probing = true;
    try {
      const primary = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      this.meter.sample(Date.now(), primary.rows[0]!.lsn);
    } catch {
      // The primary is away: keep measuring against the samples taken so far.
    }
    try {
      const replica = await super.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const lsn = replica.rows[0]?.lsn;
      this.staleness = lsn ? this.meter.replayed(Date.now(), lsn) : Infinity; // null: not a standby
    } catch {
      this.staleness = Infinity;
    } finally {
      this.probing = false;
    }
    return this.staleness;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    if (!this.onReplica) return this.primary.connect();
    return super.connect().catch(() => {
      this.staleness = Infinity;
      return this.primary.connect();
    });
  }

  override async end(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([super.end(), this.primary.end()]);
  }
}

/**
 * The pool of together.ts's read transactions: on the primary, or with DATABASE_READ_URL a ReplicaPool. `config` is
 * the primary pool's settings (size, app role, pipelining, timeouts); the replica gets the same.
 */
export function openReadPool(primaryUrl: string, config: pg.PoolConfig, settings = replicaSettings()): pg.Pool {
  return settings ? new ReplicaPool(primaryUrl, config, settings) : new pg.Pool({ ...config, connectionString: primaryUrl });
}
