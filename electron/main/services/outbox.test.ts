import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpSender, Outbox, type OutboxEntry, type OutboxRequest, type Send, type SendResult } from './outbox.ts';
import { openDatabase, type Db } from './sqlite.ts';

const acme = { userId: '11', spaceId: 'acme' };
const nova = { userId: '21', spaceId: 'nova' };
const ok = (data: unknown = {}): SendResult => ({ status: 200, body: { code: 200, msg: 'ok', data } });
const refusal = (status: number, msg: string): SendResult => ({ status, body: { code: status, msg, data: null } });
const offline: Send = async () => {
  throw new TypeError('fetch failed');
};

let dir: string;
let file: string;
const dbs: Db[] = [];
function openOutbox(send: Send): Outbox {
  const db = openDatabase(file);
  dbs.push(db);
  return new Outbox(db, { send });
}
function create(outbox: Outbox, name: string, scope = acme): OutboxEntry {
  return outbox.enqueue({ method: 'POST', url: '/api/org/departments', body: { name }, scope, label: name });
}
/** A send that answers from a script and records what it was given. */
function scripted(answers: Record<string, SendResult> = {}) {
  const calls: Array<{ request: OutboxRequest; key: string }> = [];
  const send: Send = async (request, key) => {
    calls.push({ request, key });
    return answers[(request.body as { name: string }).name] ?? ok(request.body);
  };
  return { calls, send };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-outbox-'));
  file = path.join(dir, 'outbox.sqlite');
});
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Outbox', () => {
  it('queues writes offline with a fresh key each and keeps them through a failed replay', async () => {
    const outbox = openOutbox(offline);
    const entries = ['a', 'b', 'c'].map((name) => create(outbox, name));
    expect(entries.map((e) => [e.seq, e.state])).toEqual([[1, 'pending'], [2, 'pending'], [3, 'pending']]);
    expect(new Set(entries.map((e) => e.idempotencyKey)).size).toBe(3);
    expect(await outbox.replay()).toEqual({ sent: 0, stopped: 'offline' });
    expect(outbox.stats()).toMatchObject({ pending: 3, sending: 0, done: 0 });
    expect(outbox.get(entries[0]!.id)).toMatchObject({ attempts: 1, idempotencyKey: entries[0]!.idempotencyKey });
  });

  it('replays in order; a 409 is a conflict and another 4xx a failure, both kept with the message', async () => {
    const { calls, send } = scripted({ b: refusal(409, 'common.conflict'), c: refusal(400, 'request.invalid') });
    const outbox = openOutbox(send);
    for (const name of ['a', 'b', 'c', 'd']) create(outbox, name);
    expect(await outbox.replay()).toEqual({ sent: 4, stopped: null });
    expect(calls.map((c) => (c.request.body as { name: string }).name)).toEqual(['a', 'b', 'c', 'd']);
    expect(outbox.entries().map((e) => e.state)).toEqual(['done', 'conflict', 'failed', 'done']);
    expect(outbox.get(1)!.answer).toEqual({ code: 200, msg: 'ok', data: { name: 'a' } });
    expect(outbox.conflicts().map((e) => [e.label, e.state, e.status, e.message])).toEqual([
      ['b', 'conflict', 409, 'common.conflict'],
      ['c', 'failed', 400, 'request.invalid'],
    ]);
  });

  it('stops on a 5xx, a sign-in prompt or a key still in flight, and retries later under the same key', async () => {
    for (const answer of [refusal(503, 'common.unavailable'), refusal(401, 'auth.required'), refusal(409, 'request.duplicateInFlight')]) {
      file = path.join(dir, `outbox-${answer.status}-${answer.status === 409 ? 'inflight' : 'x'}.sqlite`);
      const { calls, send } = scripted({ b: answer });
      const outbox = openOutbox(send);
      const first = create(outbox, 'a');
      const second = create(outbox, 'b');
      create(outbox, 'c');
      const result = await outbox.replay();
      expect(result.stopped).toBe(answer.status === 401 ? 'unauthorized' : 'server');
      expect(outbox.get(first.id)!.state).toBe('done');
      expect(outbox.get(second.id)).toMatchObject({ state: 'pending', status: answer.status });
      expect(calls.map((c) => (c.request.body as { name: string }).name)).toEqual(['a', 'b']); // c waits behind b
      const fixed = scripted();
      const later = new Outbox(dbs.at(-1)!, { send: fixed.send });
      await later.replay();
      expect(fixed.calls[0]!.key).toBe(second.idempotencyKey);
      expect(later.stats().pending).toBe(0);
    }
  });

  it('lets the user discard a conflict or retry it under a new key with a corrected body, at the end of the queue', async () => {
    const { calls, send } = scripted({ b: refusal(409, 'org.departmentExists'), c: refusal(409, 'org.departmentExists') });
    const outbox = openOutbox(send);
    for (const name of ['a', 'b', 'c']) create(outbox, name);
    await outbox.replay();
    const [b, c] = outbox.conflicts();
    outbox.resolve(c!.id, 'discard');
    const retried = outbox.resolve(b!.id, 'retry', { name: 'b2' });
    expect(retried).toMatchObject({ state: 'pending', body: { name: 'b2' }, seq: 4 });
    expect(retried.idempotencyKey).not.toBe(b!.idempotencyKey);
    expect(() => outbox.resolve(1, 'retry')).toThrow(/not waiting/); // a done write is not re-sent
    await outbox.replay();
    expect(calls.at(-1)).toEqual({ request: expect.objectContaining({ body: { name: 'b2' } }), key: retried.idempotencyKey });
    expect(outbox.stats()).toMatchObject({ done: 2, discarded: 1, conflict: 0, pending: 0 });
    expect(outbox.conflicts()).toEqual([]);
    expect(outbox.prune(Date.now() + 1)).toBe(3);
  });

  it('after a crash mid-request, replays the interrupted write with the same key', async () => {
    let arrived!: () => void;
    const hanging = new Promise<void>((resolve) => (arrived = resolve));
    const crashed = openOutbox(async () => {
      arrived();
      return new Promise<SendResult>(() => undefined); // the process "dies" while this request is out
    });
    const entry = create(crashed, 'a');
    void crashed.replay();
    await hanging;
    expect(crashed.get(entry.id)!.state).toBe('sending');

    const { calls, send } = scripted();
    const restarted = openOutbox(send); // a new connection on the same file, as after a restart
    expect(restarted.get(entry.id)!.state).toBe('pending');
    await restarted.replay();
    expect(calls.map((c) => c.key)).toEqual([entry.idempotencyKey]);
    expect(restarted.get(entry.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('runs one replay at a time, reports changes, and replays only the given scope', async () => {
    let inFlight = 0;
    let most = 0;
    const outbox = openOutbox(async (request) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return ok(request.body);
    });
    const seen: string[] = [];
    const stop = outbox.onChange((entry) => seen.push(`${entry?.label}:${entry?.state}`));
    create(outbox, 'a');
    create(outbox, 'n', nova);
    const runs = [outbox.replay(acme), outbox.replay(acme)];
    expect(runs[0]).toBe(runs[1]);
    await Promise.all(runs);
    expect(most).toBe(1);
    expect(seen).toEqual(['a:pending', 'n:pending', 'a:sending', 'a:done']);
    expect(outbox.entries('pending').map((e) => e.label)).toEqual(['n']); // nova's write waits for a nova session
    stop();
    await outbox.replay(nova);
    expect(seen).toHaveLength(4);
    expect(outbox.stats()).toMatchObject({ done: 2, pending: 0 });
  });
});

describe('httpSender', () => {
  it('sends JSON with the session cookie, the CSRF token and the idempotency key', async () => {
    const received: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end('{"code":200,"msg":"ok","data":1}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const send = httpSender(`http://127.0.0.1:${port}/`, { cookie: 'qp_sid=s; qp_csrf=c', csrf: 'c' });
      const result = await send({ method: 'PATCH', url: '/api/org/departments/7', body: { name: 'x' } }, 'key-1');
      expect(result).toEqual({ status: 200, body: { code: 200, msg: 'ok', data: 1 }, replayed: true });
      expect(received[0]).toMatchObject({
        method: 'PATCH',
        url: '/api/org/departments/7',
        body: '{"name":"x"}',
        headers: { cookie: 'qp_sid=s; qp_csrf=c', 'x-csrf-token': 'c', 'idempotency-key': 'key-1', 'content-type': 'application/json' },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const unreachable = httpSender(`http://127.0.0.1:${port}`, { cookie: '', csrf: '' }); // closed: a network error
    await expect(unreachable({ method: 'POST', url: '/api/x', body: {} }, 'k')).rejects.toThrow();
  });
});
