/**
 * B7 (docs: ../shared/design/performance.md): requests/s of an authenticated `qycloudBaseInfo` call on the
 * real server (session cookie, space resolution, access check, interface watch, one log line per request to a
 * file) against a bare node:http server answering the same JSON. A second real server with WATCH=off says what
 * interface watch costs. Each server runs in its own process; autocannon loads them from this one,
 * alternating rounds so machine noise hits all alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { InterfaceWatch } from '../server/kernel/watch.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';
import { startBenchServer } from './server.ts';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 32;

function load(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0) reject(new Error(`${result.non2xx} non-2xx, ${result.errors} errors on ${url}`));
      else resolve(result.requests.average);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rounds = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');

async function signedInTarget(server: Awaited<ReturnType<typeof startBenchServer>>) {
  const sample = await server.client.get('/napi/micro-apps/qycloudBaseInfo');
  if (!sample.body.data.user) throw new Error('the call was not authenticated');
  return { url: `${server.base}/napi/micro-apps/qycloudBaseInfo`, headers: { cookie: server.client.cookieHeader, host: new URL(server.base).host }, body: sample.body };
}

/** What one `record()` of interface watch takes, in ns, measured directly (2,000,000 calls over 200 routes). */
function recordNs(): number {
  const watch = new InterfaceWatch(true);
  const routes = Array.from({ length: 200 }, (_, i) => `/api/bench/route-${i}/:id`);
  const calls = 2_000_000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i += 1) watch.record('GET', routes[i % routes.length]!, i % 50 === 0 ? 500 : 200, (i % 97) / 10);
  return Number(process.hrtime.bigint() - start) / calls;
}

const watched = await startBenchServer('acme.user');
const unwatched = await startBenchServer('acme.user', { WATCH: 'off' });
try {
  const on = await signedInTarget(watched);
  const off = await signedInTarget(unwatched);
  const bodyFile = path.join(watched.work, 'body.json');
  fs.writeFileSync(bodyFile, JSON.stringify(on.body));

  const bare = startScript('bench/bare-server.ts', { BODY_FILE: bodyFile }, /LISTENING (\S+)/);
  const bareUrl = (await bare.ready)[1]!;
  try {
    for (const [url, headers] of [[bareUrl, {}], [on.url, on.headers], [off.url, off.headers]] as const) await load(url, headers, 2);
    const bareRuns: number[] = [];
    const onRuns: number[] = [];
    const offRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await load(bareUrl, {}, ROUND_SECONDS));
      onRuns.push(await load(on.url, on.headers, ROUND_SECONDS));
      offRuns.push(await load(off.url, off.headers, ROUND_SECONDS));
    }
    // Each kernel round is compared with the bare round of the same turn, so drift of the machine between
    // turns cancels out; the median of those ratios is the figure.
    const onRatios = onRuns.map((k, i) => k / bareRuns[i]!);
    const offRatios = offRuns.map((k, i) => k / bareRuns[i]!);
    const watchCosts = onRuns.map((k, i) => 1 - k / offRuns[i]!);
    const logLines = fs.readFileSync(path.join(watched.work, 'server.log'), 'utf8').split('\n').filter((l) => l.includes('"msg":"request"')).length;
    console.log(`bare node:http           ${median(bareRuns).toFixed(0)} req/s  (rounds: ${rounds(bareRuns)})`);
    console.log(`authenticated baseInfo   ${median(onRuns).toFixed(0)} req/s  (rounds: ${rounds(onRuns)})`);
    console.log(`  the same, WATCH=off    ${median(offRuns).toFixed(0)} req/s  (rounds: ${rounds(offRuns)})`);
    console.log(`request log lines written: ${logLines}`);
    console.log(`per-round ratios: ${rounds(onRatios, 2)} (WATCH=off: ${rounds(offRatios, 2)})`);
    const ns = median([recordNs(), recordNs(), recordNs()]);
    // The direct figure is the cost; the two servers' difference is within this machine's noise (printed too).
    console.log(`interface watch: record() takes ${ns.toFixed(0)} ns, ${((ns * median(onRuns)) / 1e7).toFixed(2)}% of a core at the kernel's rate; on vs off per round: ${watchCosts.map((c) => `${(c * 100).toFixed(1)}%`).join(', ')}`);
    console.log(`kernel: ${median(onRatios).toFixed(2)}× of bare node:http with interface watch on (target ≥ 0.6×); ${median(offRatios).toFixed(2)}× with WATCH=off`);
  } finally {
    await stopProcess(bare.child);
  }
} finally {
  await watched.stop();
  await unwatched.stop();
}
