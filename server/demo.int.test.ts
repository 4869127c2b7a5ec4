import os from 'node:os';
import { connect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../tests/support/client.ts';
import { startTestPlatform } from '../tests/support/platform.ts';
import { DEMO_TOPIC_ROOT } from '../shared/api/iot.ts';
import { DEMO_LINK } from './apps/iot/demo-line.ts';
import { readConfig } from './config.ts';
import type { Platform } from './platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform({ demoDevices: true });
});
afterAll(async () => {
  await platform?.stop();
});

/** An address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const address of list ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return null;
}

describe('the demo device line', () => {
  it('publishes on an embedded loopback broker, and the relay stores it in each demo space for the device page', async () => {
    expect(platform.demoLine?.brokerUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    const [acme, nova] = await Promise.all([signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.user')]);
    for (const client of [acme, nova]) {
      const values = await vi.waitFor(async () => {
        const answer = await client.get('/api/iot/values?limit=50');
        expect(answer.status).toBe(200);
        expect(answer.body.data.values.length).toBeGreaterThan(0);
        return answer.body.data.values as Array<{ linkName: string; topic: string; payload: string }>;
      }, { timeout: 20_000, interval: 200 });
      expect(values.every((v) => v.linkName === DEMO_LINK && v.topic.startsWith(`${DEMO_TOPIC_ROOT}/`))).toBe(true);
      expect(values.some((v) => /^\d+(\.\d+)?$/.test(v.payload))).toBe(true);
    }
  });

  it('a desktop link to the broker hears the line live', async () => {
    const client = connect(platform.demoLine!.brokerUrl, { reconnectPeriod: 0 });
    try {
      await new Promise<void>((resolve, reject) => (client.once('connect', () => resolve()), client.once('error', reject)));
      await client.subscribeAsync(`${DEMO_TOPIC_ROOT}/#`);
      const topic = await new Promise<string>((resolve) => client.once('message', (t) => resolve(t)));
      expect(topic.startsWith(`${DEMO_TOPIC_ROOT}/`)).toBe(true);
    } finally {
      await client.endAsync(true);
    }
  });

  it('listens on loopback only: the machine\'s other address refuses the broker port', async () => {
    const outside = outsideAddress();
    if (!outside) return void console.log('no non-loopback address on this machine: the loopback check has nothing to try');
    const client = connect(`mqtt://${outside}:${platform.demoLine!.port}`, { reconnectPeriod: 0, connectTimeout: 3_000 });
    const error = await new Promise<Error>((resolve) => client.once('error', resolve));
    client.end(true);
    expect((error as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('DEMO_SEED=0 starts no line; the broker port defaults clear of 1883 and can be changed or turned off', async () => {
    const off = await startTestPlatform({ demoSeed: false, demoDevices: true });
    try {
      expect(off.demoLine).toBeNull();
    } finally {
      await off.stop();
    }
    expect(readConfig({}).demoMqttPort).toBe(18830);
    expect(readConfig({ DEMO_MQTT_PORT: '1884' }).demoMqttPort).toBe(1884);
    expect(readConfig({ DEMO_MQTT_PORT: 'off' }).demoMqttPort).toBeNull();
    expect(() => readConfig({ DEMO_MQTT_PORT: 'x' })).toThrow(/DEMO_MQTT_PORT/);
  });
});

describe('the demo application', () => {
  it('has date-time downtime fields and an occupy view whose bookings cannot overlap', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    const apps = (await admin.get('/api/appcenter/apps')).body.data;
    const list = (Array.isArray(apps) ? apps : (apps.apps ?? apps.items)) as Array<{ id: string; name: string }>;
    const demoApp = list.find((a) => a.name.startsWith('设备点检'))!;
    const forms = (await admin.get(`/api/forms/apps/${demoApp.id}/forms`)).body.data;
    const form = ((Array.isArray(forms) ? forms : forms.forms) as Array<{ id: string }>)[0]!;
    const views = (await admin.get(`/api/forms/forms/${form.id}/views`)).body.data;
    const occupy = ((Array.isArray(views) ? views : views.views) as Array<{ kind: string; config: Record<string, string> }>).find((v) => v.kind === 'occupy');
    expect(occupy?.config).toEqual({ resourceField: 'f7', startField: 'f8', endField: 'f9' });
    // The day the demo was seeded on (the run's template may be older than today's UTC midnight).
    const page = (await admin.get(`/api/forms/forms/${form.id}/records`)).body.data as { records: Array<{ values: Record<string, string> }> };
    const seeded = page.records.find((r) => r.values.f7 === '一号线 Line 1' && r.values.f8);
    expect(seeded, 'a seeded downtime on line 1').toBeDefined();
    const day = new Date(seeded!.values.f8!).toISOString().slice(0, 10);
    const clash = await admin.post(`/api/forms/forms/${form.id}/records`, {
      values: { f1: '测试 Test', f7: '一号线 Line 1', f8: `${day}T02:00:00.000Z`, f9: `${day}T05:00:00.000Z` },
    });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    const free = await admin.post(`/api/forms/forms/${form.id}/records`, {
      values: { f1: '测试 Test', f7: '一号线 Line 1', f8: `${day}T09:00:00.000Z`, f9: `${day}T10:00:00.000Z` },
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });
});
