import { afterEach, describe, expect, it } from 'vitest';
import type { OpenPortalAnswer } from '../../../../shared/portal/data.ts';
import type { Portal, PortalComponent } from '../../../../shared/portal/model.ts';
import { byTestId, cleanup, click, fakeApi, renderPage } from '../../../testing/page-kit.tsx';
import { ViewPreviewPage } from '../ViewPreviewPage.tsx';
import { WorkbenchPage } from '../WorkbenchPage.tsx';

afterEach(cleanup);

const place = (y: number) => ({ x: 0, y, w: 12, h: 3 });
const COMPONENTS: PortalComponent[] = [
  { id: 'alert', type: 'messageAlert', name: 'News', hideName: false, style: 'list', place: place(0), config: { categories: ['notice'], pageSize: 5 } },
  {
    id: 'orders',
    type: 'appData',
    name: 'Orders',
    hideName: false,
    style: 'list',
    place: place(3),
    config: {
      labels: [
        { id: 'l1', name: 'Open', appId: '3', formId: '7', titleField: 'f1' },
        { id: 'l2', name: 'Closed', appId: '3', formId: '8', titleField: 'f1' },
      ],
      linkedLabel: null,
      pageSize: 2,
      maxItems: 50,
    },
  },
  { id: 'broken', type: 'myWork', name: 'Work', hideName: false, style: 'card', place: place(6), config: { pageSize: 5 } },
  {
    id: 'links',
    type: 'quickEntry',
    name: 'Links',
    hideName: true,
    style: 'grid',
    place: place(9),
    config: {
      itemsPerLine: 4,
      items: [
        { id: 'q1', name: 'Stock', iconType: 'icon', icon: 'app', link: { type: 'app', target: '3' } },
        { id: 'q2', name: 'Vendor', iconType: 'colour', icon: '#ff0000', link: { type: 'url', target: 'https://example.com/a' } },
        { id: 'q3', name: 'Plain', iconType: 'icon', icon: 'app', link: { type: 'none', target: '' } },
        { id: 'q4', name: 'Sales chart', iconType: 'icon', icon: 'app', link: { type: 'chart', target: '9' } },
        { id: 'q5', name: 'Other portal', iconType: 'icon', icon: 'app', link: { type: 'portal', target: '42' } },
      ],
    },
  },
];
const portal = (id: string, components = COMPONENTS): Portal => ({
  id, terminal: 'web', name: `Portal ${id}`, description: '', cover: null, roleGroups: [], components, system: false, isDefault: id === '1',
  creator: { id: '1', name: 'A' }, editor: { id: '1', name: 'A' }, createdAt: '2026-03-01T08:00:00Z', updatedAt: '2026-03-01T08:00:00Z', version: 1,
});
const row = (n: number) => ({ recordId: String(n), title: `Order ${n}`, content: null, at: '2026-03-01T08:00:00Z', href: `/space-acme/3/detail/7?id=${n}` });
const OPEN: OpenPortalAnswer = {
  portal: portal('1'),
  choices: [{ id: '1', name: 'Portal 1', isDefault: true }, { id: '2', name: 'Portal 2', isDefault: false }],
  components: {
    alert: { ok: true, data: { type: 'messageAlert', unread: { notice: 2 }, items: [{ id: 'm1', category: 'notice', title: 'Shift change', at: '2026-03-01T08:00:00Z', read: false, href: '/space-acme/user/messagecenter' }] } },
    orders: { ok: true, data: { type: 'appData', label: 'l1', rows: [row(1), row(2)], next: 'c2' } },
    broken: { ok: false, error: 'Work could not be read', status: 500 },
  },
};
const texts = (id: string) => [...document.querySelectorAll(`[data-testid="portal-rows-${id}"] li > a`)].map((a) => a.textContent);

