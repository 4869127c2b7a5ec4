import { afterEach, describe, expect, it } from 'vitest';
import type { Portal } from '../../../../shared/portal/model.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import type { RouteEntry } from '../../../../shared/routes/types.ts';
import { allowedRoutesAtom } from '../../../kernel/atoms.ts';
import { byTestId, cleanup, click, fakeApi, renderPage, routerAt } from '../../../testing/page-kit.tsx';
import { MobileHomePage } from './MobileHomePage.tsx';
import { homeQuery, mobileTerminal } from './terminal.ts';

afterEach(cleanup);

const portal = (terminal: 'app' | 'applet'): Portal =>
  ({
    id: terminal === 'app' ? '21' : '22', terminal, name: `${terminal} portal`, description: '', cover: null, roleGroups: [], system: false, isDefault: true, version: 1,
    components: [{ id: 'q', type: 'quickEntry', name: 'Shortcuts', hideName: false, style: 'grid', place: { x: 0, y: 0, w: 12, h: 2 }, config: { itemsPerLine: 4, items: [] } }],
  }) as unknown as Portal;
const allowed = (ids: string[], extra: RouteEntry[] = []) => (store: Parameters<NonNullable<Parameters<typeof renderPage>[6]>>[0]) =>
  store.set(allowedRoutesAtom, [...ROUTES.filter((r) => ids.includes(r.id)), ...extra]);

describe('MobileHomePage', () => {
  it('greets the member and shows the app terminal’s portal; the switch opens the applet terminal’s in the same page', async () => {
    const { api, calls } = fakeApi({
      'GET /api/portal/open?terminal=app': { portal: portal('app'), choices: [{ id: '21', name: 'app portal', isDefault: true }], components: {} },
    });
    await renderPage(MobileHomePage, '/space-acme/m/home', api, 'en', ['user'], {}, allowed(['portal.mobileHome']));
    expect(byTestId('greeting')?.textContent).toMatch(/X$/);
    expect(byTestId('portal-view')?.dataset.portal).toBe('21');
    expect(byTestId('m-terminal-app')?.getAttribute('aria-pressed')).toBe('true');
    await click('m-terminal-applet');
    expect(routerAt.current).toBe('/space-acme/m/home?terminal=applet');
    expect(calls.map((c) => c.path)).toEqual(['/api/portal/open?terminal=app']);
  });

  it('opens the applet terminal’s portal for `?terminal=applet`', async () => {
    const { api } = fakeApi({ 'GET /api/portal/open?terminal=applet': { portal: portal('applet'), choices: [], components: {} } });
    await renderPage(MobileHomePage, '/m/home?terminal=applet', api, 'en', ['user']);
    expect(byTestId('m-home')?.dataset.terminal).toBe('applet');
    expect(byTestId('portal-view')?.dataset.portal).toBe('22');
  });

  it('without a portal leads to the to-dos and messages; the applications only once their phone page exists', async () => {
    const { api } = fakeApi({ 'GET /api/portal/open?terminal=app': { portal: null, choices: [], components: {} } });
    // forms.mobileApps is the forms helper's page: linked only when the route table has it built and it is allowed.
    const apps = ROUTES.find((r) => r.id === 'forms.mobileApps');
    const claimed = apps ? [] : [{ ...ROUTES.find((r) => r.id === 'portal.mobileHome')!, id: 'forms.mobileApps', app: 'forms' as const, pattern: 'm/apps' }];
    await renderPage(MobileHomePage, '/space-acme/m/home', api, 'en', ['user'], {}, allowed(['workflow.mobileTodo', 'messages.mobileCenter', 'forms.mobileApps'], claimed));
    expect(byTestId('m-no-portal')).not.toBeNull();
    expect(byTestId('m-home-todo')?.getAttribute('href')).toBe('/space-acme/m/todo');
    expect(byTestId('m-home-messages')?.getAttribute('href')).toBe('/space-acme/m/messages');
    expect(byTestId('m-home-apps')?.getAttribute('href') ?? null).toBe(apps?.status === 'built' ? buildPath(apps, {}, 'acme') : null);
    cleanup();
    const { api: again } = fakeApi({ 'GET /api/portal/open?terminal=app': { portal: null, choices: [], components: {} } });
    await renderPage(MobileHomePage, '/m/home', again, 'en', ['user'], {}, allowed([]));
    expect(byTestId('m-home-todo')).toBeNull();
    expect(byTestId('m-home-messages')).toBeNull();
  });

  it('without a default offers the terminal’s portals in the switch; `?portal=` opens the one chosen', async () => {
    const { api } = fakeApi({ 'GET /api/portal/open?terminal=app': { portal: null, choices: [{ id: '21', name: 'app portal', isDefault: false }], components: {} } });
    await renderPage(MobileHomePage, '/m/home', api, 'en', ['user']);
    expect(byTestId('m-portal-switch')).not.toBeNull();
    expect(byTestId('m-no-portal')?.textContent).toContain('No default portal');
    cleanup();
    const { api: chosen, calls } = fakeApi({ 'GET /api/portal/open?terminal=app&id=21': { portal: portal('app'), choices: [{ id: '21', name: 'app portal', isDefault: false }], components: {} } });
    await renderPage(MobileHomePage, '/m/home?portal=21', chosen, 'en', ['user']);
    expect(calls.map((c) => c.path)).toEqual(['/api/portal/open?terminal=app&id=21']);
    expect(byTestId('portal-view')?.dataset.portal).toBe('21');
    // One portal, already shown: nothing to switch to.
    expect(byTestId('m-portal-switch')).toBeNull();
  });

  it('reads the terminal and portal of the address', () => {
    expect(mobileTerminal('applet')).toBe('applet');
    expect(mobileTerminal(['applet', 'app'])).toBe('app');
    expect(mobileTerminal(undefined)).toBe('app');
    expect(homeQuery('app')).toBe('');
    expect(homeQuery('applet', '7')).toBe('?terminal=applet&portal=7');
  });
});
