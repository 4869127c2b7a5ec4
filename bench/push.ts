/**
 * B8 (docs: ../shared/design/performance.md): one push committed for 2,000 signed-in members, commit-to-receipt
 * p50/p95 across their 2,000 sockets, against a raw `ws` server broadcasting one pre-serialised message to 2,000
 * sockets in the same run; then the same through two server processes, on the PostgreSQL bus and on NATS; and the
 * server memory per idle socket. The server (and the raw one) run in this process, which publishes; the 2,000
 * clients run in a child process (this file with PUSH_BENCH_ROLE=clients) so they do not share its CPU time.
 * Both processes read one clock (performance.timeOrigin + now()): a receipt time minus the commit time is a latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { WebSocket, WebSocketServer } from 'ws';
import { readConfig } from '../server/config.ts';
import { NatsPushBus } from '../server/kernel/push/nats-bus.ts';
import type { PushBus } from '../server/kernel/push/bus.ts';
import { startPlatform } from '../server/platform.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARM_UP = 2;
const SPACE = 'acme';
const NATS = new URL(process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222');
const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The clients: stdin takes `CONNECT <label> <url> <tokens file | ->` and `CLOSE <label>`; stdout answers
 * `CONNECTED <label>`, `CLOSED <label>`, and `GOT <id> <receipt times>` once every socket of a label has message id.
 */
async function runClients(): Promise<void> {
  const groups = new Map<string, WebSocket[]>();
  const arrivals = new Map<string, number[]>();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const open = (label: string, url: string, login: { token: string; uid: string } | null) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: login ? { cookie: `qp_sid=${login.token}` } : {} });
      ws.on('message', (data) => {
        const at = now();
        const message = JSON.parse(String(data)) as { type?: string; id?: string };
        if (message.type === 'bound') return resolve(ws);
        if (message.type !== 'bench' || !message.id) return;
        const times = arrivals.get(message.id) ?? [];
        arrivals.set(message.id, times);
        times.push(at);
        if (times.length === groups.get(label)?.length) {
          arrivals.delete(message.id);
          say(`GOT ${message.id} ${JSON.stringify(times)}`);
        }
      });
      ws.on('open', () => (login ? ws.send(JSON.stringify({ type: 'bindUid', uid: login.uid, login_ip: '127.0.0.1' })) : resolve(ws)));
      ws.on('error', reject);
      ws.on('close', (code) => reject(new Error(`socket closed with ${code}`)));
    });
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, label = '', url = '', tokens = '-'] = line.split(' ');
    if (command === 'CONNECT') {
      const logins = tokens === '-' ? Array.from({ length: SOCKETS }, () => null) : (JSON.parse(fs.readFileSync(tokens, 'utf8')) as Array<{ token: string; uid: string }>);
      const sockets: WebSocket[] = [];
      // 50 handshakes at a time: a burst of 2,000 at once only measures the accept queue.
      for (let i = 0; i < logins.length; i += 50) sockets.push(...(await Promise.all(logins.slice(i, i + 50).map((login) => open(label, url, login)))));
      for (const ws of sockets) ws.removeAllListeners('close').removeAllListeners('error').on('error', () => undefined);
      groups.set(label, sockets);
      say(`CONNECTED ${label}`);
    } else if (command === 'CLOSE') {
      for (const ws of groups.get(label) ?? []) ws.terminate();
      groups.delete(label);
      say(`CLOSED ${label}`);
    }
  }
}

function startClients() {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['bench/push.ts'], { env: { ...process.env, PUSH_BENCH_ROLE: 'clients' }, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<string, (rest: string) => void>();
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const [word, key = ''] = line.split(' ', 2);
    const wake = waiting.get(`${word} ${key}`);
    waiting.delete(`${word} ${key}`);
    wake?.(line.slice(word!.length + key.length + 2));
  });
  const expect = (key: string) => new Promise<string>((resolve) => waiting.set(key, resolve));
  return {
    child,
    expect,
    async command(line: string, answer: string) {
      const done = expect(answer);
      child.stdin!.write(`${line}\n`);
      await done;
    },
  };
}

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

