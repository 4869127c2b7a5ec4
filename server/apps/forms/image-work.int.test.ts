import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { blankPng } from '../../../tests/support/png.ts';
import type { Platform } from '../../platform.ts';

/** What one image, and one request's images, may cost to decode (decision 0103), through every upload route. */
let platform: Platform;
let admin: TestClient, user: TestClient;
const STRIP = blankPng(1, 50_000_000); // 97 KB; decoding it took about a minute of CPU
const BIG = blankPng(7000, 7000); // 49 MP: within every bound of one image

const storedFiles = async () => Number((await platform.kernel.databases.owner.query('select (select count(*) from forms_file) + (select count(*) from chat_file) as n')).rows[0].n);
const upload = (files: Array<{ name: string; bytes: Buffer }>, purpose = 'image', lang = 'en') => user.upload(`/api/forms/files?purpose=${purpose}&lang=${lang}`, files);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('an upload costs bounded work to decode', () => {
  it('a 1 × 50,000,000 PNG is refused by its side, before decoding, as an image or an attachment, in the caller language', async () => {
    const before = await storedFiles();
    const started = Date.now();
    const en = await upload([{ name: 'strip.png', bytes: STRIP }]);
    expect([en.status, en.body.msg]).toEqual([422, 'forms.file.imageTooLong']);
    expect(en.body.text).toBe('Image strip.png is 1 × 50000000 pixels; each side may be at most 20000 pixels.');
    const zh = await upload([{ name: 'strip.png', bytes: STRIP }], 'attachment', 'zh-CN');
    expect([zh.status, zh.body.text]).toEqual([422, '图片 strip.png 为 1 × 50000000 像素，每边最多允许 20000 像素']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await storedFiles()).toBe(before);
  });

  it("one request's images hold 100 megapixels together at most: three of 49 MP are a 422 keeping none, two are stored", async () => {
    const before = await storedFiles();
    const three = await upload(['a', 'b', 'c'].map((n) => ({ name: `${n}.png`, bytes: BIG })));
    expect([three.status, three.body.msg]).toEqual([422, 'forms.file.imagesTooLarge']);
    expect(three.body.text).toBe('These images hold 147 million pixels together; one upload may hold at most 100 million. Upload them in several goes.');
    expect(await storedFiles()).toBe(before);
    const two = await upload(['a', 'b'].map((n) => ({ name: `${n}.png`, bytes: BIG })));
    expect(two.status).toBe(200);
    expect(await storedFiles()).toBe(before + 2);
  });

  it('a chat image goes through the same bounds', async () => {
    await ok(admin.put('/api/org/appearance/webchat', { enabled: true }));
    const adminId = (await ok(admin.get('/api/account/me'))).id as string;
    const chat = await ok(user.post('/api/chat/conversations/direct', { userId: adminId }));
    const before = await storedFiles();
    const answer = await user.upload(`/api/chat/conversations/${chat.id}/files?kind=image&lang=en`, [{ name: 'strip.png', bytes: STRIP }]);
    expect([answer.status, answer.body.msg]).toEqual([422, 'forms.file.imageTooLong']);
    const many = await user.upload(`/api/chat/conversations/${chat.id}/files?kind=file&lang=en`, ['a', 'b', 'c'].map((n) => ({ name: `${n}.png`, bytes: BIG })));
    expect([many.status, many.body.msg]).toEqual([422, 'forms.file.imagesTooLarge']);
    expect(await storedFiles()).toBe(before);
  });
});
