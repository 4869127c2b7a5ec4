import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes/table.ts';
import { linkAction, type LinkFacts } from './links.ts';
import { documentTitle } from './title.ts';

const byId = (id: string) => ROUTES.find((r) => r.id === id) ?? null;
const facts = (over: Partial<LinkFacts>): LinkFacts => ({
  href: '/appcenter',
  target: null,
  modified: false,
  download: false,
  currentOrigin: 'http://localhost:8012',
  route: byId('appcenter.home'),
  ...over,
});

describe('link handling', () => {
  it('navigates in-page for an ordinary matched link', () => {
    expect(linkAction(facts({}))).toBe('in-page');
  });
  it('leaves target=_blank, modified clicks and downloads to the browser', () => {
    expect(linkAction(facts({ target: '_blank' }))).toBe('browser');
    expect(linkAction(facts({ modified: true }))).toBe('browser');
    expect(linkAction(facts({ download: true }))).toBe('browser');
    expect(linkAction(facts({ href: 'mailto:a@b.cn' }))).toBe('browser');
  });
  it('loads the full page for admin-layout (root) routes', () => {
    const root = ROUTES.find((r) => r.layout === 'root')!;
    expect(linkAction(facts({ href: `/${root.pattern}`, route: root }))).toBe('full-load');
  });
  it('opens a new window for pages marked so', () => {
    const popup = ROUTES.find((r) => r.newWindow)!;
    expect(linkAction(facts({ route: popup }))).toBe('new-window');
  });
  it('sends other origins out', () => {
    expect(linkAction(facts({ href: 'https://example.com/x', route: null }))).toBe('external');
  });
});

describe('document title', () => {
  it('is prefix + route title + " - " + organisation', () => {
    expect(documentTitle('应用中心', '艾克美制造')).toBe('应用中心 - 艾克美制造');
    expect(documentTitle('Login', null)).toBe('Login');
    expect(documentTitle('Apps', 'Acme', '(2) ')).toBe('(2) Apps - Acme');
  });
});
