import { createHash } from 'node:crypto';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, updateFeedOf } from '../../../../electron/main/settings.ts';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;
let guest: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const owner = (text: string, values: unknown[] = []) => platform.kernel.databases.owner.query(text, values);
const sha = (text: string) => createHash('sha512').update(text).digest('base64');
const release = (version: string, over: Record<string, unknown> = {}) => ({
  platform: 'windows',
  version,
  notesZh: `修复 ${version}`,
  notesEn: `Fixes in ${version}`,
  downloadUrl: `https://downloads.example.com/QPaaS-Setup-${version}.exe`,
  sha512: sha(version),
  sizeBytes: 1000 + Number(version.split('.')[1]),
  mandatory: false,
  ...over,
});

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
  guest = new TestClient(platform.url);
});
afterAll(async () => {
  await platform?.stop();
});

async function feed(file: string) {
  const response = await fetch(`${platform.url}/api/desktop/update/${file}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('app versions and the desktop update feed (/sysop/apkconfig, decision 0083)', () => {
  it('has no feed before a desktop release is published', async () => {
    expect((await feed('latest.yml')).status).toBe(404);
  });

  it('serves latest.yml for the newest desktop release, compared as versions, not as text', async () => {
    ok(await root.post('/api/console/access/releases', release('1.9.0')));
    ok(await root.post('/api/console/access/releases', release('1.10.0', { notesZh: '新增："设备直连"\n第二行', mandatory: true })));
    ok(await root.post('/api/console/access/releases', release('1.2.0')));
    ok(await root.post('/api/console/access/releases', release('2.0.0', { platform: 'android', sha512: null, downloadUrl: 'https://downloads.example.com/qpaas.apk' })));
    const served = await feed('latest.yml');
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/yaml/);
    const parsed = yaml.load(served.text) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      version: '1.10.0',
      files: [{ url: 'https://downloads.example.com/QPaaS-Setup-1.10.0.exe', sha512: sha('1.10.0'), size: 1010 }],
      path: 'https://downloads.example.com/QPaaS-Setup-1.10.0.exe',
      sha512: sha('1.10.0'),
    });
    expect(parsed.releaseNotes).toBe('新增："设备直连"\n第二行\n\nFixes in 1.10.0');
    expect(Date.parse(String(parsed.releaseDate))).not.toBeNaN();
    expect((await feed('latest-mac.yml')).status).toBe(404);
    expect((await feed('latest-windows.yml')).status).toBe(422);
    const mobile = ok(await guest.get('/api/app-versions/android/latest'));
    expect(mobile).toMatchObject({ version: '2.0.0', mandatory: false, downloadUrl: 'https://downloads.example.com/qpaas.apk' });
  });

  it('makes the served feed the desktop default when none is configured', () => {
    const settings = loadSettings('/nonexistent-dir', { QPAAS_SERVER_URL: 'https://qpaas.example.com' });
    expect(updateFeedOf(settings)).toBe('https://qpaas.example.com/api/desktop/update');
    expect(updateFeedOf({ ...settings, updateFeed: 'https://cdn.example.com' })).toBe('https://cdn.example.com');
  });

  it('refuses a desktop release without its checksum, a duplicate and a bad link, changing nothing', async () => {
    const before = (await owner('select count(*)::int as n from app_release')).rows[0].n;
    const noSha = await root.post('/api/console/access/releases?lang=en', release('3.0.0', { sha512: null }));
    expect(noSha.status).toBe(422);
    expect(noSha.body.text).toBe("A desktop release needs the installer's SHA-512: clients verify the download with it.");
    const duplicate = await root.post('/api/console/access/releases?lang=en', release('1.9.0'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.text).toBe('This platform already has version 1.9.0.');
    expect((await root.post('/api/console/access/releases', release('3.0.1', { downloadUrl: 'javascript:alert(1)' }))).status).toBe(422);
    expect((await root.post('/api/console/access/releases', release('3.0'))).status).toBe(422);
    expect((await owner('select count(*)::int as n from app_release')).rows[0].n).toBe(before);
  });

  it('deletes a release, and the feed falls back to the next newest', async () => {
    const newest = ok(await root.get('/api/console/access/releases')).releases.find((r: any) => r.version === '1.10.0');
    ok(await root.delete(`/api/console/access/releases/${newest.id}`));
    expect((yaml.load((await feed('latest.yml')).text) as { version: string }).version).toBe('1.9.0');
  });

  it('sends the desktop to root\'s own update feed when one is set (/root/systemConfig), and serves its own again when cleared', async () => {
    ok(await root.patch('/api/console/operator/settings', { desktopUpdateFeed: 'https://updates.example.com/qpaas/' }));
    const moved = await fetch(`${platform.url}/api/desktop/update/latest-mac.yml`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'https://updates.example.com/qpaas/latest-mac.yml']);
    // A file the feed does not have is still refused here, before any redirect.
    expect((await fetch(`${platform.url}/api/desktop/update/latest-windows.yml`, { redirect: 'manual' })).status).toBe(422);
    ok(await root.patch('/api/console/operator/settings', { desktopUpdateFeed: null }));
    expect((yaml.load((await feed('latest.yml')).text) as { version: string }).version).toBe('1.9.0');
  });

  it('keeps the applet secret sealed and never answers it', async () => {
    expect(ok(await root.get('/api/console/access/applet')).settings).toBeNull();
    const saved = ok(await root.put('/api/console/access/applet', { appId: 'wx1234abcd', name: '启航小程序', enabled: true, secret: 'applet-secret-1' }));
    expect(saved).toEqual({ appId: 'wx1234abcd', name: '启航小程序', enabled: true, hasSecret: true });
    const sealed = (await owner('select secret_sealed from applet_settings')).rows[0].secret_sealed;
    expect(sealed).not.toContain('applet-secret-1');
    ok(await root.put('/api/console/access/applet', { appId: 'wx1234abcd', name: '启航', enabled: false }));
    expect((await owner('select secret_sealed from applet_settings')).rows[0].secret_sealed).toBe(sealed);
    expect(JSON.stringify((await root.get('/api/console/access/applet')).body)).not.toContain('applet-secret-1');
    expect((await root.put('/api/console/access/applet', { appId: 'x', name: '', enabled: true })).status).toBe(422);
  });

  it('keeps versions and applet settings to root', async () => {
    expect((await admin.get('/api/console/access/releases')).status).toBe(403);
    expect((await admin.post('/api/console/access/releases', release('9.9.9'))).status).toBe(403);
    expect((await admin.put('/api/console/access/applet', { appId: 'wxmine123', name: 'x', enabled: true })).status).toBe(403);
    expect((await admin.get('/api/console/access/applet')).status).toBe(403);
    expect((await owner(`select count(*)::int as n from app_release where version = '9.9.9'`)).rows[0].n).toBe(0);
  });
});
