import { describe, expect, it } from 'vitest';
import { navigationLinks } from './menus.ts';

describe('the side menu\'s navigation links (decision 0044)', () => {
  const base = { nameEn: '', icon: 'app' };
  it('leads apps to their view, pages to their route, web addresses to a new window; groups hold links', () => {
    const links = navigationLinks(
      [
        { ...base, id: '1', name: 'App', kind: 'app', target: '42' },
        { ...base, id: '2', name: 'Page', kind: 'page', target: 'org.contacts' },
        { ...base, id: '3', name: 'Site', kind: 'url', target: 'https://example.com' },
        { ...base, id: '4', name: 'Group', kind: 'group', target: '', children: [{ ...base, id: '5', name: 'In', kind: 'page', target: 'org.contacts' }] },
        { ...base, id: '6', name: 'Empty', kind: 'group', target: '', children: [] },
        { ...base, id: '7', name: 'Bad', kind: 'url', target: 'javascript:alert(1)' },
        { ...base, id: '8', name: 'Gone', kind: 'page', target: 'org.noSuchPage' },
      ],
      'acme',
    );
    expect(links.map((l) => [l.name, l.href, l.external])).toEqual([
      ['App', '/space-acme/app/!/42', false],
      ['Page', '/space-acme/organization/contacts', false],
      ['Site', 'https://example.com', true],
      ['Group', '', false],
    ]);
    expect(links[3]!.children!.map((l) => l.href)).toEqual(['/space-acme/organization/contacts']);
    expect(navigationLinks([{ ...base, id: '2', name: 'Page', kind: 'page', target: 'org.contacts' }], null)[0]!.href).toBe('/organization/contacts');
  });
});
