import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient, admin: TestClient, user: TestClient;
const API = '/api/appcenter/store/banners';

beforeAll(async () => {
  platform = await startTestPlatform();
  [root, admin, user] = await Promise.all([signedIn(platform.url, 'root'), signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user')]);
});
afterAll(async () => {
  await platform?.stop();
});

const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })[format]().toBuffer();

/** The image is replaced with PUT: the multipart body is sent by hand (TestClient.upload sends POST). */
async function upload(client: TestClient, id: string, name: string, bytes: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${platform.url}${API}/${id}/image?lang=en`, { method: 'PUT', body: form, headers: { cookie: client.cookieHeader, 'x-csrf-token': client.csrf ?? 'web' } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('the store banners (appstore/setupbanner)', () => {
  let id: string;

  it('root creates a banner; a bad link or a blank title is a 422; admins cannot write banners', async () => {
    const bad = await root.post(API, { title: 'Spring', link: 'javascript:alert(1)', sort: 1, enabled: true }, { 'accept-language': 'en' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('appcenter.store.banner.badLink');
    expect((await root.post(API, { title: '   ', link: '', sort: 1, enabled: true })).body.msg).toBe('appcenter.store.banner.titleBlank');
    expect((await admin.post(API, { title: 'Mine', link: '', sort: 1, enabled: true })).status).toBe(403);
    const banner = await ok(root.post(API, { title: 'Spring apps', link: '/appstore', sort: 1, enabled: true }));
    expect(banner).toMatchObject({ title: 'Spring apps', hasImage: false });
    id = banner.id;
    // Without an image it is not shown in the store.
    expect((await ok(admin.get(API))).banners).toEqual([]);
  });

  it('an image is checked by content, size and dimensions, then re-encoded; the store shows the banner', async () => {
    expect((await upload(admin, id, 'b.png', await image(1600, 400))).status).toBe(403);
    const script = await upload(root, id, 'b.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(script.status).toBe(422);
    expect(script.body.msg).toBe('appcenter.store.banner.badType');
    const small = await upload(root, id, 'b.png', await image(300, 100));
    expect(small.body.msg).toBe('appcenter.store.banner.badSize');
    expect(small.body.text).toContain('300×100');
    expect((await upload(root, id, 'bomb.png', await image(6000, 6000))).status).toBe(422);
    expect((await ok(root.get(`${API}/all`))).banners[0]).toMatchObject({ hasImage: false });

    const stored = await ok(upload(root, id, 'b.jpg', await image(2000, 600, 'jpeg')));
    expect(stored).toMatchObject({ hasImage: true, width: 1600, height: 400 });
    const shown = (await ok(admin.get(API))).banners;
    expect(shown).toEqual([expect.objectContaining({ id, title: 'Spring apps', link: '/appstore' })]);
    const served = await user.download(`${API}/${id}/image`);
    expect(served.status).toBe(200);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', width: 1600, height: 400 });
  });

  it('switched off it leaves the store; deleted it is gone', async () => {
    await ok(root.put(`${API}/${id}`, { title: 'Spring apps', link: 'https://example.com/spring', sort: 2, enabled: false }));
    expect((await ok(admin.get(API))).banners).toEqual([]);
    await ok(root.delete(`${API}/${id}`));
    expect((await root.delete(`${API}/${id}`)).status).toBe(404);
    expect((await user.download(`${API}/${id}/image`)).status).toBe(404);
  });
});
