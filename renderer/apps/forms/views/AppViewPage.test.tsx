import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { cleanup, renderPage } from '../../../testing/page-kit.tsx';
import { AppViewPage } from './AppViewPage.tsx';

afterEach(cleanup);

const fields = [
  { key: 'f1', type: 'text', label: 'Customer', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['Open', 'Done'] },
  { key: 'f3', type: 'member', label: 'Sales rep' },
];
const record = (id: string) => ({
  id, number: null, ownerId: '1', createdBy: '1', updatedBy: '1', handlerId: null, createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', rowVersion: 1,
  values: { f1: `Customer ${id}`, f2: 'Open', f3: '42' },
});

type Call = { path: string; params: Record<string, unknown> };

/** A fake API answering the application view's calls; `records` answers the list call. */
async function render(url: string, roles: Role[], records: (params: Record<string, unknown>) => unknown) {
  const calls: Call[] = [];
  const answer = (data: unknown) => ({ code: 200, msg: 'ok', params: {}, data });
  const api = {
    get: async (path: string, call?: { params?: Record<string, unknown> }) => {
      calls.push({ path, params: call?.params ?? {} });
      if (path === '/api/forms/apps/7/forms') return answer({ forms: [{ id: '11', name: 'Orders', version: 3 }, { id: '12', name: 'Returns', version: 0 }] });
      if (path === '/api/forms/forms/11') return answer({ id: '11', name: 'Orders', appId: '7', appName: 'Sales', systemName: 'ERP', version: 3, fields, can: { design: roles.includes('admin'), monitor: false } });
      if (path === '/api/forms/forms/11/views') return answer({ views: [{ id: '5', name: 'Open orders', kind: 'list', ownerId: null, config: { filter: { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'Open' }] } } }] });
      if (path === '/api/forms/forms/11/records') return answer(records(call?.params ?? {}));
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as Transport;
  const container = await renderPage(AppViewPage, url, api, 'en', roles);
  // Let the chained requests (forms → form, views → records) settle.
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
  const $ = (testid: string) => container.querySelector(`[data-testid="${testid}"]`);
  return { container, calls, $ };
}

describe('AppViewPage', () => {
  it('shows the first form with its view tabs, rows, an estimated count, and pages by cursor', async () => {
    const page = await render('/space-acme/app/!/7', ['user'], (params) => ({
      records: params.cursor ? [record('103')] : [record('101'), record('102')],
      nextCursor: params.cursor ? null : 'c2',
      total: params.count ? { count: 123456, estimated: true } : undefined,
      labels: { users: { '42': 'Li Lei' } },
    }));
    expect(page.$('view-tab-default')).not.toBeNull();
    expect(page.$('view-tab-5')?.textContent).toContain('Open orders');
    expect(page.$('record-row-101')?.textContent).toContain('Li Lei');
    expect(page.$('list-count')?.textContent).toBe('About 123,456 records');
    const first = page.calls.find((c) => c.path === '/api/forms/forms/11/records')!;
    expect(first.params).toMatchObject({ pageSize: 20, count: true });
    expect(page.$('design-link')).toBeNull();

    await act(async () => (page.$('list-next') as HTMLButtonElement).click());
    for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(page.calls.at(-1)!.params).toMatchObject({ cursor: 'c2' });
    expect(page.$('record-row-103')).not.toBeNull();
    expect(page.$('list-page')?.textContent).toBe('Page 2');
  });

  it('tells an admin that a form is not published and links to its designer', async () => {
    const page = await render('/space-acme/app/!/12/7', ['admin'], () => ({ records: [], nextCursor: null }));
    expect(page.$('form-unpublished')?.textContent).toContain('not published');
    expect(page.$('form-design-link')?.getAttribute('href')).toBe('/space-acme/form/app/setting/!/app/7/0/12');
    expect(page.calls.some((c) => c.path === '/api/forms/forms/12')).toBe(false);
  });

  it('says only the first 600 search results are shown', async () => {
    const page = await render('/space-acme/app/!/11/7', ['admin'], (params) => ({
      records: params.q ? Array.from({ length: 600 }, (_, i) => record(String(1000 + i))) : [record('101')],
      nextCursor: null,
      total: params.count ? { count: params.q ? 600 : 1, estimated: false } : undefined,
      labels: {},
    }));
    expect(page.$('design-link')?.getAttribute('href')).toBe('/space-acme/form/app/setting/!/app/7/3/11');
    const input = page.$('search-input') as HTMLInputElement;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'acme');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })));
    for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(page.calls.at(-1)!.params).toMatchObject({ q: 'acme', pageSize: 600 });
    expect(page.$('list-count')?.textContent).toBe('Showing the first 600 results only');
  });

  it('puts the chosen view in the address, and opens the view the address names', async () => {
    const rows = () => ({ records: [record('101')], nextCursor: null, labels: {} });
    const page = await render('/space-acme/app/!/11/7', ['user'], rows);
    await act(async () => (page.$('view-tab-5') as HTMLElement).click());
    for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/space-acme/app/!/11/7?viewId=5');
    cleanup();
    const again = await render('/space-acme/app/!/11/7?viewId=5', ['user'], rows);
    expect(again.$('view-tab-5')?.closest('.arco-tabs-header-title')?.className).toContain('active');
    expect(again.calls.filter((c) => c.path === '/api/forms/forms/11/records').at(-1)!.params.filter).toContain('Open');
  });

  it('opens with a chart drill-down\'s filter (?filter=) and keeps it in the address', async () => {
    const drill = JSON.stringify({ logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'Done' }] });
    const page = await render(`/space-acme/app/!/11/7?filter=${encodeURIComponent(drill)}`, ['user'], () => ({ records: [record('101')], nextCursor: null, labels: {} }));
    expect(page.calls.filter((c) => c.path === '/api/forms/forms/11/records').at(-1)!.params.filter).toBe(drill);
    expect(new URLSearchParams(window.location.search).get('filter')).toBe(drill);
  });
});
