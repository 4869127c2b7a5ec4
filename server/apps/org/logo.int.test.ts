import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })[format]().toBuffer();

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => {
  await platform?.stop();
});

/** TestClient.upload sends POST; the logo is replaced with PUT, so the test sends the multipart body itself. */
async function upload(client: TestClient, name: string, bytes: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${platform.url}/api/org/logo?lang=en`, { method: 'PUT', body: form, headers: { cookie: client.cookieHeader, 'x-csrf-token': client.csrf ?? 'web' } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('the space\'s logo', () => {
  it('the admin uploads a logo; it is re-encoded to a PNG that fits the box and every member reads it', async () => {
    const answer = ok(await upload(admin, 'logo.jpg', await image(1200, 300, 'jpeg')));
    expect(answer).toMatchObject({ width: 512, height: 128 });
    const served = await user.download('/api/org/logo');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', width: 512, height: 128 });
    expect(ok(await user.get('/api/org/appearance')).logo).toEqual({ version: answer.version });
  });

  it('refuses what is not an image, the wrong size and a huge canvas, with a 422 that changes nothing', async () => {
    const before = ok(await admin.get('/api/org/appearance')).logo;
    const text = await upload(admin, 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(422);
    expect(text.body.text).toContain('Only PNG');
    expect((await upload(admin, 'tiny.png', await image(10, 10))).body.text).toContain('10×10');
    expect((await upload(admin, 'wide.png', await image(5000, 40))).status).toBe(422);
    // Small on disk, enormous once decoded: refused from its header, before any decoding.
    const bomb = await image(6000, 6000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(admin, 'bomb.png', bomb)).status).toBe(422);
    expect(ok(await admin.get('/api/org/appearance')).logo).toEqual(before);
  });

  it('is the admin\'s to change; space B never sees space A\'s logo', async () => {
    expect((await upload(user, 'logo.png', await image(100, 100))).status).toBe(403);
    expect((await novaAdmin.download('/api/org/logo')).status).toBe(404);
    expect(ok(await novaAdmin.get('/api/org/appearance')).logo).toBeNull();
    ok(await admin.delete('/api/org/logo'));
    expect((await user.download('/api/org/logo')).status).toBe(404);
  });
});
