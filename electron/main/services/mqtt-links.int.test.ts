import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import aedes from 'aedes';
import { connect, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DeviceLinks,
  LinkConfigError,
  RelayError,
  backoffDelay,
  topicMatches,
  type DeviceValue,
  type LinkState,
  type RelayBatch,
} from './mqtt-links.ts';
import { openDatabase, type Db } from './sqlite.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-mqtt-'));
const prefix = `qpaas-test/${randomBytes(4).toString('hex')}`;
type Broker = ReturnType<typeof aedes.createBroker>;

/** An aedes broker the test can stop and start again on the same port. */
class TestBroker {
  port = 0;
  private server: net.Server | null = null;
  private broker: Broker | null = null;
  private readonly sockets = new Set<net.Socket>();

  async start(setup?: (broker: Broker) => void): Promise<void> {
    const broker = aedes.createBroker();
    setup?.(broker);
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      broker.handle(socket);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    [this.server, this.broker] = [server, broker];
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.broker ? this.broker.close(() => resolve()) : resolve()));
    [this.server, this.broker] = [null, null];
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }
}

async function mosquittoAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect('mqtt://127.0.0.1:1883', { connectTimeout: 500, reconnectPeriod: 0 });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      probe.end(true);
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 500);
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
  });
}

async function publisher(url: string): Promise<MqttClient> {
  const client = connect(url, { reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

let brokerUrl: string;
let pub: MqttClient;
const fallback = new TestBroker();
const open: Array<{ links: DeviceLinks; db: Db }> = [];

beforeAll(async () => {
  // MQTT_TEST_BROKER=aedes forces the embedded broker (to exercise that path where Mosquitto runs).
  if (process.env.MQTT_TEST_BROKER !== 'aedes' && (await mosquittoAnswers())) {
    brokerUrl = 'mqtt://127.0.0.1:1883';
    console.log('MQTT broker: Mosquitto on 127.0.0.1:1883');
  } else {
    await fallback.start();
    brokerUrl = fallback.url;
    console.log(`MQTT broker: embedded aedes on ${brokerUrl}`);
  }
  pub = await publisher(brokerUrl);
});
afterEach(() => {
  for (const { links, db } of open.splice(0)) {
    links.close();
    if (db.open) db.close();
  }
});
afterAll(async () => {
  pub?.end(true);
  await fallback.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function deviceLinks(file: string, options: Partial<ConstructorParameters<typeof DeviceLinks>[0]> = {}): { links: DeviceLinks; db: Db } {
  const db = openDatabase(path.join(dir, file));
  const links = new DeviceLinks({ db, ...options });
  open.push({ links, db });
  return { links, db };
}

const collect = (links: DeviceLinks) => {
  const values: DeviceValue[] = [];
  links.onValue((value) => values.push(value));
  return values;
};
const waitForState = (links: DeviceLinks, id: string, state: LinkState, timeout = 15_000) =>
  vi.waitFor(() => expect(links.status(id).state).toBe(state), { timeout, interval: 20 });
const send = (client: MqttClient, topic: string, payload: string | Buffer) => client.publishAsync(topic, payload, { qos: 1 });

describe('link settings', () => {
  const good = { id: 'press', name: 'Press 1', url: 'mqtt://plc.local:1883', topics: ['line1/#'], relayTopics: ['line1/+/temp'] };
  const refusal = (input: unknown) => {
    const { links } = deviceLinks('settings.db');
    try {
      links.saveLink(input);
    } catch (error) {
      expect(error).toBeInstanceOf(LinkConfigError);
      return (error as LinkConfigError).key;
    }
    return 'accepted';
  };

  it('refuses bad settings with an i18n key that exists in both languages', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...good, url: 'http://plc.local' }, 'iot.link.badUrl'],
      [{ ...good, url: 'not a url' }, 'iot.link.badUrl'],
      [{ ...good, url: 'mqtt://user:secret@plc.local' }, 'iot.link.credentialsInUrl'],
      [{ ...good, topics: [] }, 'iot.link.noTopics'],
      [{ ...good, topics: ['line1/#/temp'] }, 'iot.link.topicHashLast'],
      [{ ...good, topics: ['line1/temp#'] }, 'iot.link.topicHashLast'],
      [{ ...good, topics: ['line1/te+mp'] }, 'iot.link.topicPlusLevel'],
      [{ ...good, topics: [''] }, 'iot.link.topicLength'],
      [{ ...good, relayTopics: ['line2/#'] }, 'iot.link.relayNotSubscribed'],
      [{ ...good, topics: ['line1/+'], relayTopics: ['line1/#'] }, 'iot.link.relayNotSubscribed'],
      [{ ...good, spaceId: 'acme' }, 'iot.link.unknownField'],
      [{ ...good, tls: { rejectUnauthorized: false } }, 'iot.link.tlsNeedsSecureUrl'],
      [{ ...good, id: 'a b' }, 'iot.link.badId'],
      [{ ...good, name: ' ' }, 'iot.link.badField'],
      ['press', 'iot.link.invalid'],
    ];
    const dictionaries = ['en', 'zh-CN'].map((lang) => JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/i18n', lang, 'iot.json'), 'utf8')));
    for (const [input, key] of cases) {
      expect(refusal(input), JSON.stringify(input)).toBe(key);
      for (const dictionary of dictionaries) expect(dictionary[key], key).toBeTruthy();
    }
    expect(refusal({ ...good, url: 'wss://plc.local/mqtt', tls: { ca: '-----BEGIN CERTIFICATE-----', rejectUnauthorized: true } })).toBe('accepted');
    expect(() => deviceLinks('settings.db').links.start('nope')).toThrow(/iot\.link\.notFound/);
  });

  it('matches topics like a broker does', () => {
    expect(topicMatches('line1/#', 'line1')).toBe(true);
    expect(topicMatches('line1/+/temp', 'line1/press/temp')).toBe(true);
    expect(topicMatches('line1/+/temp', 'line1/press/oil/temp')).toBe(false);
    expect(topicMatches('#', '$SYS/uptime')).toBe(false);
  });

  it('stores the password but never shows it; omitting it on an edit keeps it', () => {
    const { links, db } = deviceLinks('secrets.db');
    const view = links.saveLink({ ...good, username: 'plc', password: 'hunter2' });
    expect(view).toMatchObject({ hasPassword: true, username: 'plc' });
    expect(JSON.stringify(links.links())).not.toContain('hunter2');
    links.saveLink({ ...good, name: 'Press 1 renamed' });
    const stored = db.prepare<[], { config: string }>('SELECT config FROM mqtt_link').get();
    expect(JSON.parse(stored?.config ?? '{}')).toMatchObject({ name: 'Press 1 renamed', password: 'hunter2' });
    links.saveLink({ ...good, password: '' });
    expect(links.links()[0]?.hasPassword).toBe(false);
  });
});

describe('values from a real broker', () => {
  const topics = { temp: `${prefix}/press/temp`, state: `${prefix}/press/state`, raw: `${prefix}/press/raw` };

  it('streams values, keeps the last N per topic in the SQLite file, and serves history after reopening', async () => {
    const file = 'values.db';
    const { links, db } = deviceLinks(file, { keepPerTopic: 5 });
    const seen = collect(links);
    links.saveLink({ id: 'press', name: 'Press 1', url: brokerUrl, topics: [`${prefix}/press/#`], relayTopics: [] });
    links.start('press');
    await waitForState(links, 'press', 'online');
    for (let i = 0; i < 12; i += 1) await send(pub, topics.temp, String(70 + i));
    for (const state of ['IDLE', 'RUN', 'STOP']) await send(pub, topics.state, state);
    await send(pub, topics.raw, Buffer.from([0xff, 0x00, 0xfe]));
    await send(pub, `${prefix}/other/ignored`, 'not subscribed');
    await vi.waitFor(() => expect(seen).toHaveLength(16), { timeout: 10_000 });
    expect(seen.filter((v) => v.topic === topics.temp).map((v) => v.payload)).toEqual(Array.from({ length: 12 }, (_, i) => String(70 + i)));
    expect(seen.at(-1)).toMatchObject({ linkId: 'press', topic: topics.raw, binary: true, payload: '/wD+' });

    // The file itself, read through a second connection: trimmed to 5 rows per topic.
    const other = openDatabase(path.join(dir, file));
    const counts = other.prepare<[], { topic: string; n: number }>('SELECT topic, count(*) AS n FROM mqtt_value GROUP BY topic ORDER BY topic').all();
    expect(counts).toEqual([
      { topic: topics.raw, n: 1 },
      { topic: topics.state, n: 3 },
      { topic: topics.temp, n: 5 },
    ]);
    other.close();
    expect(links.history('press', topics.temp, 10).map((v) => v.payload)).toEqual(['77', '78', '79', '80', '81']);
    expect(links.latest('press').map((v) => [v.topic, v.payload])).toEqual([
      [topics.raw, '/wD+'],
      [topics.state, 'STOP'],
      [topics.temp, '81'],
    ]);
    expect(links.latest('press', `${prefix}/press/temp`).map((v) => v.payload)).toEqual(['81']);

    links.close();
    db.close();
    const reopened = deviceLinks(file, { keepPerTopic: 5 }).links;
    expect(reopened.links().map((l) => l.name)).toEqual(['Press 1']);
    expect(reopened.history('press', topics.temp, 3).map((v) => v.payload)).toEqual(['79', '80', '81']);
    expect(reopened.history('press', topics.raw, 3)[0]).toMatchObject({ binary: true, payload: '/wD+' });
    expect(reopened.status('press').state).toBe('stopped');
    reopened.removeLink('press');
    expect(reopened.links()).toEqual([]);
    expect(reopened.latest('press')).toEqual([]);
  });
});

describe('reconnection', () => {
  it('uses 1 s doubling to 30 s by default', () => {
    expect(Array.from({ length: 7 }, (_, i) => backoffDelay(i))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('goes offline when the broker goes away, backs off growing, and comes back online with values flowing', async () => {
    const broker = new TestBroker();
    await broker.start();
    try {
      const { links } = deviceLinks('reconnect.db', { backoff: { firstMs: 200, maxMs: 800 } });
      const seen = collect(links);
      const states: LinkState[] = [];
      const waits: number[] = [];
      links.onStatus((status) => {
        if (states.at(-1) !== status.state) states.push(status.state);
        if (status.retryInMs !== null && status.attempts > waits.length) waits.push(status.retryInMs);
      });
      links.saveLink({ id: 'kiln', name: 'Kiln', url: broker.url, topics: ['kiln/#'], relayTopics: [] });
      links.start('kiln');
      await waitForState(links, 'kiln', 'online');
      let device = await publisher(broker.url);
      await send(device, 'kiln/temp', '900');
      await vi.waitFor(() => expect(seen.map((v) => v.payload)).toEqual(['900']));

      device.end(true);
      await broker.stop();
      await waitForState(links, 'kiln', 'offline');
      await vi.waitFor(() => expect(links.status('kiln').attempts).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
      expect(links.status('kiln').state).toBe('offline');
      expect(links.status('kiln').lastError).toMatch(/ECONNREFUSED/);

      await broker.start();
      await waitForState(links, 'kiln', 'online');
      expect(states).toEqual(['online', 'offline', 'online']);
      expect(links.status('kiln')).toMatchObject({ attempts: 0, retryInMs: null });
      device = await publisher(broker.url);
      await send(device, 'kiln/temp', '905');
      await vi.waitFor(() => expect(seen.map((v) => v.payload)).toEqual(['900', '905']));
      device.end(true);
      expect(waits.slice(0, 5)).toEqual([200, 400, 800, 800, 800]);
    } finally {
      await broker.stop();
    }
  });

  it('shows a refused login as an error without the password, and recovers when it is fixed', async () => {
    const broker = new TestBroker();
    await broker.start((instance) => {
      instance.authenticate = (_client, username, password, done) => done(null, username === 'plc' && password?.toString() === 'right');
    });
    try {
      const { links } = deviceLinks('auth.db', { backoff: { firstMs: 100, maxMs: 400 } });
      const link = { id: 'oven', name: 'Oven', url: broker.url, username: 'plc', password: 'wrong-pass', topics: ['oven/#'], relayTopics: [] };
      links.saveLink(link);
      links.start('oven');
      await waitForState(links, 'oven', 'error');
      expect(links.status('oven').lastError).toMatch(/Not authorized/i);
      expect(JSON.stringify(links.status('oven'))).not.toContain('wrong-pass');
      links.saveLink({ ...link, password: 'right' }); // a running link restarts with its new settings
      await waitForState(links, 'oven', 'online');
    } finally {
      await broker.stop();
    }
  });
});

describe('relay to the server', () => {
  const relayTopic = `${prefix}/relay/temp`;
  const setup = async (file: string, relay: (batch: RelayBatch) => Promise<void>, options = {}) => {
    const { links } = deviceLinks(file, { relay, ...options });
    const relayTopics = [`${prefix}/relay/+/temp`, relayTopic];
    links.saveLink({ id: 'r', name: 'Relay line', url: brokerUrl, topics: [`${prefix}/relay/#`], relayTopics });
    links.start('r');
    await waitForState(links, 'r', 'online');
    return links;
  };

  it('sends batches of 100 at once and the rest within the second, only for relayed topics', async () => {
    const calls: Array<{ at: number; batch: RelayBatch }> = [];
    const links = await setup('relay.db', async (batch) => {
      calls.push({ at: Date.now(), batch });
    });
    const started = Date.now();
    // Published back to back (one connection keeps the order), so the count, not the clock, cuts the batches.
    const sent: Array<Promise<unknown>> = [];
    for (let i = 0; i < 250; i += 1) {
      sent.push(send(pub, relayTopic, String(i)));
      if (i % 50 === 0) sent.push(send(pub, `${prefix}/relay/state`, 'not relayed'));
    }
    await Promise.all(sent);
    await vi.waitFor(() => expect(links.relayStats()?.relayed).toBe(250), { timeout: 10_000 });
    expect(calls.map((c) => c.batch.values.length)).toEqual([100, 100, 50]);
    expect(calls.flatMap((c) => c.batch.values.map((v) => v.payload))).toEqual(Array.from({ length: 250 }, (_, i) => String(i)));
    expect(calls.every((c) => c.batch.values.every((v) => v.topic === relayTopic && v.linkName === 'Relay line'))).toBe(true);
    expect(new Set(calls.map((c) => c.batch.key)).size).toBe(3);
    // The tail waited for the 1 s tick instead of going out value by value.
    expect((calls[2]?.at ?? 0) - started).toBeGreaterThanOrEqual(900);
  });

  it('keeps a failed batch (same key, same values) for the next try', async () => {
    const calls: RelayBatch[] = [];
    let failures = 2;
    const links = await setup('relay-retry.db', async (batch) => {
      calls.push(batch);
      if (failures-- > 0) throw new Error('server unreachable');
    }, { relayEveryMs: 150 });
    for (let i = 0; i < 10; i += 1) await send(pub, relayTopic, `v${i}`);
    await vi.waitFor(() => expect(links.relayStats()).toMatchObject({ relayed: 10, pending: 0, failures: 2, dropped: 0 }), { timeout: 10_000 });
    expect(calls.length).toBe(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(calls[2]?.values.map((v) => v.payload)).toEqual(Array.from({ length: 10 }, (_, i) => `v${i}`));
    expect(links.relayStats()?.lastError).toBe('server unreachable');
  });

  it('bounds what waits during an outage, dropping the oldest with a count, and lets refused batches go', async () => {
    let up = false;
    const relayed: string[] = [];
    const links = await setup('relay-bound.db', async (batch) => {
      if (!up) throw new Error('down');
      relayed.push(...batch.values.map((v) => v.payload));
    }, { relayEveryMs: 100, relayBatchSize: 10, relayMaxPending: 20 });
    for (let i = 0; i < 50; i += 1) await send(pub, relayTopic, String(i));
    await vi.waitFor(
      () => {
        const during = links.relayStats();
        expect(during?.failures).toBeGreaterThanOrEqual(2);
        expect((during?.pending ?? 0) + (during?.dropped ?? 0)).toBe(50);
        expect(during?.pending).toBeLessThanOrEqual(30); // 20 waiting + at most one batch in flight
      },
      { timeout: 10_000 },
    );
    up = true;
    await vi.waitFor(() => expect(links.relayStats()?.pending).toBe(0), { timeout: 10_000 });
    const after = links.relayStats();
    expect((after?.relayed ?? 0) + (after?.dropped ?? 0)).toBe(50);
    expect(relayed.at(-1)).toBe('49');
    expect(Number(relayed[0])).toBeGreaterThan(0);

    const refusing = await setup('relay-refused.db', async () => {
      throw new RelayError(400, true);
    }, { relayEveryMs: 100 });
    await send(pub, relayTopic, 'bad');
    await vi.waitFor(() => expect(refusing.relayStats()).toMatchObject({ rejected: 1, pending: 0, failures: 1 }), { timeout: 10_000 });
  });
});
