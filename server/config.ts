import path from 'node:path';

/** Server configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  /** Unset → embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  logLevel: string;
  /** Log file; unset → stdout. */
  logFile: string | null;
  demoSeed: boolean;
  /** Loopback port of the demo's embedded MQTT broker (only with demoSeed); null → no demo device line. */
  demoMqttPort: number | null;
  /** One fixed password for every demo login (tests, CI); null → random ones at the first start. */
  demoPassword: string | null;
  /** The address clients reach the server at (behind a proxy); unset → taken from each request's Host. */
  publicUrl: string | null;
  /** Where users download the desktop app (the header's download link); unset → the hint only. */
  desktopDownloadUrl: string | null;
  /** Public origin(s) allowed to open the push socket; empty → same host as the request. */
  allowedOrigins: string[];
  /** Behind a reverse proxy: client address and scheme (https → `__Host-` session cookie) from X-Forwarded-*. */
  trustProxy: boolean;
  /** Internal targets user-configured outbound connections may reach (OUTBOUND_ALLOW: addresses, ranges, hosts, `:port`). */
  outboundAllow: string[];
  /** Key material for secrets stored encrypted (SECRET_KEY); null → a key generated once in dataDir (kernel/secrets.ts). */
  secretKey: string | null;
  /** Fan-out between server processes (PUSH_BUS): a `nats://` URL; null → PostgreSQL LISTEN/NOTIFY (decision 0050). */
  pushBus: string | null;
  /** The vendor's Ed25519 public key (LICENCE_PUBLIC_KEY, base64 SPKI DER or PEM) checking private-deployment licences (decision 0082). */
  licencePublicKey?: string | null;
  /** Interface watch (WATCH=off turns it off, to measure what it costs); unset → on. */
  watch?: boolean;
  /** Whether this process runs the job queue's workers and schedules (JOBS=off: a process that only answers requests). */
  jobs?: boolean;
  /** Connections of this process to PostgreSQL (docs/deploy.md): size them so every process together stays under max_connections. */
  database?: DatabaseLimits;
  /** Seconds a stopping process gives in-flight requests and jobs before it cuts them (DRAIN_TIMEOUT, default 30). */
  drainSeconds?: number;
  /** Seconds between readiness failing and the listener closing (DRAIN_DELAY, default 0): time for a balancer's probes to notice. */
  drainDelaySeconds?: number;
  /** Seconds an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT, default 72: above a proxy's 60 s idle time). */
  keepAliveSeconds?: number;
}

/** PG_POOL_MAX, PG_READ_POOL_MAX, PG_CONNECT_TIMEOUT, PG_IDLE_TIMEOUT (seconds), PG_STATEMENT_TIMEOUT (seconds, 0 = none). */
export interface DatabaseLimits {
  poolMax: number;
  readPoolMax: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  statementTimeoutMs: number;
}

function count(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min}, got "${value}"`);
  return n;
}

export function databaseLimits(env: NodeJS.ProcessEnv): DatabaseLimits {
  return {
    poolMax: Math.floor(count('PG_POOL_MAX', env.PG_POOL_MAX, 10, 2)),
    readPoolMax: Math.floor(count('PG_READ_POOL_MAX', env.PG_READ_POOL_MAX, 4, 1)),
    connectTimeoutMs: count('PG_CONNECT_TIMEOUT', env.PG_CONNECT_TIMEOUT, 10, 0.1) * 1000,
    idleTimeoutMs: count('PG_IDLE_TIMEOUT', env.PG_IDLE_TIMEOUT, 30, 1) * 1000,
    statementTimeoutMs: count('PG_STATEMENT_TIMEOUT', env.PG_STATEMENT_TIMEOUT, 0, 0) * 1000,
  };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

/** Every server of one database must share it (it decrypts what another stored): long enough to be a key, not a word. */
function secretKey(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new Error('SECRET_KEY must have at least 32 characters');
  return value;
}

function demoPassword(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 8) throw new Error('DEMO_PASSWORD must have at least 8 characters');
  return value;
}

/** 18830 by default: near MQTT's 1883 yet clear of it, so a real Mosquitto on the same machine keeps its port. */
function demoMqttPort(value: string | undefined): number | null {
  if (value === undefined || value === '') return 18830;
  if (['off', 'none', 'false', 'no'].includes(value.toLowerCase())) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`DEMO_MQTT_PORT must be a port number or "off", got "${value}"`);
  return port;
}

/** Unset, `pg` or `postgres` → the database's own bus; otherwise it must be a NATS URL (a typo must not start quietly on PG). */
function pushBus(value: string | undefined): string | null {
  if (value === undefined || value === '' || ['pg', 'postgres', 'postgresql'].includes(value.toLowerCase())) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUSH_BUS must be a nats:// URL or "pg", got "${value}"`);
  }
  if (url.protocol !== 'nats:' || !url.hostname) throw new Error(`PUSH_BUS must be a nats:// URL or "pg", got "${value}"`);
  return url.href;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8012);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFile: env.LOG_FILE ? path.resolve(env.LOG_FILE) : null,
    demoSeed: flag(env.DEMO_SEED, true),
    demoMqttPort: demoMqttPort(env.DEMO_MQTT_PORT),
    demoPassword: demoPassword(env.DEMO_PASSWORD),
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
    desktopDownloadUrl: env.DESKTOP_DOWNLOAD_URL ? new URL(env.DESKTOP_DOWNLOAD_URL).href : null,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: flag(env.TRUST_PROXY, false),
    outboundAllow: (env.OUTBOUND_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    secretKey: secretKey(env.SECRET_KEY),
    pushBus: pushBus(env.PUSH_BUS),
    licencePublicKey: env.LICENCE_PUBLIC_KEY ? env.LICENCE_PUBLIC_KEY : null,
    watch: flag(env.WATCH, true),
    jobs: flag(env.JOBS, true),
    database: databaseLimits(env),
    drainSeconds: count('DRAIN_TIMEOUT', env.DRAIN_TIMEOUT, 30, 0),
    drainDelaySeconds: count('DRAIN_DELAY', env.DRAIN_DELAY, 0, 0),
    keepAliveSeconds: count('KEEP_ALIVE_TIMEOUT', env.KEEP_ALIVE_TIMEOUT, 72, 1),
  };
}
