/**
 * Both push buses across two real server processes on one database: A is this test's process, B a
 * child process (tests/support/serve.ts). NATS is the machine's server (127.0.0.1:4222, or TEST_NATS_URL); when
 * nothing answers there the NATS half is skipped with the reason printed. The PostgreSQL half always runs.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { startPlatform, type Platform } from '../../platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { testConfig } from '../../../tests/support/databases.ts';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/platform.ts';
import { startScript, stopProcess } from '../../../tests/support/process.ts';
import { NatsPushBus } from './nats-bus.ts';
import type { PushTarget } from './bus.ts';

const NATS = new URL(process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222');

function reachable(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 4222), timeout: 2_000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const natsUp = await reachable(NATS);
if (!natsUp) console.warn(`SKIPPED the NATS half of two-process.int.test.ts: nothing answers at ${NATS.host} (start nats-server, or set TEST_NATS_URL)`);
// A subject of this run's own: other runs on the same NATS server must not reach these sockets.
const natsBus = `nats://${NATS.host}/qpaas_test_${randomBytes(4).toString('hex')}.push`;

interface Socket {
  ws: WebSocket;
  texts: string[];
  /** Resolves when a message with this text has arrived. */
  received(text: string): Promise<void>;
}

async function bound(base: string, client: TestClient): Promise<Socket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/napi/socket`, { headers: { cookie: client.cookieHeader } });
  const texts: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type?: string; text?: string };
    texts.push(message.type === 'bound' ? '(bound)' : String(message.text));
    for (const wake of waiters) wake();
  });
  const received = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => texts.includes(text) && (waiters.delete(check), resolve());
      waiters.add(check);
      check();
    });
  await new Promise((resolve, reject) => ws.on('open', resolve).on('error', reject));
  const uid = (await client.get('/api/account/me')).body.data.id;
  ws.send(JSON.stringify({ type: 'bindUid', uid, login_ip: '127.0.0.1' }));
  await received('(bound)');
  return { ws, texts, received };
}

const uidOf = async (client: TestClient): Promise<string> => String((await client.get('/api/account/me')).body.data.id);

const adapters = [
  { name: 'PostgreSQL LISTEN/NOTIFY', pushBus: null, skip: false },
  { name: 'NATS', pushBus: natsBus, skip: !natsUp },
];

describe.each(adapters)('two server processes on the $name bus', ({ pushBus, skip }) => {
  let databaseUrl = '';
  let a: Platform | null = null;
  let b: ChildProcess | null = null;
  let bUrl = '';
  const sockets: Socket[] = [];
  const socket = async (base: string, login: string) => {
    const client = await signedIn(base, login);
    const open = await bound(base, client);
    sockets.push(open);
    return { ...open, uid: await uidOf(client) };
  };
  /** Publishes `messages` on process A in one transaction that commits. */
  const committed = (messages: Array<[PushTarget, string]>) =>
    a!.kernel.db.transaction().execute(async (trx) => {
      for (const [target, text] of messages) await a!.kernel.push.publish(target, { type: 'notice', text }, trx);
    });

  beforeAll(async () => {
    if (skip) return;
    databaseUrl = await createTestDatabase('push2', inject('templateDatabase'));
    a = await startPlatform({ ...testConfig(databaseUrl), pushBus });
    const started = startScript('tests/support/serve.ts', { DATABASE_URL: databaseUrl, DEMO_SEED: '0', LOG_LEVEL: 'silent', PORT: '0', PUSH_BUS: pushBus ?? '' }, /LISTENING (\S+)/);
    b = started.child;
    bUrl = (await started.ready)[1]!;
  });
  afterAll(async () => {
    for (const open of sockets) open.ws.close();
    if (b) await stopProcess(b);
    await a?.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  it.skipIf(skip)('a message committed on process A reaches a socket held by process B (user, space, everyone, large)', async () => {
    const nova = await socket(bUrl, 'nova.user');
    // Larger than both inline limits (NOTIFY's 8,000 bytes, NATS's 1 MB): it travels by reference.
    const large = 'x'.repeat(1_100_000);
    await committed([
      [{ userId: nova.uid }, 'to one user'],
      [{ spaceId: 'nova' }, 'to the space'],
      [{ all: true }, 'to everyone'],
      [{ userId: nova.uid }, large],
    ]);
    for (const text of ['to one user', 'to the space', 'to everyone', large]) await nova.received(text);
  });

  it.skipIf(skip)('a message in a rolled-back transaction reaches nobody, on either process', async () => {
    const onB = await socket(bUrl, 'acme.user');
    const onA = await socket(a?.url ?? '', 'acme.safe');
    const rolledBack = a!.kernel.db.transaction().execute(async (trx) => {
      await a!.kernel.push.publish({ spaceId: 'acme' }, { text: 'ghost to the space' }, trx);
      await a!.kernel.push.publish({ userId: onB.uid }, { text: 'ghost to the user' }, trx);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    // Sent after the ghosts on the same bus: once it is here, a ghost that left would be here too.
    await committed([[{ spaceId: 'acme' }, 'after']]);
    for (const open of [onA, onB]) {
      await open.received('after');
      expect(open.texts.filter((text) => text.startsWith('ghost'))).toEqual([]);
    }
  });

  it.skipIf(skip)('a member of one space never receives another space\'s message', async () => {
    const acmeOnB = await socket(bUrl, 'acme.admin');
    const novaOnB = await socket(bUrl, 'nova.admin');
    const novaOnA = await socket(a?.url ?? '', 'nova.safe');
    // One transaction's messages arrive in order: when `end` is here, everything before it is.
    await committed([
      [{ spaceId: 'acme' }, 'acme space'],
      [{ userId: acmeOnB.uid }, 'acme admin'],
      [{ spaceId: 'nova' }, 'nova space'],
      [{ all: true }, 'end'],
    ]);
    for (const open of [acmeOnB, novaOnB, novaOnA]) await open.received('end');
    expect(acmeOnB.texts).toEqual(['(bound)', 'acme space', 'acme admin', 'end']);
    expect(novaOnB.texts).toEqual(['(bound)', 'nova space', 'end']);
    expect(novaOnA.texts).toEqual(['(bound)', 'nova space', 'end']);
  });

  // NATS only: the PG bus has no connection of its own to lose (its NOTIFY is the database's).
  if (pushBus !== null) it.skipIf(skip)('a push committed while its process cannot reach NATS is logged, kept, and relayed by another process', async () => {
    const nova = await socket(bUrl, 'nova.user');
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    // Same subject, but a port where no NATS listens: this bus never connects (and must not throw).
    const cutOff = new NatsPushBus(`nats://127.0.0.1:1${new URL(natsBus).pathname}`, a!.kernel.db, log, 0);
    try {
      await cutOff.start();
      await a!.kernel.db.transaction().execute((trx) => cutOff.publish({ userId: nova.uid }, { text: 'kept in a transaction' }, trx));
      await cutOff.publish({ userId: nova.uid }, { text: 'kept without one' });
      await nova.received('kept in a transaction');
      await nova.received('kept without one');
      expect(lines.some((line) => line.includes('NATS unreachable'))).toBe(true);
    } finally {
      await cutOff.close();
    }
  });
});

describe('PUSH_BUS', () => {
  it('is PostgreSQL unless it names a NATS server, and a wrong value stops the start', () => {
    expect(readConfig({}).pushBus).toBeNull();
    expect(readConfig({ PUSH_BUS: 'pg' }).pushBus).toBeNull();
    expect(readConfig({ PUSH_BUS: 'nats://10.0.0.5:4222' }).pushBus).toBe('nats://10.0.0.5:4222');
    expect(() => readConfig({ PUSH_BUS: 'redis://10.0.0.5:6379' })).toThrow(/PUSH_BUS/);
    expect(() => readConfig({ PUSH_BUS: '10.0.0.5:4222' })).toThrow(/PUSH_BUS/);
  });
});
