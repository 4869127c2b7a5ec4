import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { byTestId, cleanup, click, renderPage, routerAt, settle, type } from '../../../testing/page-kit.tsx';
import { cardFields } from './card-model.ts';
import { MobileListPage } from './MobileListPage.tsx';
import { MOBILE_PAGE_SIZE } from './use-infinite-records.ts';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Equipment', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['OK', 'Fault'] },
  { key: 'f5', type: 'textarea', label: 'Notes' },
  { key: 'f3', type: 'member', label: 'Inspector' },
  { key: 'f4', type: 'number', label: 'Temperature' },
  { key: 'f6', type: 'date', label: 'Day' },
];
const form = { id: '7', name: 'Inspection', appId: '3', appName: 'Plant', systemName: 'Production', version: 1, fields, can: { design: false, monitor: false } };
const row = (id: number) => ({
  id: String(id), number: `DJ-${id}`, ownerId: '1', createdBy: '1', updatedBy: '1', handlerId: null, rowVersion: 1,
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', values: { f1: `Press ${id}`, f2: 'OK', f3: '11', f4: 68.5 },
});

interface Asked {
  path: string;
  params: Record<string, unknown>;
}

/** A fake transport that sees query parameters (the page kit's ignores them): the list pages by cursor. */
function listApi(pages: Record<string, { records: unknown[]; nextCursor: string | null; labels?: unknown }>) {
  const asked: Asked[] = [];
  const api = {
    get: async (path: string, options?: { params?: Record<string, unknown> }) => {
      asked.push({ path, params: options?.params ?? {} });
      if (path === '/api/forms/forms/7') return { code: 200, msg: 'ok', params: {}, data: form };
      const key = String(options?.params?.['q'] ?? options?.params?.['cursor'] ?? 'first');
      return { code: 200, msg: 'ok', params: {}, data: pages[key] };
    },
  } as unknown as Transport;
  return { api, asked };
}

/** jsdom has no IntersectionObserver: this one lets the test scroll the end of the list into view. */
const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
beforeEach(() => {
  observers.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const scrollToEnd = async () => {
  await act(async () => observers.forEach((seen) => seen([{ isIntersecting: true }])));
  await settle();
};

describe('MobileListPage', () => {
  it('shows each record as a card with its title, number and the first short fields, asking only for those columns', async () => {
    const { api, asked } = listApi({ first: { records: [row(1)], nextCursor: null, labels: { users: { '11': 'Ada' } } } });
    await renderPage(MobileListPage, '/space-acme/m/app/3/7', api);
    expect(cardFields(fields).map((f) => f.key)).toEqual(['f2', 'f3', 'f4']);
    const list = asked.find((a) => a.path.endsWith('/records'))!;
    expect(list.params).toMatchObject({ columns: 'f1,f2,f3,f4', pageSize: MOBILE_PAGE_SIZE });
    const card = byTestId('mf-record-1')!;
    expect(card.querySelector('.qp-mf-card-title')?.textContent).toBe('Press 1');
    expect(card.textContent).toContain('DJ-1');
    expect(card.textContent).toContain('StatusOK');
    expect(card.textContent).toContain('InspectorAda');
    expect(card.textContent).toContain('Temperature68.5');
    expect(card.textContent).not.toContain('Notes');
    expect(byTestId('mf-more')).toBeNull();
    await click('mf-record-1');
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/1');
  });

  it('loads the next page by the cursor when the end of the list scrolls into view, appending it once', async () => {
    const first = Array.from({ length: MOBILE_PAGE_SIZE }, (_, i) => row(i + 1));
    const { api, asked } = listApi({
      first: { records: first, nextCursor: 'c2' },
      c2: { records: [row(21), row(22)], nextCursor: null, labels: { users: { '11': 'Ada' } } },
    });
    await renderPage(MobileListPage, '/space-acme/m/app/3/7', api);
    expect(document.querySelectorAll('[data-testid^="mf-record-"]')).toHaveLength(MOBILE_PAGE_SIZE);
    expect(byTestId('mf-more')).not.toBeNull();
    await scrollToEnd();
    await scrollToEnd(); // seen again with nothing more to load: no further call
    const lists = asked.filter((a) => a.path.endsWith('/records'));
    expect(lists.map((a) => a.params['cursor'] ?? null)).toEqual([null, 'c2']);
    expect(document.querySelectorAll('[data-testid^="mf-record-"]')).toHaveLength(MOBILE_PAGE_SIZE + 2);
    expect(byTestId('mf-record-22')?.textContent).toContain('InspectorAda');
    expect(byTestId('mf-more')).toBeNull();
  });

  it('searches on the server and starts again from the first page; no match says so', async () => {
    const { api, asked } = listApi({ first: { records: [row(1)], nextCursor: 'c2' }, pump: { records: [], nextCursor: null } });
    await renderPage(MobileListPage, '/space-acme/m/app/3/7', api);
    const input = byTestId('mf-search') as HTMLInputElement;
    await type(input, 'pump');
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true } as KeyboardEventInit)));
    await settle();
    expect(asked.filter((a) => a.path.endsWith('/records')).at(-1)!.params).toMatchObject({ q: 'pump' });
    expect(byTestId('mf-record-1')).toBeNull();
    expect(byTestId('mf-list-empty')?.textContent).toContain('No records match');
  });

  it('the floating button opens a new record of the form', async () => {
    await renderPage(MobileListPage, '/space-acme/m/app/3/7', listApi({ first: { records: [], nextCursor: null } }).api);
    expect(byTestId('mf-list-empty')?.textContent).toContain('Tap + to add one');
    await click('mf-new');
    expect(routerAt.current).toBe('/space-acme/m/app/3/7/edit');
  });
});
