import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaUser: TestClient;
let userId: string;

const MB = 1024 * 1024;
function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })[format]().toBuffer();
const crop = (size = 256) => sharp({ create: { width: size, height: size, channels: 4, background: { r: 10, g: 120, b: 60, alpha: 1 } } }).png().toBuffer();

/** A 24-bit BITMAPINFOHEADER BMP, built by hand: sharp cannot write BMP. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + row * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(row * height, 34);
  return Buffer.concat([header, Buffer.alloc(row * height, 0x7f)]);
}

/** The upload as the browser sends it: multipart PUT, the original first, the crop second. */
async function upload(client: TestClient, files: Array<[string, Buffer]>, path = '/api/org/me/portrait?lang=en'): Promise<Answer> {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${platform.url}${path}`, { method: 'PUT', body: form, headers: { cookie: client.cookieHeader, 'x-csrf-token': client.csrf ?? 'web' } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}
const served = (client: TestClient, id = userId) => client.download(`/api/org/members/${id}/portrait`);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaUser] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.user')]);
  userId = ok(await user.get('/api/account/me')).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('personal settings: avatar (§3 portrait, §5)', () => {
  it('is refused while the administrator does not let members change it', async () => {
    const answer = await upload(user, [['me.jpg', await image(800, 600, 'jpeg')], ['crop.png', await crop()]]);
    expect(answer.status).toBe(422);
    expect(answer.body.data).toEqual({ field: 'portrait' });
    expect((await served(admin)).status).toBe(204);
    ok(await admin.put('/api/org/member-self-edit', { fields: ['signature', 'portrait'] }));
  });

  it('stores the server\'s re-encoding of the 256×256 crop; members of the space see it, privately cached', async () => {
    const withExif = await sharp(await crop()).withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS 31.2N' } } }).png().toBuffer();
    expect(withExif.includes(Buffer.from('secret-owner'))).toBe(true);
    const answer = ok(await upload(user, [['me.jpg', await image(800, 600, 'jpeg')], ['crop.png', withExif]]));
    expect(answer.portrait).toMatch(new RegExp(`^/api/org/members/${userId}/portrait\\?v=\\d+$`));
    expect(ok(await user.get('/api/org/me/profile')).portrait).toBe(answer.portrait);
    const got = await served(admin);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toMatch(/^private/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(got.bytes).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(got.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('accepts every §5 type by content: GIF, PNG and BMP (exactly 340×260)', async () => {
    ok(await upload(user, [['a.gif', await image(400, 300, 'gif')], ['crop.png', await crop()]]));
    ok(await upload(user, [['a.png', await image(340, 260)], ['crop.png', await crop()]]));
    ok(await upload(user, [['a.bmp', bmp(340, 260)], ['crop.png', await crop()]]));
  });

  it('refuses a wrong type, 3 MB + 1 byte, 339×260, a wrong crop and a decompression bomb; nothing changes', async () => {
    const before = (await served(user)).bytes;
    const good = await crop();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const cases: Array<[Array<[string, Buffer]>, string]> = [
      [[['avatar.png', pdf], ['crop.png', good]], 'JPG, JPEG, GIF, PNG or BMP'],
      [[['avatar.png', Buffer.concat([await image(400, 300), Buffer.alloc(3 * MB + 1 - (await image(400, 300)).length)])], ['crop.png', good]], 'at most 3 MB'],
      [[['small.png', await image(339, 260)], ['crop.png', good]], '339×260'],
      [[['short.png', await image(340, 259)], ['crop.png', good]], '340×259'],
      [[['small.bmp', bmp(339, 260)], ['crop.png', good]], '339×260'],
      [[['me.png', await image(400, 300)], ['crop.png', await crop(255)]], '256×256'],
      [[['me.png', await image(400, 300)], ['crop.jpg', await image(256, 256, 'jpeg')]], '256×256'],
      [[['me.png', await image(400, 300)]], 'original image and the cropped'],
    ];
    for (const [files, text] of cases) {
      const answer = await upload(user, files);
      expect(answer.status, files[0]![0]).toBe(422);
      expect(answer.body.text).toContain(text);
    }
    // Small on the wire, 64 megapixels once decoded: refused from its header, before any decoding.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(3 * MB);
    const refused = await upload(user, [['bomb.png', bomb], ['crop.png', good]]);
    expect(refused.status).toBe(422);
    expect(refused.body.text).toContain('too large to process');
    expect((await served(user)).bytes.equals(before)).toBe(true);
  });

  it('another space cannot read it, nor through its own space\'s address; a stranger\'s id is 404', async () => {
    expect((await served(novaUser)).status).toBe(404);
    expect([403, 404]).toContain((await novaUser.download(`/space-acme/api/org/members/${userId}/portrait`)).status);
    const novaId = ok(await novaUser.get('/api/account/me')).id;
    expect((await served(admin, novaId)).status).toBe(404);
  });

  it('he removes it; then there is none', async () => {
    expect(ok(await user.delete('/api/org/me/portrait'))).toEqual({ portrait: null });
    const none = await served(admin);
    expect(none.status).toBe(204);
    expect(none.bytes.length).toBe(0);
    expect(ok(await user.get('/api/org/me/profile')).portrait).toBeNull();
  });

  it('without one, the header\'s request on every page load is no refused read in the operation log; a stranger\'s id is', async () => {
    // What each page load asks (the account menu's avatar, shell/header/AccountMenu.tsx), three loads.
    for (let load = 0; load < 3; load++) expect((await user.download(`/space-acme/api/org/members/${userId}/portrait`)).status).toBe(204);
    const novaId = ok(await novaUser.get('/api/account/me')).id;
    expect((await user.download(`/api/org/members/${novaId}/portrait`)).status).toBe(404);
    const auditor = await signedIn(platform.url, 'acme.audit');
    const entries: Array<{ action: string; target: string | null; status: number }> = ok(await auditor.get(`/api/kernel/oplog?userId=${userId}&limit=200`)).entries;
    const portraitReads = entries.filter((entry) => entry.action === 'GET /api/org/members/:id/portrait');
    expect(portraitReads.map((entry) => entry.status)).toEqual([404]);
  });
});
