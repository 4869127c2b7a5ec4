/**
 * bench:cluster — three compiled server processes behind HAProxy on loopback, 32 keyed writers for 60 s, one process
 * killed (SIGKILL) at 20 s and started again; then the same writers against one process alone for the baseline.
 * Every acknowledged write must be stored once: the writers retry with the same Idempotency-Key until answered.
 * The database: DATABASE_URL's server (a fresh database on it), else an embedded PostgreSQL in a temporary folder.
 * Prints `cluster: <r>× one process, lost <n>, duplicated <n>, errors <n>`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error the build script is plain JavaScript
import { buildServer } from '../server/build.mjs';
import { freePort, startEmbeddedPostgres } from '../server/kernel/db/embedded.ts';
import { SERVER_HEAP_MB } from '../server/heap.ts';
import { TestClient } from '../tests/support/client.ts';
import { ok, publishedForm } from '../tests/support/forms.ts';

const WRITERS = Number(process.env.WRITERS ?? 32);
const SECONDS = Number(process.env.SECONDS ?? 60);
const KILL_AT_S = Number(process.env.KILL_AT ?? 20);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 30);
const PASSWORD = 'Bench@2026';
const SECRET_KEY = 'bench-cluster-secret-key-shared-by-all-processes';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-cluster-'));
fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as another user when we are root
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function database(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres(path.join(work, 'pg'), () => undefined);
    return { url: embedded.url, stop: () => embedded.stop() };
  }
  const name = `bench_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async stop() {
      const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

interface Server {
  port: number;
  child: ChildProcess;
}

async function startServer(entry: string, url: string, port: number, n: number): Promise<Server> {
  const env = { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, `data${n}`), SECRET_KEY, DEMO_PASSWORD: PASSWORD, DEMO_MQTT_PORT: 'off', LOG_LEVEL: 'warn', LOG_FILE: path.join(work, `server${n}.log`), TRUST_PROXY: '1', PG_POOL_MAX: '8' };
  const child = spawn(process.execPath, [`--max-old-space-size=${SERVER_HEAP_MB}`, entry], { env, stdio: 'ignore' });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server ${n} exited with ${child.exitCode}`);
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0)) === 200) return { port, child };
    await sleep(100);
  }
  throw new Error(`server ${n} did not get ready`);
}

function startHaproxy(servers: Server[], port: number): ChildProcess | null {
  if (spawnSync('haproxy', ['-v']).status !== 0) return null;
  const config = [
    'global', '  maxconn 4096',
    'defaults', '  mode http', '  timeout connect 2s', '  timeout client 60s', '  timeout server 60s', '  timeout tunnel 1h', '  retries 2', '  option redispatch', '  option forwardfor',
    `frontend web`, `  bind 127.0.0.1:${port}`, '  default_backend platform',
    'backend platform', '  balance roundrobin', '  option httpchk GET /readyz', '  default-server inter 500ms fall 2 rise 2',
    ...servers.map((s, i) => `  server p${i + 1} 127.0.0.1:${s.port} check`),
  ].join('\n');
  const file = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(file, `${config}\n`);
  return spawn('haproxy', ['-f', file], { stdio: 'ignore' });
}

interface Tally {
  acknowledged: Map<string, string>;
  errors: number;
}

/** WRITERS signed-in clients writing keyed records until the deadline; each retries its key until answered. */
async function write(base: string, session: TestClient, formId: string, seconds: number, prefix: string, tally: Tally): Promise<number> {
  // One session for every writer (sign-ins are rate limited; a session works on any process).
  const clients = Array.from({ length: WRITERS }, () => {
    const client = new TestClient(base, { cookie: session.cookieHeader });
    client.csrf = session.csrf;
    return client;
  });
  const started = Date.now();
  const until = started + seconds * 1000;
  let count = 0;
  await Promise.all(
    clients.map(async (client, w) => {
      for (let n = 0; Date.now() < until; n += 1) {
        const key = `${prefix}-${w}-${n}`;
        for (;;) {
          const answer = await client.post(`/api/forms/forms/${formId}/records`, { values: { f1: key } }, { 'idempotency-key': key }).catch(() => null);
          if (answer?.status === 200 && answer.body?.data?.id) {
            tally.acknowledged.set(key, String(answer.body.data.id));
            count += 1;
            break;
          }
          tally.errors += 1;
          await sleep(50 + Math.random() * 100);
        }
      }
    }),
  );
  return count / ((Date.now() - started) / 1000);
}

async function main(): Promise<void> {
  const entry: string = await buildServer(path.resolve('dist/bench-cluster-server'));
  const db = await database();
  const servers: Server[] = [];
  let proxy: ChildProcess | null = null;
  try {
    servers.push(await startServer(entry, db.url, await freePort(), 1)); // migrates and seeds, then the others join
    const admin = new TestClient(`http://127.0.0.1:${servers[0]!.port}`);
    await admin.login('acme.admin', PASSWORD);
    const { formId } = await publishedForm(admin, [{ key: 'f1', type: 'text', label: 'Key', required: true, title: true }]);

    const baseline: Tally = { acknowledged: new Map(), errors: 0 };
    const alone = await write(`http://127.0.0.1:${servers[0]!.port}`, admin, formId, BASELINE_SECONDS, 'one', baseline);
    console.log(`one process: ${alone.toFixed(0)} writes/s (${WRITERS} writers, ${BASELINE_SECONDS} s)`);

    servers.push(await startServer(entry, db.url, await freePort(), 2), await startServer(entry, db.url, await freePort(), 3));
    const proxyPort = await freePort();
    proxy = startHaproxy(servers, proxyPort);
    if (!proxy) console.log('haproxy is not installed (apt-get install haproxy): the cluster phase has no proxy and is not measured');
    if (!proxy) return;
    await sleep(1500); // the proxy's first health checks
    const tally: Tally = { acknowledged: new Map(), errors: 0 };
    const victim = servers[1]!;
    const restart = (async () => {
      await sleep(KILL_AT_S * 1000);
      victim.child.kill('SIGKILL');
      console.log(`killed process 2 at ${KILL_AT_S} s`);
      servers[1] = await startServer(entry, db.url, victim.port, 2);
      console.log('process 2 ready again');
    })();
    const rate = await write(`http://127.0.0.1:${proxyPort}`, admin, formId, SECONDS, 'cluster', tally);
    await restart;

    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const stored = await check.query<{ f1: string; n: number }>(`select f1, count(*)::int as n from forms_data_${Number(formId)} where f1 like 'cluster-%' group by f1`);
    await check.end();
    const times = new Map(stored.rows.map((r) => [r.f1, r.n]));
    const lost = [...tally.acknowledged.keys()].filter((key) => !times.has(key)).length;
    const duplicated = stored.rows.filter((r) => r.n > 1).length;
    console.log(`cluster: ${tally.acknowledged.size} acknowledged, ${stored.rows.length} stored, ${rate.toFixed(0)} writes/s`);
    console.log(`cluster: ${(rate / alone).toFixed(2)}× one process, lost ${lost}, duplicated ${duplicated}, errors ${tally.errors}`);
  } finally {
    proxy?.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.child.exitCode !== null ? resolve() : (s.child.once('exit', () => resolve()), s.child.kill('SIGTERM'))))));
    await db.stop();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(path.resolve('dist/bench-cluster-server'), { recursive: true, force: true });
  }
}

await main();
