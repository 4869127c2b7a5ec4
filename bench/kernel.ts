/**
 * B7 (docs: ../shared/design/performance.md): requests/s of an authenticated `qycloudBaseInfo` call on the
 * real server (session cookie, space resolution, access check, one log line per request to a file) against a
 * bare node:http server answering the same JSON. Each server runs in its own process; autocannon loads them
 * from this one, alternating rounds so machine noise hits both alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
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

const { base, client, work, stop } = await startBenchServer('acme.user');
try {
  const target = `${base}/napi/micro-apps/qycloudBaseInfo`;
  const headers = { cookie: client.cookieHeader, host: new URL(base).host };
  const sample = await client.get('/napi/micro-apps/qycloudBaseInfo');
  if (!sample.body.data.user) throw new Error('the call was not authenticated');
  const bodyFile = path.join(work, 'body.json');
  fs.writeFileSync(bodyFile, JSON.stringify(sample.body));

  const bare = startScript('bench/bare-server.ts', { BODY_FILE: bodyFile }, /LISTENING (\S+)/);
  const bareUrl = (await bare.ready)[1]!;
  try {
    await load(bareUrl, {}, 2);
    await load(target, headers, 2);
    const bareRuns: number[] = [];
    const kernelRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await load(bareUrl, {}, ROUND_SECONDS));
      kernelRuns.push(await load(target, headers, ROUND_SECONDS));
    }
    const bareRps = median(bareRuns);
    const kernelRps = median(kernelRuns);
    // Each kernel round is compared with the bare round just before it, so drift of the machine between
    // rounds cancels out; the median of those ratios is the figure.
    const ratios = kernelRuns.map((k, i) => k / bareRuns[i]!);
    const logLines = fs.readFileSync(path.join(work, 'server.log'), 'utf8').split('\n').filter((l) => l.includes('"msg":"request"')).length;
    console.log(`bare node:http           ${bareRps.toFixed(0)} req/s  (rounds: ${bareRuns.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`authenticated baseInfo   ${kernelRps.toFixed(0)} req/s  (rounds: ${kernelRuns.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`request log lines written: ${logLines}`);
    console.log(`per-round ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`kernel: ${median(ratios).toFixed(2)}× of bare node:http (target ≥ 0.6×)`);
  } finally {
    await stopProcess(bare.child);
  }
} finally {
  await stop();
}
