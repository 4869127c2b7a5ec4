import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, renderPage, routerAt, settle, type } from '../../../testing/page-kit.tsx';
import { AppViewPage } from '../views/AppViewPage.tsx';

afterEach(cleanup);

describe('the application navigation', () => {
  it('lets an admin create the first form of an empty app and opens it', async () => {
    let forms: { id: string; name: string; version: number }[] = [];
    const { api, calls } = fakeApi({
      'GET /api/forms/apps/7/forms': () => ({ forms }),
      'POST /api/forms/forms': (call: { body?: unknown }) => {
        forms = [{ id: '21', name: (call.body as { name: string }).name, version: 0 }];
        return forms[0];
      },
    });
    await renderPage(AppViewPage, '/space-acme/app/!/7', api, 'zh-CN', ['admin']);
    expect(byTestId('app-no-forms')?.textContent).toContain('该应用还没有表单');
    await click('form-create');
    await click('form-name-input');
    await act(async () => (document.querySelector('.arco-modal-footer .arco-btn-primary') as HTMLElement).click());
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('请输入表单名称');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await type(byTestId('form-name-input') as HTMLInputElement, '  订单  ');
    await act(async () => (document.querySelector('.arco-modal-footer .arco-btn-primary') as HTMLElement).click());
    await settle();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ appId: '7', name: '订单' });
    expect(routerAt.current).toBe('/space-acme/app/!/21/7');
  });

  it('shows a member the forms with the current one marked, and no way to manage them', async () => {
    const { api } = fakeApi({
      'GET /api/forms/apps/7/forms': { forms: [{ id: '11', name: 'Orders', version: 0 }, { id: '12', name: 'Returns', version: 0 }] },
    });
    await renderPage(AppViewPage, '/space-acme/app/!/12/7', api, 'en', ['user']);
    expect(byTestId('form-tab-12')?.getAttribute('aria-current')).toBe('page');
    expect(byTestId('form-tab-11')?.getAttribute('aria-current')).toBeNull();
    expect(byTestId('form-create')).toBeNull();
    expect(byTestId('form-actions-11')).toBeNull();
  });

  it('lets an admin delete a form to the bin after confirming, and restore it from the bin', async () => {
    let live = [{ id: '11', name: 'Orders', version: 0 }, { id: '12', name: 'Returns', version: 0 }];
    let bin: { id: string; name: string; version: number; deletedAt: string }[] = [];
    const { api, calls } = fakeApi({
      'GET /api/forms/apps/7/forms': () => ({ forms: live }),
      'DELETE /api/forms/forms/12': () => {
        bin = [{ ...live[1]!, deletedAt: '2026-03-01T08:00:00.000Z' }];
        live = live.slice(0, 1);
        return null;
      },
      'GET /api/forms/apps/7/recycle': () => ({ forms: bin }),
      'POST /api/forms/forms/12/restore': () => {
        live = [...live, bin[0]!];
        bin = [];
        return live[1];
      },
    });
    await renderPage(AppViewPage, '/space-acme/app/!/12/7', api, 'en', ['admin']);
    await click('form-actions-12');
    const item = [...document.querySelectorAll('.arco-dropdown-menu-item')].find((n) => n.textContent === 'Delete') as HTMLElement;
    await act(async () => item.click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await act(async () => (document.querySelector('.arco-modal-footer .arco-btn-status-danger') as HTMLElement).click());
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/forms/forms/12')).toBe(true);
    expect(byTestId('form-tab-12')).toBeNull();
    expect(routerAt.current).toBe('/space-acme/app/!/7');

    await click('form-recycle-open');
    await click('form-restore-12');
    expect(byTestId('form-tab-12')?.textContent).toBe('Returns');
  });
});
