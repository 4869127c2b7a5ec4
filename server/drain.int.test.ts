import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, TEST_SECRET_KEY } from '../tests/support/client.ts';
import { ok, publishedForm } from '../tests/support/forms.ts';
import { createTestDatabase, dropTestDatabase, TEST_DEMO_PASSWORD } from '../tests/support/platform.ts';
// @ts-expect-error the build script is plain JavaScript (it runs before anything is compiled)
import { buildServer } from './build.mjs';

/**
 * A production stop (docs/deploy.md): the compiled server (`node dist/server/main.js`, as systemd runs it) gets
 * SIGTERM with work in flight. Nothing is cut: a request half-sent finishes with its answer, an idle keep-alive
 * connection does not hold the exit, push sockets hear "restarting" (1012), a long import hands its claim back
 * between batches instead of running to its end, readiness fails first, and the process exits 0.
 */
const ROWS = 30_000;
const OUT = path.resolve('dist/drain-test-server');
let databaseUrl = '';
let entry = '';
let server: ChildProcess | null = null;
const logFile = path.join(os.tmpdir(), `qpaas-drain-${process.pid}.log`);

beforeAll(async () => {
  entry = await buildServer(OUT);
  databaseUrl = await createTestDatabase('drain');
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(logFile, { force: true });
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

function startCompiled(): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(os.tmpdir(), 'qpaas-drain-data'), SECRET_KEY: TEST_SECRET_KEY, DEMO_PASSWORD: TEST_DEMO_PASSWORD, DEMO_MQTT_PORT: 'off', LOG_LEVEL: 'info', LOG_FILE: logFile, DRAIN_TIMEOUT: '20', DRAIN_DELAY: '1', FORMS_JOB_STALE_SECONDS: '30' };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /Platform running on (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1') });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
}

function csv(): Buffer {
  const lines = ['Title,Amount'];
  for (let i = 1; i <= ROWS; i += 1) lines.push(`Row ${i},${i}`);
  return Buffer.from(lines.join('\n'));
}

describe('SIGTERM drains the compiled server', () => {
  it('finishes in-flight work, closes idle connections and sockets, hands jobs back, and exits 0', async () => {
    const started = await startCompiled();
    server = started.child;
    const { url } = started;
    const admin = await signedIn(url, 'acme.admin');
    const { formId } = await publishedForm(admin, [
      { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
      { key: 'f2', type: 'number', label: 'Amount' },
    ]);

    // A push socket, an idle keep-alive connection, and a write whose body is half sent.
    const socket = new WebSocket(`${url.replace('http', 'ws')}/napi/socket`, { headers: { cookie: admin.cookieHeader } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<http.IncomingMessage>((resolve) => http.get(`${url}/healthz`, { agent }, resolve));
    idle.resume();
    const idleSocketClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));
    const body = JSON.stringify({ values: { f1: 'Sent across the stop', f2: 7 } });
    let finishBody = () => {};
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${url}/api/forms/forms/${formId}/records`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader, 'x-csrf-token': admin.csrf ?? 'web', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': 'drain-write-1' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += String(c)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      finishBody = () => req.end(body.slice(10)); // the rest arrives after the signal
    });

    // A long import, working when the signal comes.
    const preview = await ok(admin.upload(`/api/forms/forms/${formId}/imports/preview`, [{ name: 'big.csv', bytes: csv() }]));
    const job = await ok(admin.post(`/api/forms/forms/${formId}/imports`, { fileId: preview.file.fileId, mapping: preview.mapping }));
    for (let seen = 0; seen === 0; ) {
      seen = (await ok(admin.get(`/api/forms/jobs/${job.id}`))).done;
      if (seen === 0) await new Promise((r) => setTimeout(r, 10));
    }

    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    // Readiness fails first, while the process still answers (the write above is still in flight).
    let ready = 200;
    for (let i = 0; i < 100 && ready === 200; i += 1) {
      ready = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
      if (ready === 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(ready).toBe(503);
    finishBody();

    const write = await answered;
    expect(write.status).toBe(200);
    const recordId = JSON.parse(write.text).data.id;
    expect(await closed).toBe(1012);
    await idleSocketClosed;
    expect(await exited).toBe(0);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const forms = await db.query('select status, done from forms_job where id = $1', [job.id]);
      expect(forms.rows[0].status).toBe('preparing'); // stopped between batches, not run to its end
      expect(forms.rows[0].done).toBeLessThan(ROWS);
      const queued = await db.query(`select state, attempts, locked_by from kernel_job where payload->>'jobId' = $1`, [String(job.id)]);
      expect(queued.rows[0]).toMatchObject({ state: 'ready', attempts: 0, locked_by: null }); // handed back, not counted
      expect(recordId).toBeTruthy();
    } finally {
      await db.end();
    }
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toMatch(/"msg":"draining"/);
    expect(log).toMatch(/"requestsCut":0,"msg":"drained"/);
    agent.destroy();
  });
});
