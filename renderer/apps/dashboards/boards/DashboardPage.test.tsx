import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Board, Chart, ChartResult } from '../../../../shared/dashboards/model.ts';
import { EVERYONE } from '../../../../shared/dashboards/model.ts';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, routerAt, settle, type, type Call } from '../../../testing/page-kit.tsx';
import { fakePush, stubResizeObserver } from './boards-test-kit.ts';
import { DashboardPage } from './DashboardPage.tsx';

// The drawing is the charts helper's (tested there); here a button that picks the second group.
vi.mock('../chart/ChartView.tsx', () => ({
  ChartView: ({ chart, onPick }: { chart: { name: string }; onPick?: (row: number) => void }) => (
    <button type="button" data-testid={`drawn-${chart.name}`} onClick={() => onPick?.(1)}>{chart.name}</button>
  ),
}));

afterEach(cleanup);
stubResizeObserver();

const board = (extra: Partial<Board> = {}): Board => ({
  id: '3', kind: 'dashboard', name: 'Plant', description: 'Shift view', refreshSeconds: 0, screen: null, viewers: EVERYONE, editors: EVERYONE,
  items: [
    { id: 'a', kind: 'chart', chartId: '5', place: { x: 0, y: 0, w: 6, h: 8 } },
    { id: 'b', kind: 'chart', chartId: '6', place: { x: 6, y: 0, w: 6, h: 8 } },
  ],
  filters: [{ id: 'g1', label: 'Reason', kind: 'text', targets: [{ formId: '10', field: 'f1' }] }],
  version: 2, createdBy: '1', createdByName: 'Ada', updatedAt: '2026-03-01T08:00:00Z', canEdit: true, ...extra,
});
const chart: Chart = {
  id: '5', name: 'By status', type: 'bar', appId: '1', query: { formId: '10', dimensions: [{ field: 'f1' }], measures: [{ id: 'm1', aggregate: 'count', field: null }] },
  options: {}, tips: 'Counts every inspection', viewers: EVERYONE, editors: EVERYONE, version: 1, createdBy: '1', createdByName: 'Ada', updatedAt: '2026-03-01T08:00:00Z', canEdit: true,
};
const result: ChartResult = { columns: [], rows: [['Open', 3], ['Closed', 5]], keys: [['open'], ['closed']], capped: null, at: '2026-03-01T08:00:00Z' };
const data = { charts: { '5': { ok: true, chart, result }, '6': { ok: false, error: 'Chart loading is abnormal', status: 500 } } };
const fields = { formId: '10', formName: 'Inspection', appId: '1', fields: [{ ref: 'f1', label: 'Reason', kind: 'text', fieldType: 'text', numeric: false }] };

describe('DashboardPage: the list', () => {
  it('links each dashboard, copies, and creates one (straight into edit mode), refusing an empty name', async () => {
    const items = [{ id: '3', kind: 'dashboard', name: 'Plant', description: '', items: 2, updatedAt: '2026-03-01T08:00:00Z', createdByName: 'Ada', canEdit: true }];
    const { api, calls } = fakeApi({
      'GET /api/dashboards/boards?kind=dashboard': () => ({ items, next: null }),
      'POST /api/dashboards/boards': () => board({ id: '9' }),
      'POST /api/dashboards/boards/3/copy': () => board({ id: '4' }),
    });
    await renderPage(DashboardPage, '/space-acme/dashboard', api, 'en');
    expect(byTestId('dashboard-open-3')?.getAttribute('href')).toBe('/space-acme/dashboard?id=3');

    await click('dashboard-copy-3');
    expect(calls.some((c) => c.path === '/api/dashboards/boards/3/copy')).toBe(true);

    await click('dashboard-create');
    await click('board-info-ok');
    expect(byTestId('board-info-error')?.textContent).toBe('Enter a name');
    await type(byTestId('board-info-name') as HTMLInputElement, '  Line 2 ');
    await click('board-info-ok');
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/dashboards/boards')?.body as Board;
    expect(created).toMatchObject({ kind: 'dashboard', name: 'Line 2', items: [], screen: null, viewers: { everyone: false } });
    expect(routerAt.current).toBe('/space-acme/dashboard?id=9&edit=1');
  });

  it('deletes after confirming and shows the empty state', async () => {
    let items = [{ id: '3', kind: 'dashboard', name: 'Plant', description: '', items: 2, updatedAt: '2026-03-01T08:00:00Z', createdByName: 'Ada', canEdit: true }];
    const { api } = fakeApi({
      'GET /api/dashboards/boards?kind=dashboard': () => ({ items, next: null }),
      'DELETE /api/dashboards/boards/3': () => ((items = []), { deleted: true }),
    });
    await renderPage(DashboardPage, '/space-acme/dashboard', api, 'zh-CN');
    await click('dashboard-delete-3');
    await act(async () => document.querySelector<HTMLElement>('.arco-popconfirm .arco-btn-primary')!.click());
    await settle();
    expect(byTestId('dashboard-empty')?.textContent).toContain('还没有仪表盘');
  });
});

