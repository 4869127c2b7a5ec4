import { afterEach, describe, expect, it } from 'vitest';
import type { MyApp } from '../../../shared/api/workbench.ts';
import { byTestId, cleanup, click, fakeApi, renderPage } from '../../testing/page-kit.tsx';
import { WorkbenchPage } from './WorkbenchPage.tsx';

afterEach(cleanup);

/** The member may see no portal of the web terminal: the built-in workbench shows. */
const NO_PORTAL = { portal: null, choices: [], components: {} };

const app = (id: string, name: string, favourite = false, openedAt: string | null = null): MyApp => ({ id, systemId: '1', name, icon: 'app', description: '', favourite, openedAt });

describe('WorkbenchPage', () => {
  it("lists the member's apps in the server's order (favourites, then recent), linking into the space, and stars one", async () => {
    let apps = [app('2', 'Stock', true), app('1', 'Inspection', false, '2026-03-01T08:00:00Z'), app('3', 'Payroll')];
    const { api, calls } = fakeApi({
      'GET /api/portal/open?terminal=web': NO_PORTAL,
      'GET /api/appcenter/my-apps': () => ({ apps }),
      'GET /api/appcenter/recent-records': {
        viewed: [{ appId: '1', appName: 'Inspection', formId: '7', formName: 'Checks', recordId: '40', number: 'DJ-1', title: 'Press 1', at: '2026-03-01T08:00:00Z' }],
        changed: [],
      },
      'GET /api/workflow/todo/counts': { todo: 2, ccUnread: 1, drafts: 0 },
      'PUT /api/appcenter/apps/3/favourite': () => ((apps = [app('2', 'Stock', true), app('3', 'Payroll', true), app('1', 'Inspection')]), { favourite: true }),
    });
    const page = await renderPage(WorkbenchPage, '/space-acme/user/workbench', api, 'zh-CN', ['user']);
    const names = [...page.querySelectorAll('.qp-workbench-app-name')].map((n) => n.textContent);
    expect(names).toEqual(['Stock', 'Inspection', 'Payroll']);
    expect(byTestId('workbench-app-1')?.textContent).toContain('最近打开');
    expect(byTestId('workbench-app-2')?.querySelector('a')?.getAttribute('href')).toBe('/space-acme/app/!/2');
    expect(byTestId('workbench-favourite-2')?.getAttribute('aria-label')).toBe('取消收藏 Stock');
    await click('workbench-favourite-3');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/appcenter/apps/3/favourite', body: { favourite: true } });
    expect([...page.querySelectorAll('.qp-workbench-app-name')].map((n) => n.textContent)).toEqual(['Stock', 'Payroll', 'Inspection']);
    expect(byTestId('workbench-todos-todo')?.textContent).toContain('2');
    expect(byTestId('workbench-todos-todo')?.getAttribute('href')).toBe('/space-acme/form?box=todo');
    expect(byTestId('workbench-todos-ccUnread')?.getAttribute('href')).toBe('/space-acme/form?box=cc');
    const viewed = byTestId('recent-viewed-7-40');
    expect(viewed?.textContent).toBe('Press 1');
    expect(viewed?.getAttribute('href')).toBe('/space-acme/1/detail/7?id=40');
  });

  it('says so when there is no app, and asks nothing for root, who uses no space apps', async () => {
    const { api } = fakeApi({ 'GET /api/portal/open?terminal=web': NO_PORTAL, 'GET /api/appcenter/my-apps': { apps: [] }, 'GET /api/appcenter/recent-records': { viewed: [], changed: [] }, 'GET /api/workflow/todo/counts': { todo: 0, ccUnread: 0, drafts: 0 } });
    const page = await renderPage(WorkbenchPage, '/space-acme/user/workbench', api, 'en', ['user']);
    expect(page.textContent).toContain('No app you can use yet');
    expect(page.textContent).toContain('No record viewed yet');
    cleanup();
    const root = fakeApi({});
    await renderPage(WorkbenchPage, '/user/workbench', root.api, 'en', ['root']);
    expect(root.calls).toEqual([]);
    expect(byTestId('workbench-apps')).toBeNull();
    expect(byTestId('workbench-todos')).toBeNull();
  });

  it('offers the portals he may switch to beside the built-in cards while no default is his', async () => {
    const { api } = fakeApi({
      'GET /api/portal/open?terminal=web': { portal: null, choices: [{ id: '5', name: 'Line portal', isDefault: false }], components: {} },
      'GET /api/appcenter/my-apps': { apps: [] },
      'GET /api/appcenter/recent-records': { viewed: [], changed: [] },
      'GET /api/workflow/todo/counts': { todo: 0, ccUnread: 0, drafts: 0 },
    });
    await renderPage(WorkbenchPage, '/space-acme/user/workbench', api, 'en', ['user']);
    expect(byTestId('portal-switch')?.textContent).toContain('Workbench (built-in)');
    expect(byTestId('workbench-builtin')).not.toBeNull();
  });
});
