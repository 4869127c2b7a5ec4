import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { appData, custom, draft, messageAlert, myWork, ok, picture, quickEntry, upload } from './portal-test-kit.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let nova: TestClient;
let form: { appId: string; formId: string };
const PATH = '/api/portal/portals';
const all = async (terminal = 'web') => ok(await admin.get(`${PATH}?terminal=${terminal}&manage=1`)) as any[];

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  // f1 is required (a title field may be it); f6 (notes) is not.
  form = await publishedForm(admin, ORDER_FIELDS);
});
afterAll(async () => {
  await platform?.stop();
});

/** Posts a draft that must be refused with `key`, and proves nothing was saved. */
async function refused(body: object, key: string) {
  const before = await all();
  const answer = await admin.post(PATH, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.msg).toBe(key);
  expect(answer.body.data.problems[0].key).toBe(key);
  expect(await all()).toEqual(before);
  return answer;
}

describe('portal limits of §5 on the server', () => {
  it('refuses each broken limit with its message, and saves nothing', async () => {
    const label = { appId: form.appId, formId: form.formId };
    await refused(draft({ name: 'x'.repeat(41) }), 'portal.validation.nameTooLong');
    await refused(draft({ name: '  ' }), 'portal.validation.nameRequired');
    await refused(draft({ components: [messageAlert(), messageAlert()] }), 'portal.validation.onlyOnce');
    await refused(draft({ components: [myWork(), myWork()] }), 'portal.validation.onlyOnce');
    await refused(draft({ components: [appData([label], { pageSize: 1000 })] }), 'portal.validation.pageSize');
    await refused(draft({ components: [appData([label], { maxItems: 1000 })] }), 'portal.validation.maxItems');
    await refused(draft({ components: [appData(Array.from({ length: 11 }, (_, i) => ({ ...label, id: `l${i}` })))] }), 'portal.validation.tooManyLabels');
    await refused(draft({ components: [appData([{ ...label, titleField: 'f6' }])] }), 'portal.validation.titleFieldRequired');
    await refused(draft({ components: [appData([{ ...label, formId: '999999' }])] }), 'portal.validation.labelFormMissing');
    await refused(draft({ roleGroups: ['999999'] }), 'portal.validation.roleGroupUnknown');
    await refused(draft({ components: [quickEntry([{ link: { type: 'app', target: '999999' } }])] }), 'portal.validation.linkTarget');
    await refused(draft({ components: [quickEntry([{ link: { type: 'system', target: 'no.such.page' } }])] }), 'portal.validation.linkTarget');
    await refused(draft({ components: [quickEntry([{ link: { type: 'url', target: 'javascript:alert(1)' } }])] }), 'portal.validation.link');
    const carousel = (await ok(await upload(admin, 'carousel', await picture(1080, 420)), 201)).id as string;
    const items = Array.from({ length: 11 }, () => ({ iconType: 'image' as const, icon: carousel }));
    await refused(draft({ components: [quickEntry(items, 'rotation')] }), 'portal.validation.tooManyItems');
    // Ten are fine; the pictures must be carousel pictures.
    ok(await admin.post(PATH, draft({ name: 'Carousel', components: [quickEntry(items.slice(0, 10), 'rotation')] })), 201);
    const square = (await ok(await upload(admin, 'custom', await picture(500, 500)), 201)).id as string;
    await refused(draft({ components: [quickEntry([{ iconType: 'image', icon: square }], 'rotation')] }), 'portal.validation.imageKind');
    await refused(draft({ cover: carousel }), 'portal.validation.imageKind');
    await refused(draft({ cover: '999999' }), 'portal.validation.imageMissing');
  });

  it('checks every picture by content, type, size and dimensions', async () => {
    const before = ok(await admin.get(`${PATH}?terminal=web&manage=1`));
    const cover = ok(await upload(admin, 'cover', await picture(640, 400, 'jpeg'), 'cover.jpg'), 201);
    expect(cover).toMatchObject({ width: 640, height: 400, url: `/api/portal/images/${cover.id}` });
    const bad = async (kind: 'cover' | 'carousel' | 'custom', bytes: Buffer, key: string, name = 'picture.png') => {
      const answer = await upload(admin, kind, bytes, name);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.msg).toBe(key);
    };
    await bad('cover', await picture(640, 400, 'webp'), 'portal.image.badType');
    await bad('cover', Buffer.from('<html><script>alert(1)</script></html>'), 'portal.image.unreadable');
    await bad('cover', await picture(641, 400), 'portal.image.badSize');
    await bad('cover', await picture(640, 400), 'portal.image.badName', 'cover<1>.png');
    await bad('cover', Buffer.concat([await picture(640, 400), Buffer.alloc(2 * 1024 * 1024)]), 'portal.image.tooLarge');
    await bad('carousel', await picture(1080, 400), 'portal.image.badSize');
    await bad('custom', await picture(600, 500), 'portal.image.badSquare');
    await bad('custom', await picture(400, 400), 'portal.image.badSquare');
    await bad('custom', await picture(600, 600, 'png', true), 'portal.image.tooLarge');
    expect(ok(await admin.get(`${PATH}?terminal=web&manage=1`))).toEqual(before);
    // Members see a picture only through a portal in their scope; managers always.
    expect((await user.get(cover.url)).status).toBe(404);
    expect((await admin.download(cover.url)).headers.get('content-type')).toBe('image/jpeg');
    ok(await admin.post(PATH, draft({ name: 'With cover', cover: cover.id })), 201);
    expect((await user.download(cover.url)).status).toBe(200);
    expect((await nova.download(cover.url)).status).toBe(404);
    expect((await user.upload('/api/portal/images?kind=cover', [{ name: 'c.png', bytes: await picture(640, 400) }])).status).toBe(403);
  });
});

