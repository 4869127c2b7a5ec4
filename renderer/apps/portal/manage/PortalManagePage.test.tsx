import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Portal, PortalSummary } from '../../../../shared/portal/model.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, settle, type, type Call } from '../../../testing/page-kit.tsx';
import { PortalManagePage } from './PortalManagePage.tsx';

afterEach(cleanup);

// react-grid-layout measures its container; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const URL = '/space-acme/system/portal';
const portal = (id: string, extra: Partial<Portal> = {}): Portal => ({
  id, terminal: 'web', name: `Portal ${id}`, description: 'Shop floor', cover: null, roleGroups: ['5'], components: [], system: false, isDefault: false,
  creator: { id: '1', name: 'Ada' }, editor: { id: '2', name: 'Bob' }, createdAt: '2026-03-01T08:00:00Z', updatedAt: '2026-03-02T08:00:00Z', version: 3, ...extra,
});
const summary = (p: Portal): PortalSummary => ({ ...p, components: p.components.length });
const BASE = {
  'GET /api/org/role-groups': { groups: [{ id: '5', name: 'Quality', kind: 'custom', roles: [] }] },
  'GET /api/appcenter/systems': { systems: [] },
};

describe('PortalManagePage', () => {
  it('lists the portals of each terminal with their scope, people and marks, and creates, copies, sets default and deletes', async () => {
    let list = [summary(portal('1', { system: true, isDefault: true, roleGroups: [] })), summary(portal('2'))];
    const { api, calls } = fakeApi({
      ...BASE,
      'GET /api/portal/portals?terminal=web&manage=1': () => list,
      'GET /api/portal/portals?terminal=app&manage=1': [],
      'POST /api/portal/portals': (call: Call) => ((list = [...list, summary(portal('3', call.body as Partial<Portal>))]), portal('3')),
      'POST /api/portal/portals/2/copy': portal('4'),
      'POST /api/portal/portals/2/default': null,
      'DELETE /api/portal/portals/2': () => ((list = list.filter((p) => p.id !== '2')), null),
    });
    const page = await renderPage(PortalManagePage, URL, api, 'en', ['admin']);
    const rows = () => [...page.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows()[0]).toContain('System portal');
    expect(rows()[0]).toContain('Every member');
    expect(rows()[1]).toContain('Quality');
    expect(rows()[1]).toContain('Bob');
    expect(byTestId('portal-delete-1')).toBeNull();
    expect(byTestId('portal-preview-2')?.getAttribute('href')).toBe('/space-acme/view-preview/portal/2/web');

    await click('portal-create');
    await type(byTestId('portal-info-name') as HTMLInputElement, '  Plant  ');
    await click('portal-info-ok');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/portal/portals')?.body).toEqual({ terminal: 'web', name: 'Plant', description: '', cover: null, roleGroups: [], components: [] });

    await click('portal-copy-2');
    await click('portal-set-default-2');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(['POST /api/portal/portals/2/copy', 'POST /api/portal/portals/2/default']));
    await click('portal-delete-2');
    const ok = document.querySelector<HTMLElement>('.arco-popconfirm .arco-btn-primary');
    await act(async () => ok!.click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(byTestId('portal-delete-2')).toBeNull();

    await click('portal-terminal-app');
    expect(calls.at(-1)?.path).toBe('/api/portal/portals?terminal=app&manage=1');
  });

  it('designs: adds from the palette (singletons greyed), saves with the version, explains a 409 and puts a 422 at its component', async () => {
    const saves: unknown[] = [];
    let answer: 'ok' | 'stale' | 'invalid' = 'stale';
    const { api } = fakeApi({
      ...BASE,
      'GET /api/portal/portals?terminal=web&manage=1': [summary(portal('2'))],
      'GET /api/portal/portals/2': portal('2'),
      'PUT /api/portal/portals/2': (call: Call) => {
        saves.push(call.body);
        if (answer === 'stale') throw refuse(409, 'portal.stale', 'stale');
        if (answer === 'invalid') throw refuse(422, 'portal.validation.titleField', 'Bad', { problems: [{ path: 'components.0.name', key: 'portal.validation.componentNameTooLong', params: { max: 40 } }] });
        return portal('2', { version: 4 });
      },
    });
    await renderPage(PortalManagePage, URL, api, 'en', ['admin']);
    await click('portal-design-2');
    expect(byTestId('portal-designer')).not.toBeNull();
    await click('palette-myWork');
    expect((byTestId('palette-myWork') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('palette-appData') as HTMLButtonElement).disabled).toBe(false);
    expect((byTestId('settings-name') as HTMLInputElement).value).toBe('My work');

    await click('designer-save');
    expect(saves[0]).toMatchObject({ version: 3, draft: { components: [{ type: 'myWork', place: { x: 0, y: 0, w: 6, h: 6 } }] } });
    expect(byTestId('designer-server-error')?.textContent).toContain('Someone else has saved this portal');

    answer = 'invalid';
    await click('designer-save');
    expect(byTestId('settings-problems')?.textContent).toContain('40');
    expect(document.querySelector('.qp-design-item-problem')).not.toBeNull();

    // A component the shared check refuses is never sent: an application-data component without a label.
    await click('palette-appData');
    const before = saves.length;
    await click('designer-save');
    expect(saves.length).toBe(before);
    expect(byTestId('settings-problems')).not.toBeNull();
  });
});
