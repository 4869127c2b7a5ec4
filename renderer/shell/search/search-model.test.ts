import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { RouteEntry } from '../../../shared/routes/types.ts';
import zh from '../../../shared/i18n/zh-CN/routes.json' with { type: 'json' };
import { MAX_PAGES, matchPages } from './search-model.ts';

const titles = zh as Record<string, string>;
const title = (r: RouteEntry) => titles[r.title] ?? r.title;
const pages = ROUTES.filter((r) => r.status === 'built' && !r.pattern.includes('{'));
const search = (q: string) => matchPages(pages, q, title, (r) => r.app, (r) => `/${r.pattern}`);

describe('header search over page titles', () => {
  it('finds a page by its Chinese title, not by its route id', () => {
    const hits = search('应用中心');
    expect(hits.map((h) => h.key)).toContain('page:appcenter.home');
    expect(hits.find((h) => h.key === 'page:appcenter.home')?.href).toBe('/appcenter');
    expect(search('数据权限').map((h) => h.key)).toEqual(['page:forms.appConfig']);
  });

  it('ignores case and surrounding spaces, and finds nothing for an empty query', () => {
    expect(search('  APPCENTER ').length).toBeGreaterThan(0);
    expect(search('   ')).toEqual([]);
  });

  it('finds nothing for text in no title', () => {
    expect(search('没有这个页面xyz')).toEqual([]);
  });

  it('caps the page hits', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...pages[0]!, id: `x.${i}` }));
    expect(matchPages(many, '应用', () => '应用', () => '', () => '/').length).toBe(MAX_PAGES);
  });
});