const reachable = (url: URL) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 4222), timeout: 2_000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runBench(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-push-'));
  fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as another user when we are root
  const logFile = path.join(work, 'server.log');
  const platform = await startPlatform({
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(work, 'data'),
    demoSeed: true,
    demoMqttPort: null,
    demoPassword: 'Bench@2026',
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    logFile,
  });
  const { kernel } = platform;
  const clients = startClients();
  let raw: WebSocketServer | null = null;
  const children: ChildProcess[] = [];
  try {
    // The members, loaded with SQL (loading is not what is measured), and a session each.
    const owner = await kernel.databases.owner.connect();
    let ids: string[];
    try {
      await owner.query('begin');
      await owner.query(`select set_config('app.space_id', $1, true)`, [SPACE]); // memberships force row-level security
      const users = await owner.query<{ id: string }>(
        `insert into users (login_id, name, password_hash, default_space_id)
         select 'bench.push' || g, 'Push member ' || g, '!bench', $1 from generate_series(1, $2::int) g returning id`,
        [SPACE, SOCKETS],
      );
      ids = users.rows.map((row) => row.id);
      await owner.query(`insert into memberships (space_id, user_id, roles) select $1, id, '{user}' from unnest($2::bigint[]) id`, [SPACE, ids]);
      await owner.query('commit');
    } finally {
      owner.release();
    }
    const logins: Array<{ token: string; uid: string }> = [];
    for (let i = 0; i < ids.length; i += 20) {
      const batch = ids.slice(i, i + 20);
      const made = await Promise.all(batch.map((uid) => kernel.sessions.create(kernel.db, uid, SPACE, '127.0.0.1', 'bench:push')));
      made.forEach(({ token }, j) => logins.push({ token, uid: batch[j]! }));
    }
    const tokens = path.join(work, 'tokens.json');
    fs.writeFileSync(tokens, JSON.stringify(logins));
    const rawServer = (raw = new WebSocketServer({ host: '127.0.0.1', port: 0 }));
    await new Promise((resolve) => rawServer.once('listening', resolve));
    const rawUrl = `ws://127.0.0.1:${(rawServer.address() as net.AddressInfo).port}`;
    const socketUrl = (base: string) => `${base.replace('http', 'ws')}/napi/socket`;

    /** Commit-to-receipt of one push: published in a transaction that commits, timed from the commit's end. */
    const pushRound = async (bus: PushBus, id: string) => {
      const got = clients.expect(`GOT ${id}`);
      await kernel.db.transaction().execute((trx) => bus.publish({ spaceId: SPACE }, { type: 'bench', id, text: 'Line 3 stopped: press P-07' }, trx));
      const committedAt = now();
      return (JSON.parse(await got) as number[]).map((t) => t - committedAt);
    };
    const rawRound = async (id: string) => {
      const got = clients.expect(`GOT ${id}`);
      const startedAt = now();
      const json = JSON.stringify({ type: 'bench', id, text: 'Line 3 stopped: press P-07' });
      for (const ws of rawServer.clients) ws.send(json);
      return (JSON.parse(await got) as number[]).map((t) => t - startedAt);
    };
    const measure = async (round: (id: string) => Promise<number[]>, prefix: string) => {
      const all: number[] = [];
      for (let r = 0; r < WARM_UP + ROUNDS; r += 1) {
        const latencies = await round(`${prefix}-${r}`);
        if (r >= WARM_UP) all.push(...latencies);
        await settle(100);
      }
      return { p50: percentile(all, 0.5), p95: percentile(all, 0.95) };
    };

    // 1. One process: the raw broadcast and the kernel's push, rounds alternating so machine noise hits both.
    await clients.command(`CONNECT raw ${rawUrl} -`, 'CONNECTED raw');
    await clients.command(`CONNECT one ${socketUrl(platform.url)} ${tokens}`, 'CONNECTED one');
    if (kernel.hub.size !== SOCKETS) throw new Error(`${kernel.hub.size} sockets bound, expected ${SOCKETS}`);
    const rawAll: number[] = [];
    const oneAll: number[] = [];
    for (let r = 0; r < WARM_UP + ROUNDS; r += 1) {
      const rawLatencies = await rawRound(`raw-${r}`);
      await settle(100);
      const oneLatencies = await pushRound(kernel.push, `one-${r}`);
      await settle(100);
      if (r >= WARM_UP) rawAll.push(...rawLatencies), oneAll.push(...oneLatencies);
    }
    const base = { p50: percentile(rawAll, 0.5), p95: percentile(rawAll, 0.95) };
    const one = { p50: percentile(oneAll, 0.5), p95: percentile(oneAll, 0.95) };
    const against = (x: { p50: number; p95: number }) => `${(x.p50 / base.p50).toFixed(2)}× p50, ${(x.p95 / base.p95).toFixed(2)}× p95`;
    await clients.command('CLOSE raw', 'CLOSED raw');
    await clients.command('CLOSE one', 'CLOSED one');
    console.log(`B8 raw ws broadcast      ${SOCKETS} sockets: p50 ${ms(base.p50)}, p95 ${ms(base.p95)} (baseline, one pre-serialised message)`);
    console.log(`B8 kernel push, 1 proc.  ${SOCKETS} sockets: p50 ${ms(one.p50)}, p95 ${ms(one.p95)}, ${against(one)} (commit → receipt, PG bus)`);

    // 2. Two processes: this one commits, a second server process (B) holds every socket.
    const natsUp = await reachable(NATS);
    const adapters = [{ name: 'PG LISTEN/NOTIFY', pushBus: '' }, ...(natsUp ? [{ name: 'NATS', pushBus: `nats://${NATS.host}/qpaas_bench_${randomBytes(4).toString('hex')}.push` }] : [])];
    let idlePerSocket = 0;
    for (const { name, pushBus } of adapters) {
      const env = { DATABASE_URL: kernel.databases.url, DEMO_SEED: '0', LOG_LEVEL: 'warn', LOG_FILE: logFile, PORT: '0', PUSH_BUS: pushBus };
      const server = startScript('tests/support/serve.ts', env, /LISTENING (\S+) PID (\d+)/, 120_000);
      children.push(server.child);
      const [, url, pid] = await server.ready;
      const bus = pushBus ? new NatsPushBus(pushBus, kernel.db, kernel.log) : kernel.push;
      await bus.start();
      await settle(1_000);
      const before = rssOf(Number(pid));
      await clients.command(`CONNECT two ${socketUrl(url!)} ${tokens}`, 'CONNECTED two');
      await settle(1_000);
      idlePerSocket ||= (rssOf(Number(pid)) - before) / SOCKETS;
      const two = await measure((id) => pushRound(bus, id), `two-${children.length}`);
      console.log(`B8 two processes, ${name.padEnd(16)} p50 ${ms(two.p50)}, p95 ${ms(two.p95)}, ${against(two)} (commit on A → receipt on B's ${SOCKETS} sockets)`);
      await clients.command('CLOSE two', 'CLOSED two');
      if (bus instanceof NatsPushBus) await bus.close();
      await stopProcess(server.child);
    }
    if (!natsUp) console.log(`B8 two processes, NATS    skipped: nothing answers at ${NATS.host} (start nats-server or set BENCH_NATS_URL)`);
    console.log(`idle socket memory       ${(idlePerSocket / 1024).toFixed(1)} KB per bound socket (server B's RSS delta / ${SOCKETS})`);
    console.log(`push: commit-to-receipt p95 ${ms(one.p95)}, ${(one.p95 / base.p95).toFixed(2)}× raw broadcast (target ≤ 1.3×; p95 ≤ 100 ms)`);
  } finally {
    for (const child of children) await stopProcess(child);
    clients.child.stdin!.end();
    raw?.close();
    await platform.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// Last: the helpers above are constants, defined only once the module has run down to here.
if (process.env.PUSH_BENCH_ROLE === 'clients') await runClients();
else await runBench();
