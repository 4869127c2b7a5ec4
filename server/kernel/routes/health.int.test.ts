import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { freePort } from '../db/embedded.ts';
import type { App } from '../http/server.ts';
import { registerHealthRoutes } from './health.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

describe('health and readiness for proxies and orchestrators', () => {
  it('answer without a session: alive, and ready once started', async () => {
    const alive = await fetch(`${platform.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${platform.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('readiness fails first when the process drains, while it is still alive', async () => {
    platform.readiness.draining = true;
    try {
      const ready = await fetch(`${platform.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
      expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
    } finally {
      platform.readiness.draining = false;
    }
  });

  it('readiness fails while the database cannot be reached', async () => {
    const nowhere = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'nobody', connectionTimeoutMillis: 500 });
    nowhere.on('error', () => undefined);
    const app = Fastify() as unknown as App;
    registerHealthRoutes(app, nowhere, { migrated: true, draining: false });
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await nowhere.end();
    }
  });
});
