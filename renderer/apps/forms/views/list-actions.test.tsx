import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { cleanup, renderPage } from '../../../testing/page-kit.tsx';
import { AppViewPage } from './AppViewPage.tsx';

afterEach(cleanup);

const fields = [{ key: 'f1', type: 'text', label: 'Customer', required: true, title: true }];
const record = (id: string, canDelete: boolean) => ({
  id, number: null, ownerId: '1', createdBy: '1', updatedBy: '1', handlerId: null, createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', rowVersion: 1,
  values: { f1: `Customer ${id}` }, canDelete,
});
type Params = Record<string, unknown>;
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

/** The application view over a fake API whose list call is answered by `records`. */
async function render(roles: Role[], records: (params: Params) => unknown) {
  const calls: Params[] = [];
  const answer = (data: unknown) => ({ code: 200, msg: 'ok', params: {}, data });
  const api = {
    get: async (path: string, call?: { params?: Params }) => {
      if (path === '/api/forms/apps/7/forms') return answer({ forms: [{ id: '11', name: 'Orders', version: 1 }] });
      if (path === '/api/forms/forms/11') return answer({ id: '11', name: 'Orders', appId: '7', appName: 'Sales', systemName: 'ERP', version: 1, fields, can: { design: false, monitor: false } });
      if (path === '/api/forms/forms/11/views') return answer({ views: [] });
      if (path === '/api/forms/forms/11/records') {
        calls.push(call?.params ?? {});
        return answer(records(call?.params ?? {}));
      }
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as Transport;
  const container = await renderPage(AppViewPage, '/space-acme/app/!/7', api, 'en', roles);
  await settle();
  const $ = (testid: string) => container.querySelector(`[data-testid="${testid}"]`);
  const tick = async (id: string) => {
    await act(async () => ($(`record-row-${id}`)!.querySelector('input[type="checkbox"]') as HTMLInputElement).click());
    await settle();
  };
  return { calls, $, tick };
}

describe('the list offers what the viewer may do', () => {
  it('delete only for rows the viewer may delete; a selection with others says how many are not theirs', async () => {
    const page = await render(['user'], () => ({ records: [record('1', true), record('2', false)], nextCursor: null, labels: {} }));
    await page.tick('1');
    expect(page.$('batch-delete')).not.toBeNull();
    await page.tick('2');
    expect(page.$('batch-delete')).toBeNull();
    expect(page.$('batch-not-deletable')?.textContent).toBe('You may not delete 1 of the selected records');
  });

  it('an estimated count offers the exact figure, asked with its own budget, and shows it', async () => {
    const page = await render(['user'], (params) => ({
      records: [record('1', true)],
      nextCursor: null,
      total: params.exactCount ? { count: 600_000, estimated: false } : params.count ? { count: 716_321, estimated: true } : undefined,
      labels: {},
    }));
    expect(page.$('list-count')?.textContent).toBe('About 716,321 records');
    await act(async () => (page.$('list-count-exact') as HTMLButtonElement).click());
    await settle();
    expect(page.calls.at(-1)).toMatchObject({ count: true, exactCount: true });
    expect(page.$('list-count')?.textContent).toBe('600,000 records');
    expect(page.$('list-count-exact')).toBeNull();
  });
});