describe('portal management', () => {
  it('creates, edits with an optimistic lock, copies, sets defaults and deletes', async () => {
    const created = ok(await admin.post(PATH, draft({ name: 'Line 3', components: [messageAlert(), myWork()] })), 201);
    expect(created).toMatchObject({ name: 'Line 3', terminal: 'web', system: false, isDefault: false, version: 1, creator: { name: expect.any(String) } });
    const saved = ok(await admin.put(`${PATH}/${created.id}`, { draft: { ...draft({ name: 'Line 3 (north)' }), components: created.components }, version: 1 }));
    expect(saved).toMatchObject({ name: 'Line 3 (north)', version: 2 });
    const stale = await admin.put(`${PATH}/${created.id}`, { draft: draft({ name: 'Lost edit' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('portal.stale');
    expect(stale.body.text).toContain('刷新');
    expect(ok(await admin.get(`${PATH}/${created.id}`)).name).toBe('Line 3 (north)');
    expect((await admin.put(`${PATH}/${created.id}`, { draft: draft({ terminal: 'app' }), version: 2 })).status).toBe(422);

    const copy = ok(await admin.post(`${PATH}/${created.id}/copy`), 201);
    expect(copy).toMatchObject({ name: 'Line 3 (north)（副本）', isDefault: false, system: false, components: created.components });
    const long = ok(await admin.post(PATH, draft({ name: 'L'.repeat(40) })), 201);
    expect([...ok(await admin.post(`${PATH}/${long.id}/copy?lang=en`), 201).name].length).toBe(40);

    // One default per terminal: the seeded system portal (not the default at first) gives way to the next one set.
    const seeded = (await all()).find((p) => p.system);
    expect(seeded).toMatchObject({ isDefault: false, name: '工作台 Workbench' });
    ok(await admin.post(`${PATH}/${seeded.id}/default`));
    expect((await all()).filter((p) => p.isDefault).map((p) => p.id)).toEqual([seeded.id]);
    ok(await admin.post(`${PATH}/${copy.id}/default`));
    const defaults = (await all()).filter((p) => p.isDefault);
    expect(defaults.map((p) => p.id)).toEqual([copy.id]);
    expect((await admin.delete(`${PATH}/${seeded.id}`)).body.msg).toBe('portal.systemUndeletable');
    ok(await admin.delete(`${PATH}/${long.id}`));
    expect((await admin.get(`${PATH}/${long.id}`)).status).toBe(404);
    ok(await admin.post(`${PATH}/${seeded.id}/default`));
  });

  it('sanitises custom HTML when it is saved', async () => {
    const html = [
      '<p onclick="steal()">Safety <b>first</b></p><script>alert(1)</script>',
      '<a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)">',
      '<iframe src="https://player.bilibili.com/player.html?bvid=1"></iframe><iframe src="https://evil.example.com/"></iframe>',
    ].join('');
    const saved = ok(await admin.post(PATH, draft({ name: 'Custom', components: [custom(html)] })), 201);
    const kept = saved.components[0].config.html as string;
    expect(kept).toContain('<b>first</b>');
    for (const gone of ['<script', 'alert(1)', 'onclick', 'onerror', 'javascript:', 'evil.example.com']) expect(kept).not.toContain(gone);
    expect(kept).toContain('src="https://player.bilibili.com/player.html?bvid=1"');
    expect(kept).toMatch(/<iframe sandbox="[^"]+"/);
  });

  it('another space cannot read, open, change, copy or delete a portal; members cannot manage', async () => {
    const portal = ok(await admin.post(PATH, draft({ name: 'Acme only' })), 201);
    expect((await nova.get(`${PATH}/${portal.id}`)).status).toBe(404);
    expect((await nova.get(`/api/portal/open?terminal=web&id=${portal.id}`)).status).toBe(404);
    expect((await nova.put(`${PATH}/${portal.id}`, { draft: draft({ name: 'Taken' }), version: 1 })).status).toBe(404);
    expect((await nova.post(`${PATH}/${portal.id}/copy`)).status).toBe(404);
    expect((await nova.post(`${PATH}/${portal.id}/default`)).status).toBe(404);
    expect((await nova.delete(`${PATH}/${portal.id}`)).status).toBe(404);
    expect(ok(await nova.get(`${PATH}?terminal=web&manage=1`)).map((p: any) => p.name)).not.toContain('Acme only');
    expect((await user.get(`${PATH}?terminal=web&manage=1`)).status).toBe(403);
    expect((await user.post(PATH, draft({ name: 'Mine' }))).status).toBe(403);
    expect(ok(await admin.get(`${PATH}/${portal.id}`))).toMatchObject({ name: 'Acme only', version: 1 });
  });
});