describe('DashboardPage: one dashboard', () => {
  const { services, push } = fakePush();

  it('draws each chart or its own failure, applies a global filter and drills down to the records with it', async () => {
    const { api, calls } = fakeApi({
      'GET /api/dashboards/boards/3': board(),
      'POST /api/dashboards/boards/3/data': data,
      'GET /api/dashboards/fields?formId=10': fields,
      'POST /api/dashboards/charts/5/drill': { href: '/space-acme/app/!/10/1?filter=x' },
    });
    await renderPage(DashboardPage, '/space-acme/dashboard?id=3', api, 'en', ['user'], services);
    expect(byTestId('board-title')?.textContent).toBe('Plant');
    expect(byTestId('drawn-By status')).not.toBeNull();
    expect(byTestId('chart-failed-6')?.textContent).toContain('Chart loading is abnormal');
    expect(byTestId('chart-tips-5')).not.toBeNull();
    expect(byTestId('chart-export-xlsx-5')).toBeNull(); // the export menu opens on click

    const dataCalls = () => calls.filter((c) => c.path === '/api/dashboards/boards/3/data');
    expect(dataCalls()[0]?.body).toEqual({ filters: {} });
    const reason = byTestId('board-filter-value-g1') as HTMLInputElement;
    await type(reason, 'jam');
    await act(async () => reason.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })));
    await settle();
    expect(dataCalls().at(-1)?.body).toEqual({ filters: { g1: { op: 'contains', value: 'jam' } } });

    await click('drawn-By status');
    expect(calls.find((c: Call) => c.path.endsWith('/drill'))?.body).toEqual({ keys: ['closed'], filters: { g1: { op: 'contains', value: 'jam' } }, boardId: '3' });
    expect(routerAt.current).toBe('/space-acme/app/!/10/1?filter=x');
  });

  it('reads the charts again a second after a write to one of their forms, not for other forms or spaces', async () => {
    const { api, calls } = fakeApi({ 'GET /api/dashboards/boards/3': board({ filters: [] }), 'POST /api/dashboards/boards/3/data': data });
    await renderPage(DashboardPage, '/space-acme/dashboard?id=3', api, 'en', ['user'], services);
    const count = () => calls.filter((c) => c.path === '/api/dashboards/boards/3/data').length;
    expect(count()).toBe(1);
    await push({ type: 'forms.records', spaceId: 'acme', formId: '99' });
    await push({ type: 'forms.records', spaceId: 'nova', formId: '10' });
    await push({ type: 'forms.records', spaceId: 'acme', formId: '10' });
    await push({ type: 'forms.records', spaceId: 'acme', formId: '10' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1100)));
    await settle();
    expect(count()).toBe(2);
  });

  it('edits: adds a text, saves with the version, explains a 409 and lists a 422\'s problems', async () => {
    let answer: 'stale' | 'invalid' | 'ok' = 'stale';
    const { api, calls } = fakeApi({
      'GET /api/dashboards/boards/3': board(),
      'POST /api/dashboards/boards/3/data': data,
      'GET /api/dashboards/fields?formId=10': fields,
      'GET /api/org/role-groups': { groups: [] },
      'PUT /api/dashboards/boards/3': () => {
        if (answer === 'stale') throw refuse(409, 'dashboards.board.stale', 'stale');
        if (answer === 'invalid') throw refuse(422, 'dashboards.validation', 'Bad', { problems: [{ path: 'items.0.chartId', key: 'dashboards.boards.edit.tooMany', params: { max: 60 } }] });
        return board({ version: 3, name: 'Plant 2' });
      },
    });
    await renderPage(DashboardPage, '/space-acme/dashboard?id=3', api, 'en', ['user'], services);
    await click('board-edit');
    expect(byTestId('board-settings')).not.toBeNull();
    await click('board-add-text');
    await type(byTestId('board-name') as HTMLInputElement, 'Plant 2');
    await click('board-save');
    expect(byTestId('board-server-error')?.textContent).toContain('Someone else saved');
    const sent = calls.find((c) => c.method === 'PUT')?.body as { draft: Board; version: number };
    expect(sent.version).toBe(2);
    expect(sent.draft.items.map((i) => i.kind)).toEqual(['chart', 'chart', 'text']);
    expect(sent.draft.name).toBe('Plant 2');

    answer = 'invalid';
    await click('board-save');
    expect(byTestId('board-problems')?.textContent).toContain('at most 60 items');
    answer = 'ok';
    await click('board-save');
    expect(byTestId('board-settings')).toBeNull();
    expect(byTestId('board-title')?.textContent).toBe('Plant 2');
  });

  it('says so when the dashboard is gone', async () => {
    const { api } = fakeApi({ 'GET /api/dashboards/boards/3': () => { throw refuse(404, 'dashboards.board.notFound', 'The dashboard does not exist'); } });
    await renderPage(DashboardPage, '/space-acme/dashboard?id=3', api, 'en');
    expect(byTestId('board-load-failed')?.textContent).toContain('The dashboard does not exist');
  });
});
