import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;
let admin: TestClient;
let member: TestClient;
let guest: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const BASE = '/api/console/access/articles';
const article = (over: Record<string, unknown> = {}) => ({
  kind: 'help',
  category: 'forms',
  titleZh: '导入记录',
  titleEn: 'Importing records',
  summaryZh: '从 Excel 导入。',
  summaryEn: 'From Excel.',
  bodyZh: '<p>选择<strong>导入</strong>。</p>',
  bodyEn: '<p>Choose <strong>Import</strong>.</p>',
  pinned: false,
  hidden: false,
  sort: 5,
  ...over,
});

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
  admin = await signedIn(platform.url, 'acme.admin');
  member = await signedIn(platform.url, 'nova.user');
  guest = new TestClient(platform.url);
});
afterAll(async () => {
  await platform?.stop();
});

describe('help centre and news editing (/sysop/helperCenter, /sysop/helperDetail, decision 0084)', () => {
  it('lists every article, hidden ones too, and opens a plain-text one as paragraphs of HTML', async () => {
    const all = ok(await root.get(BASE)).articles;
    expect(all.filter((a: any) => a.kind === 'news')).toHaveLength(3);
    const first = all.find((a: any) => a.titleEn === 'Signing in for the first time');
    expect(first.rich).toBe(false);
    expect(first.bodyEn).toMatch(/^<p>Sign in with the account.*<\/p><p>After signing in/);
    expect(ok(await root.get(`${BASE}?kind=help`)).articles.every((a: any) => a.kind === 'help')).toBe(true);
  });

  it('removes a script, handlers and javascript: links from the body, and the help centre shows the change', async () => {
    const created = ok(
      await root.post(BASE, article({ bodyEn: '<p onclick="steal()">Choose <a href="javascript:alert(1)">Import</a>.</p><script>alert(document.cookie)</script><img src=x onerror="alert(2)">' })),
    );
    expect(created.bodyEn).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(created.bodyEn).toContain('<p>Choose <a href>Import</a>.</p>');
    const shown = ok(await member.get(`/api/help/${created.id}?lang=en`));
    expect(shown.html).toBe(created.bodyEn);
    expect(shown.title).toBe('Importing records');
    const index = ok(await member.get('/api/help?lang=en'));
    expect(index.categories.find((c: any) => c.key === 'forms').articles.map((a: any) => a.title)).toContain('Importing records');

    const edited = ok(await root.put(`${BASE}/${created.id}`, article({ titleZh: '批量导入记录', bodyZh: '<p>新的<em>步骤</em></p><script>x()</script>' })));
    expect(edited.bodyZh).toBe('<p>新的<em>步骤</em></p>');
    expect(ok(await member.get(`/api/help/${created.id}`))).toMatchObject({ title: '批量导入记录', html: '<p>新的<em>步骤</em></p>' });
  });

  it('edits an existing plain-text article into rich text without losing its words', async () => {
    const first = ok(await root.get(`${BASE}?kind=help`)).articles.find((a: any) => a.titleEn === 'Signing in for the first time');
    const { id, rich, publishedAt, ...input } = first;
    expect(rich).toBe(false);
    ok(await root.put(`${BASE}/${id}`, { ...input, bodyEn: `${input.bodyEn}<p>Ask your administrator if you forgot it.</p>` }));
    const shown = ok(await member.get(`/api/help/${id}?lang=en`));
    expect(shown.html).toMatch(/^<p>Sign in with the account.*Ask your administrator if you forgot it\.<\/p>$/);
    expect(shown.paragraphs).toEqual([]);
    expect(publishedAt).toBeTruthy();
  });

  it('hides and pins news: a hidden announcement leaves the public list, a pinned one leads it', async () => {
    const news = ok(await root.post(BASE, article({ kind: 'news', category: null, titleZh: '新功能', titleEn: 'New features', pinned: false })));
    expect(ok(await guest.get('/api/news?lang=en')).items.map((i: any) => i.title)).toContain('New features');
    ok(await root.put(`${BASE}/${news.id}`, article({ kind: 'news', category: null, titleZh: '新功能', titleEn: 'New features', pinned: true })));
    const pinned = ok(await guest.get('/api/news?lang=en')).items.filter((i: any) => i.pinned).map((i: any) => i.title);
    expect(pinned).toContain('New features');
    ok(await root.put(`${BASE}/${news.id}`, article({ kind: 'news', category: null, titleZh: '新功能', titleEn: 'New features', hidden: true })));
    expect(ok(await guest.get('/api/news?lang=en')).items.map((i: any) => i.title)).not.toContain('New features');
    expect((await guest.get(`/api/news/${news.id}`)).status).toBe(404);
    expect(ok(await root.get(`${BASE}/${news.id}`)).hidden).toBe(true);
  });

  it('refuses bad input with a clear 422 and changes nothing', async () => {
    const before = ok(await root.get(BASE)).articles.length;
    const noCategory = await root.post(`${BASE}?lang=en`, article({ category: null }));
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.text).toBe('A help article needs a category; an announcement has none.');
    const onlyScript = await root.post(`${BASE}?lang=en`, article({ bodyZh: '<script>alert(1)</script>' }));
    expect(onlyScript.status).toBe(422);
    expect(onlyScript.body.text).toMatch(/empty once cleaned/);
    expect((await root.post(BASE, article({ titleZh: '' }))).status).toBe(422);
    expect((await root.post(BASE, article({ html: '<p>x</p>' }))).status).toBe(422);
    expect(ok(await root.get(BASE)).articles.length).toBe(before);
    expect((await root.put(`${BASE}/999999`, article())).status).toBe(404);
  });

  it('keeps editing to root', async () => {
    const id = ok(await root.get(`${BASE}?kind=news`)).articles[0].id;
    expect((await admin.get(BASE)).status).toBe(403);
    expect((await admin.put(`${BASE}/${id}`, article({ kind: 'news', category: null }))).status).toBe(403);
    expect((await member.post(BASE, article())).status).toBe(403);
    expect(ok(await root.get(`${BASE}/${id}`)).kind).toBe('news');
  });
});
