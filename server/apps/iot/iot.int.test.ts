import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRelay, RelayError } from '../../../electron/main/services/mqtt-relay.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { tenancyProblems } from '../../kernel/db/catalog.ts';
import { migrate } from '../../kernel/db/migrate.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { createHttpServer, type App } from '../../kernel/http/server.ts';
import { registerKernelRoutes } from '../../kernel/routes/index.ts';
import type { Platform } from '../../platform.ts';
import { MIGRATION_SOURCES } from '../index.ts';
import { iotApp } from './routes.ts';

let platform: Platform;
let app: App;
let base: string;
let acme: TestClient;
let nova: TestClient;
let auditor: TestClient;
const here = path.dirname(fileURLToPath(import.meta.url));

beforeAll(async () => {
  platform = await startTestPlatform();
  // The app registry is not ours to edit: apply this app's migrations and routes here (once registered, the
  // registry's own `iot` source is the same folder, so it is left out rather than applied twice).
  const sources = [...MIGRATION_SOURCES.filter((s) => s.scope !== 'iot'), { scope: 'iot', dir: path.join(here, 'migrations') }];
  await migrate(platform.kernel.databases.owner, sources);
  app = await createHttpServer(platform.kernel, false, path.join(os.tmpdir(), 'qpaas-iot-no-web'));
  registerKernelRoutes(app, platform.kernel);
  iotApp.register(app, platform.kernel);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  [acme, nova, auditor] = await Promise.all([
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'nova.user'),
    signedIn(platform.url, 'acme.audit'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await platform?.stop();
});

const headers = (client: TestClient, extra: Record<string, string> = {}) => ({
  cookie: client.cookieHeader,
  'x-csrf-token': client.csrf ?? '',
  ...extra,
});
const relay = (client: TestClient, payload: unknown, url = '/api/iot/relay') =>
  app.inject({ method: 'POST', url, headers: headers(client), payload: payload as object });
const read = async (client: TestClient, query = '') => {
  const answer = await app.inject({ method: 'GET', url: `/api/iot/values${query}`, headers: headers(client) });
  return { status: answer.statusCode, body: answer.json() };
};
const countIn = (space: string) =>
  inSpace(platform.kernel.db, space, async (trx) =>
    Number((await trx.selectFrom('iot_device_value').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
  );
const value = (topic: string, payload: string, at = '2026-03-01T08:00:00.000Z') => ({ linkName: 'Press 1', topic, payload, at });

describe('POST /api/iot/relay', () => {
  it('stores a batch in one go and answers how many', async () => {
    const answer = await relay(acme, {
      values: [
        value('acme/press1/temp', '71.5', '2026-03-01T08:00:00.000Z'),
        value('acme/press1/temp', '72.0', '2026-03-01T08:00:01.000Z'),
        value('acme/press1/state', 'RUN', '2026-03-01T07:59:59.000Z'),
      ],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 200, msg: 'ok', data: { stored: 3 } });
    const all = await read(acme);
    expect(all.status).toBe(200);
    expect(all.body.data.values.map((v: { payload: string }) => v.payload)).toEqual(['72.0', '71.5', 'RUN']);
    expect(all.body.data.values[0]).toMatchObject({ linkName: 'Press 1', topic: 'acme/press1/temp', at: '2026-03-01T08:00:01.000Z' });
    const temps = await read(acme, '?topic=acme%2Fpress1%2Ftemp&limit=1');
    expect(temps.body.data.values.map((v: { payload: string }) => v.payload)).toEqual(['72.0']);
  });

  it('writes the operation log under iot.relay', async () => {
    const rows = await platform.kernel.databases.owner.query<{ target: string }>(
      "select target from oplog where action = 'iot.relay' and result = 'ok'",
    );
    expect(rows.rows.map((r) => r.target)).toContain('Press 1');
  });

  it('refuses bad input with 400 and stores nothing of it', async () => {
    const before = await countIn('acme');
    const bad: Array<[string, unknown]> = [
      ['too many values', { values: Array.from({ length: 501 }, (_, i) => value(`acme/t/${i}`, '1')) }],
      ['no values', { values: [] }],
      ['unknown property in a value', { values: [{ ...value('acme/x', '1'), space_id: 'nova' }] }],
      ['unknown property in the body', { values: [value('acme/x', '1')], spaceId: 'nova' }],
      ['not a date', { values: [value('acme/x', '1', 'yesterday')] }],
      ['impossible date', { values: [value('acme/x', '1', '2026-02-30T10:00:00Z')] }],
      ['date without a time', { values: [value('acme/x', '1', '2026-03-01')] }],
      ['year zero', { values: [value('acme/x', '1', '0000-01-01T00:00:00Z')] }],
      ['topic too long', { values: [value(`acme/${'t'.repeat(252)}`, '1')] }],
      ['wildcard topic', { values: [value('acme/+/temp', '1')] }],
      ['payload over 16 KB', { values: [value('acme/x', 'x'.repeat(16 * 1024 + 1))] }],
      ['missing link name', { values: [{ topic: 'acme/x', payload: '1', at: '2026-03-01T08:00:00Z' }] }],
    ];
    for (const [why, body] of bad) {
      const answer = await relay(acme, body);
      expect(answer.statusCode, why).toBe(422);
      expect(answer.json().msg, why).toMatch(/^validation\./);
    }
    // One good value among bad ones: the whole batch is refused, not half stored.
    const mixed = await relay(acme, { values: [value('acme/ok', '1'), value('acme/bad', '2', 'soon')] });
    expect(mixed.statusCode).toBe(422);
    expect(await countIn('acme')).toBe(before);
    expect((await read(acme, '?limit=1000')).status).toBe(422);
  });

  it('takes exactly 500 values and a 16 KB payload', async () => {
    const values = Array.from({ length: 500 }, (_, i) => value(`acme/bulk/${i % 7}`, i === 0 ? 'y'.repeat(16 * 1024) : String(i)));
    const answer = await relay(acme, { values });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.stored).toBe(500);
  });

  it('is for admins and users of the space only', async () => {
    expect((await relay(auditor, { values: [value('acme/x', '1')] })).statusCode).toBe(403);
    expect((await read(auditor)).status).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/iot/relay',
      headers: { 'x-csrf-token': 'web' },
      payload: { values: [value('acme/x', '1')] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('spaces stay apart', () => {
  it("a nova user reads none of acme's values, and nova's relay lands in nova only", async () => {
    const acmeBefore = await countIn('acme');
    const sent = await relay(nova, { values: [value('nova/extruder/temp', '210')] });
    expect(sent.statusCode).toBe(200);
    const novaValues = (await read(nova)).body.data.values as Array<{ topic: string }>;
    expect(novaValues.map((v) => v.topic)).toEqual(['nova/extruder/temp']);
    expect((await read(nova, '?topic=acme%2Fpress1%2Ftemp')).body.data.values).toEqual([]);
    expect(await countIn('acme')).toBe(acmeBefore);
    expect(await countIn('nova')).toBe(1);
    const acmeTopics = ((await read(acme, '?limit=999')).body.data.values as Array<{ topic: string }>).map((v) => v.topic);
    expect(acmeTopics).not.toContain('nova/extruder/temp');
  });

  it("a nova user cannot write or read through acme's space prefix", async () => {
    expect((await relay(nova, { values: [value('planted', '1')] }, '/space-acme/api/iot/relay')).statusCode).toBe(403);
    const peek = await app.inject({ method: 'GET', url: '/space-acme/api/iot/values', headers: headers(nova) });
    expect(peek.statusCode).toBe(403);
  });

  it('the catalog still has no tenancy problem, and the table is forced under RLS', async () => {
    const owner = platform.kernel.databases.owner;
    expect(await tenancyProblems(owner)).toEqual([]);
    const table = await owner.query("select relrowsecurity, relforcerowsecurity from pg_class where relname = 'iot_device_value'");
    expect(table.rows[0]).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
    const outside = await platform.kernel.db.selectFrom('iot_device_value').selectAll().execute();
    expect(outside).toEqual([]); // no space set: no rows
  });
});

describe("the desktop app's httpRelay against this endpoint", () => {
  it('stores a batch once even when the same batch is sent again (Idempotency-Key)', async () => {
    const send = httpRelay(base, { cookie: acme.cookieHeader, csrf: acme.csrf ?? '' });
    const batch = { key: 'batch-test-1', values: [value('acme/relay/a', 'A1'), value('acme/relay/b', 'B1')] };
    const before = await countIn('acme');
    await send(batch);
    await send(batch); // the answer was lost, the desktop app retries
    expect(await countIn('acme')).toBe(before + 2);
  });

  it('throws a permanent RelayError on a refused batch and a retryable one when signed out', async () => {
    const send = httpRelay(`${base}/`, { cookie: acme.cookieHeader, csrf: acme.csrf ?? '' });
    const refused = await send({ key: 'batch-test-2', values: [value('acme/+', 'x')] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RelayError);
    expect(refused).toMatchObject({ status: 422, permanent: true });
    const stranger = httpRelay(base, { cookie: 'qp_sid=nothing', csrf: 'x' });
    await expect(stranger({ key: 'batch-test-3', values: [value('acme/x', '1')] })).rejects.toMatchObject({ status: 401, permanent: false });
  });

  it('splits a batch over the 1 MiB body limit into several requests', async () => {
    const send = httpRelay(base, { cookie: acme.cookieHeader, csrf: acme.csrf ?? '' });
    const before = await countIn('acme');
    await send({ key: 'batch-test-4', values: Array.from({ length: 100 }, (_, i) => value(`acme/big/${i}`, 'z'.repeat(16 * 1024))) });
    expect(await countIn('acme')).toBe(before + 100);
  });
});
