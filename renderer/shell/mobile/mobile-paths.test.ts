import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { resolveLocation } from '../ShellRouter.tsx';
import { isMobilePath, isTabRoot, loginPathFor, MOBILE_TABS, mobileHref, mobileReturnUrl } from './mobile-paths.ts';

describe('mobile paths', () => {
  it('tells `/m/` pages, with or without a space prefix, from web pages', () => {
    expect(isMobilePath('/m/home')).toBe(true);
    expect(isMobilePath('/space-acme/m/todo?instance=5')).toBe(true);
    expect(isMobilePath('/SPACE-Acme/M/messages')).toBe(true);
    expect(isMobilePath('/user/workbench')).toBe(false);
    expect(isMobilePath('/mobile/home')).toBe(false);
    expect(isMobilePath('/space-acme/form?next=/m/home')).toBe(false);
  });

  it('sends a guest who asked for a `/m/` page to the phone sign-in, others to the web sign-in, with the page asked for', () => {
    expect(loginPathFor('/space-acme/m/todo?instance=5')).toBe(`/m/login?url=${encodeURIComponent('/space-acme/m/todo?instance=5')}`);
    expect(loginPathFor('/form')).toBe('/home/login?url=%2Fform');
  });

  it('a guest at a signed-in `/m/` page must sign in; the phone sign-in itself is public', () => {
    const allowed = new Set<string>();
    expect(resolveLocation('/space-acme/m/home', null, false, allowed)).toMatchObject({ kind: 'login' });
    expect(resolveLocation('/m/login?url=%2Fm%2Ftodo', null, false, allowed)).toMatchObject({ kind: 'page', match: { route: { id: 'shell.mobileLogin', layout: 'mobile' } } });
  });

  it('returns after sign-in to the `/m/` page asked for, else to the mobile home; never off-site or to the sign-in', () => {
    expect(mobileReturnUrl('/space-acme/m/todo?instance=5')).toBe('/space-acme/m/todo?instance=5');
    expect(mobileReturnUrl('/m/messages')).toBe('/m/messages');
    expect(mobileReturnUrl('/user/workbench')).toBe('/m/home');
    expect(mobileReturnUrl(undefined)).toBe('/m/home');
    expect(mobileReturnUrl(['/m/todo', '/m/me'])).toBe('/m/home');
    expect(mobileReturnUrl('//evil.example/m/home')).toBe('/m/home');
    expect(mobileReturnUrl('https://evil.example/m/home')).toBe('/m/home');
    expect(mobileReturnUrl('/\\evil.example/m/home')).toBe('/m/home');
    expect(mobileReturnUrl('/m/login?url=/m/todo')).toBe('/m/home');
    expect(mobileReturnUrl('/space-acme/m/')).toBe('/m/home');
  });

  it('has a built mobile route for every tab, in the order home, to-dos, messages, me', () => {
    expect(MOBILE_TABS.map((tab) => tab.key)).toEqual(['home', 'todo', 'messages', 'me']);
    for (const tab of MOBILE_TABS) expect(ROUTES.find((r) => r.id === tab.routeId)).toMatchObject({ layout: 'mobile', status: 'built' });
    expect(mobileHref('workflow.mobileTodo', 'acme')).toBe('/space-acme/m/todo');
    expect(mobileHref('portal.mobileHome', null, { terminal: 'applet' })).toBe('/m/home?terminal=applet');
    expect(mobileHref('no.such', null)).toBeNull();
  });

  it('a tab’s own page has no back button; a to-do opened from the list, or a page that is no tab, has one', () => {
    const at = (url: string) => matchRoute(url, { ownSpaceId: 'acme' })!;
    const root = (url: string) => isTabRoot(at(url).route.id, at(url).query);
    expect(root('/m/home?terminal=applet')).toBe(true);
    expect(root('/space-acme/m/todo')).toBe(true);
    expect(root('/m/todo?instance=5')).toBe(false);
    expect(root('/m/login')).toBe(false);
  });
});