describe('the portal viewer on the workbench', () => {
  it('draws the portal from one open call; a failing component shows its own error and the others still show', async () => {
    const { api, calls } = fakeApi({ 'GET /api/portal/open?terminal=web': OPEN });
    await renderPage(WorkbenchPage, '/space-acme/user/workbench', api, 'en', ['user']);
    expect(calls.map((c) => c.path)).toEqual(['/api/portal/open?terminal=web']);
    expect(byTestId('greeting')).not.toBeNull();
    expect(byTestId('workbench-builtin')).toBeNull();
    expect(byTestId('portal-component-error-broken')?.textContent).toContain('Work could not be read');
    expect(byTestId('portal-component-alert')?.textContent).toContain('Shift change');
    expect(byTestId('portal-component-error-alert')).toBeNull();
    expect(texts('orders')).toEqual(['Order 1', 'Order 2']);
    // The quick entry's name is hidden; its links follow their types.
    expect(byTestId('portal-component-links')?.querySelector('h2')).toBeNull();
    expect(byTestId('portal-entry-q1')?.getAttribute('href')).toBe('/space-acme/app/!/3');
    const url = byTestId('portal-entry-q2')!;
    expect([url.getAttribute('href'), url.getAttribute('target'), url.getAttribute('rel')]).toEqual(['https://example.com/a', '_blank', 'noopener noreferrer']);
    expect(byTestId('portal-entry-q3')?.tagName).toBe('SPAN');
    // A chart link opens the chart drawn on its own (the dashboards' search page with `?chart=`).
    expect(byTestId('portal-entry-q4')?.getAttribute('href')).toBe('/space-acme/dataview/search?chart=9');
    expect(byTestId('portal-entry-q5')?.getAttribute('href')).toBe('/space-acme/user/workbench/42');
    expect(byTestId('portal-switch')).not.toBeNull();
  });

  it('pages and switches labels through the component data call, and a failing page stays inside the component', async () => {
    let fail = false;
    const { api, calls } = fakeApi({
      'GET /api/portal/open?terminal=web': OPEN,
      'GET /api/portal/portals/1/components/orders/data?label=l1&cursor=c2': () => ({ ok: true, data: { type: 'appData', label: 'l1', rows: [row(3)], next: null } }),
      'GET /api/portal/portals/1/components/orders/data?label=l2': () => {
        if (fail) throw new Error('Closed orders are unavailable');
        return { ok: true, data: { type: 'appData', label: 'l2', rows: [row(9)], next: null } };
      },
    });
    await renderPage(WorkbenchPage, '/space-acme/user/workbench', api, 'en', ['user']);
    await click('portal-more-orders');
    expect(texts('orders')).toEqual(['Order 1', 'Order 2', 'Order 3']);
    expect(byTestId('portal-more-orders')).toBeNull();
    fail = true;
    await click('portal-label-orders-l2');
    expect(byTestId('portal-component-error-orders')?.textContent).toContain('Closed orders are unavailable');
    expect(byTestId('portal-component-alert')?.textContent).toContain('Shift change');
    fail = false;
    await click('portal-label-orders-l2');
    expect(texts('orders')).toEqual(['Order 9']);
    expect(byTestId('portal-component-error-orders')).toBeNull();
    expect(calls.filter((c) => c.path.includes('/components/')).length).toBe(3);
  });

  it('opens the portal named by the address, and shows the built-in workbench when the member may see no portal', async () => {
    const named = fakeApi({ 'GET /api/portal/open?terminal=web&id=2': { ...OPEN, portal: portal('2', []) } });
    await renderPage(WorkbenchPage, '/space-acme/user/workbench/2', named.api, 'en', ['user']);
    expect(byTestId('portal-view')).toBeNull();
    expect(document.body.textContent).toContain('This portal has no component yet');
    cleanup();
    const none = fakeApi({ 'GET /api/portal/open?terminal=web': { portal: null, choices: [], components: {} }, 'GET /api/appcenter/my-apps': { apps: [] }, 'GET /api/appcenter/recent-records': { viewed: [], changed: [] } });
    await renderPage(WorkbenchPage, '/space-acme/user/workbench', none.api, 'en', ['user']);
    expect(byTestId('workbench-builtin')).not.toBeNull();
    expect(document.body.textContent).toContain('No app you can use yet');
  });

  it('previews a portal at the app terminal width, and says there is nothing to preview for other modules', async () => {
    const { api } = fakeApi({ 'GET /api/portal/open?terminal=app&id=1': OPEN });
    await renderPage(ViewPreviewPage, '/space-acme/view-preview/portal/1/app', api, 'en', ['admin']);
    expect(document.querySelector('.qp-portal-preview-app')).not.toBeNull();
    expect(byTestId('portal-component-alert')).not.toBeNull();
    cleanup();
    const other = fakeApi({});
    await renderPage(ViewPreviewPage, '/space-acme/view-preview/report/1', other.api, 'en', ['admin']);
    expect(byTestId('preview-nothing')?.textContent).toContain('There is nothing to preview for "report"');
    expect(other.calls).toEqual([]);
  });
});
