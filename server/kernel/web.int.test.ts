import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform.ts';
import { startTestPlatform } from '../../tests/support/platform.ts';
import { createHttpServer, type App } from './http/server.ts';
import { registerKernelRoutes } from './routes/index.ts';

let platform: Platform;
let app: App;
/** What the server logs at warn and above: serving a page or a file is no reason for either. */
const warnings: Array<Record<string, unknown>> = [];
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(root, 'assets/app-123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(os.tmpdir(), 'qpaas-secret.txt'), 'secret');
  platform = await startTestPlatform({
    demoSeed: false,
    log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) }),
  });
  app = await createHttpServer(platform.kernel, false, root);
  registerKernelRoutes(app, platform.kernel);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await platform?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('hosting the web app', () => {
  it('answers index.html for page paths, with and without a space prefix', async () => {
    for (const url of ['/', '/home/login?url=%2Fx', '/space-acme/user/workbench', '/SPACE-Acme/appcenter/']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toContain('<title>shell</title>');
    }
  });

  it('serving pages and files logs no warning (each answer is sent once)', async () => {
    warnings.length = 0;
    for (const url of ['/', '/space-acme/workbench', '/assets/app-123.js', '/favicon.svg']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBeLessThan(500);
    }
    // The "already sent" warning comes after the answer, from the handler's promise settling.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.map((line) => line.msg ?? (line.err as { message?: string } | undefined)?.message)).toEqual([]);
  });

  it('serves hashed assets for good, and a missing asset is a 404', async () => {
    const asset = await app.inject({ url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/gone-999.js' })).statusCode).toBe(404);
  });

  it('never serves files outside the build, and API paths stay API answers', async () => {
    for (const url of ['/../qpaas-secret.txt', '/%2e%2e/qpaas-secret.txt', '/assets/..%2f..%2fqpaas-secret.txt']) {
      const answer = await app.inject({ url });
      expect(answer.body, url).not.toContain('secret');
    }
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, msg: 'common.notFound' });
    expect((await app.inject({ url: '/napi/micro-apps/qycloudBaseInfo' })).json().code).toBe(200);
  });

  it('the page source has no inline script (the policy allows script files only)', () => {
    const page = fs.readFileSync(path.resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(page).not.toMatch(/\son[a-z]+=/i);
  });

  it('every answer carries the security headers: pages, assets, API answers, errors and 404s', async () => {
    const answers = [
      await app.inject({ url: '/' }),
      await app.inject({ url: '/space-acme/user/workbench' }),
      await app.inject({ url: '/assets/app-123.js' }),
      await app.inject({ url: '/assets/gone-999.js' }),
      await app.inject({ url: '/napi/micro-apps/qycloudBaseInfo' }),
      await app.inject({ url: '/api/account/me' }),
      await app.inject({ url: '/api/nothing-here' }),
      await app.inject({ method: 'POST', url: '/api/account/login', payload: '{bad json', headers: { 'content-type': 'application/json', 'x-csrf-token': 'web' } }),
      await app.inject({ method: 'HEAD', url: '/' }),
      await app.inject({ method: 'OPTIONS', url: '/api/account/me' }),
      await app.inject({ method: 'DELETE', url: '/assets/app-123.js' }),
      await app.inject({ url: '/api/forms/files/%E0%A4%A' }),
      await app.inject({ url: '/%' }),
    ];
    for (const answer of answers) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, answer.raw.req.url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp.split('; ').find((directive) => directive.startsWith('script-src'))).toBe("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
    }
    const badUrl = await app.inject({ url: '/api/forms/files/%E0%A4%A', headers: { 'accept-language': 'en' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ code: 400, msg: 'request.badUrl', text: 'The address is not a valid URL.' });
  });
});
