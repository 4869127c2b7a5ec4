import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PAGE } from '../../../shared/api/news.ts';
import { signedIn, TestClient, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let guest: TestClient;
let member: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  guest = new TestClient(platform.url);
  member = await signedIn(platform.url, 'nova.user');
  // More announcements than a page, written as the operator's editor will: straight into the table.
  await platform.kernel.databases.owner.query(
    `insert into platform_article (kind, title_zh, title_en, body_zh, body_en, published_at)
     select 'news', '公告 ' || n, 'Notice ' || n, '正文', 'Body', now() - make_interval(days => 20 + n) from generate_series(1, ${NEWS_PAGE + 5}) n`,
  );
  await platform.kernel.databases.owner.query(`insert into platform_article (kind, title_zh, title_en, body_zh, body_en, hidden) values ('news', '已撤回', 'Withdrawn', 'x', 'x', true)`);
});
afterAll(async () => {
  await platform?.stop();
});

describe('announcements and help (/news/list, /news/show, /qpaas/helpCenter)', () => {
  it('shows announcements to a guest, pinned first then newest, page by page to the end, never a withdrawn one', async () => {
    const first = ok(await guest.get('/api/news'));
    expect(first.items).toHaveLength(NEWS_PAGE);
    expect(first.items[0].pinned).toBe(true);
    const dates = first.items.filter((i: any) => !i.pinned).map((i: any) => Date.parse(i.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = ok(await guest.get(`/api/news?cursor=${first.next}`));
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all).toHaveLength(3 + NEWS_PAGE + 5);
    expect(new Set(all.map((i: any) => i.id)).size).toBe(all.length);
    expect(all.some((i: any) => i.title === '已撤回' || i.title === 'Withdrawn')).toBe(false);
  });

  it('reads an announcement in the reader’s language, as paragraphs of text', async () => {
    const id = ok(await guest.get('/api/news')).items[0].id;
    const zh = ok(await guest.get(`/api/news/${id}`));
    const en = ok(await guest.get(`/api/news/${id}?lang=en`));
    expect(zh.title).toBe('平台 23.12 版本发布');
    expect(en.title).toBe('Platform release 23.12');
    expect(en.paragraphs.length).toBe(3);
    expect(en.paragraphs.join('')).not.toContain('\n\n');
  });

  it('answers 404 in the reader’s language for a missing or withdrawn announcement, and refuses a malformed cursor', async () => {
    const missing = await guest.get('/api/news/999999?lang=en');
    expect(missing.status).toBe(404);
    expect(missing.body.text).toBe('This announcement does not exist or has been withdrawn.');
    const hidden = (await platform.kernel.databases.owner.query(`select id from platform_article where hidden`)).rows[0].id;
    expect((await guest.get(`/api/news/${hidden}`)).status).toBe(404);
    expect((await guest.get('/api/news?cursor=1;drop')).status).toBe(422);
  });

  it('keeps the help centre for signed-in members, by category, and searches either language', async () => {
    expect((await guest.get('/api/help')).status).toBe(401);
    const index = ok(await member.get('/api/help?lang=en'));
    expect(index.categories.map((c: any) => c.key)).toEqual(['start', 'forms', 'workflow']);
    const found = ok(await member.get(`/api/help?q=${encodeURIComponent('审批')}&lang=en`));
    expect(found.categories.flatMap((c: any) => c.articles.map((a: any) => a.title))).toEqual(['Submitting and approving a workflow']);
    expect(ok(await member.get('/api/help?q=%25')).categories).toEqual([]);
    const id = index.categories[0].articles[0].id;
    expect(ok(await member.get(`/api/help/${id}`)).title).toBe('第一次登录');
    const news = ok(await guest.get('/api/news')).items[0].id;
    expect((await member.get(`/api/help/${news}`)).status).toBe(404);
  });
});
