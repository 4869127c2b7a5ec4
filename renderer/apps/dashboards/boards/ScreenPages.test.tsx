import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Board } from '../../../../shared/dashboards/model.ts';
import { EVERYONE, NOBODY_ELSE } from '../../../../shared/dashboards/model.ts';
import { byTestId, cleanup, click, fakeApi, renderPage, settle, type } from '../../../testing/page-kit.tsx';
import { fakePush, stubResizeObserver } from './boards-test-kit.ts';
import { ScreenDesignerPage } from './ScreenDesignerPage.tsx';
import { ScreenManagerPage } from './ScreenManagerPage.tsx';
import { ScreenPage } from './ScreenPage.tsx';
import { ScreenSearchPage } from './ScreenSearchPage.tsx';
import { ScreenViewerPage } from './ScreenViewerPage.tsx';

vi.mock('../chart/ChartView.tsx', () => ({ ChartView: ({ chart, theme }: { chart: { name: string }; theme: string }) => <div data-testid={`drawn-${chart.name}`} data-theme={theme} /> }));

afterEach(cleanup);
stubResizeObserver();

const screen = (extra: Partial<Board> = {}): Board => ({
  id: '8', kind: 'screen', name: 'Workshop wall', description: '', refreshSeconds: 0, filters: [], viewers: EVERYONE, editors: NOBODY_ELSE,
  screen: { width: 1920, height: 1080, theme: 'dark-tech' },
  items: [
    { id: 't', kind: 'text', text: 'Line 1', place: { x: 0, y: 0, w: 1920, h: 100 } },
    { id: 'd', kind: 'device', topic: 'demo/line1/press-1/temperature', text: 'Press 1', place: { x: 960, y: 540, w: 400, h: 200 } },
  ],
  version: 4, createdBy: '1', createdByName: 'Ada', updatedAt: '2026-03-01T08:00:00Z', canEdit: true, ...extra,
});
const summary = { id: '8', kind: 'screen', name: 'Workshop wall', description: '', items: 2, updatedAt: '2026-03-01T08:00:00Z', createdByName: 'Ada', canEdit: true };
const { services, push } = fakePush();

describe('data screens', () => {
  it('cards open each screen in the viewer window', async () => {
    const { api } = fakeApi({ 'GET /api/dashboards/boards?kind=screen': { items: [summary], next: null } });
    await renderPage(ScreenPage, '/space-acme/dataview/screen', api, 'zh-CN');
    expect(byTestId('screen-card-8')?.getAttribute('href')).toBe('/space-acme/dataview/viewer?id=8');
    expect(byTestId('screen-manage')?.getAttribute('href')).toBe('/space-acme/dataview/screenmanager');
  });

  it('management creates a screen with its resolution, theme and people, and saves its settings with the version read', async () => {
    const { api, calls } = fakeApi({
      'GET /api/dashboards/boards?kind=screen': { items: [summary], next: null },
      'POST /api/dashboards/boards': screen({ id: '9' }),
      'GET /api/dashboards/boards/8': screen(),
      'PUT /api/dashboards/boards/8': screen({ version: 5 }),
      'GET /api/org/role-groups': { groups: [] },
    });
    await renderPage(ScreenManagerPage, '/space-acme/dataview/screenmanager', api, 'en');
    expect(byTestId('screen-design-8')?.getAttribute('href')).toBe('/space-acme/dataview/designer?id=8');
    await click('screen-create');
    await type(byTestId('board-info-name') as HTMLInputElement, 'Line 2 wall');
    await click('board-info-theme-dark-green');
    await click('board-info-ok');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'screen', name: 'Line 2 wall', screen: { width: 1920, height: 1080, theme: 'dark-green' }, viewers: EVERYONE });

    await click('screen-edit-8');
    // The resolution select is Arco's; the dialog's own value shows it was read from the screen.
    expect(document.querySelector('[data-testid="board-info-resolution"]')?.textContent).toContain('1920 × 1080');
    await click('board-info-ok');
    const saved = calls.find((c) => c.method === 'PUT')?.body as { draft: Board; version: number };
    expect(saved.version).toBe(4);
    expect(saved.draft.items[1]!.place).toEqual({ x: 960, y: 540, w: 400, h: 200 });
  });

  it('the viewer scales the screen, shows device values as they are pushed, and offers full screen', async () => {
    const { api } = fakeApi({
      'GET /api/dashboards/boards/8': screen(),
      'POST /api/dashboards/boards/8/data': { charts: {} },
      'GET /api/iot/values?topic=demo%2Fline1%2Fpress-1%2Ftemperature&limit=1': { values: [{ topic: 'demo/line1/press-1/temperature', payload: '68.2', at: '2026-03-01T08:00:00Z' }] },
    });
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    await renderPage(ScreenViewerPage, '/space-acme/dataview/viewer?id=8', api, 'en', ['user'], services);
    expect(byTestId('screen-viewer')?.className).toContain('qp-screen-theme-dark-tech');
    expect(byTestId('board-device-value-d')?.textContent).toBe('68.2');
    await push({ type: 'iot.values', spaceId: 'acme', values: [{ topic: 'demo/line1/press-1/temperature', payload: '70.1', at: '2026-03-01T08:00:05Z' }] });
    expect(byTestId('board-device-value-d')?.textContent).toBe('70.1');
    expect(byTestId('screen-item-d')?.getAttribute('style')).toContain('left: 960px');
    const request = vi.fn(async () => undefined);
    (byTestId('screen-viewer') as HTMLElement & { requestFullscreen: () => Promise<void> }).requestFullscreen = request;
    await click('screen-fullscreen');
    expect(request).toHaveBeenCalled();
    expect(byTestId('screen-viewer')?.textContent).toContain('F11');
  });

  it('the designer adds a clock, moves the selected item with the keys and saves the layout with the version', async () => {
    const { api, calls } = fakeApi({
      'GET /api/dashboards/boards/8': screen(),
      'POST /api/dashboards/boards/8/data': { charts: {} },
      'GET /api/iot/values?topic=demo%2Fline1%2Fpress-1%2Ftemperature&limit=1': { values: [] },
      'GET /api/org/role-groups': { groups: [] },
      'PUT /api/dashboards/boards/8': (call: { body: unknown }) => ({ ...screen(), ...(call.body as { draft: Board }).draft, version: 5 }),
    });
    await renderPage(ScreenDesignerPage, '/space-acme/dataview/designer?id=8', api, 'en', ['user'], services);
    await click('screen-add-clock');
    const item = document.querySelector<HTMLElement>('.qp-screen-item-selected')!;
    const before = item.dataset.place!.split(',').map(Number);
    await act(async () => item.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    await settle();
    const after = document.querySelector<HTMLElement>('.qp-screen-item-selected')!.dataset.place!.split(',').map(Number);
    expect(after[0]).toBe(before[0]! + 10);
    await click('board-save');
    const sent = calls.find((c) => c.method === 'PUT')?.body as { draft: Board; version: number };
    expect(sent.version).toBe(4);
    expect(sent.draft.items.map((i) => i.kind)).toEqual(['text', 'device', 'clock']);
    expect(sent.draft.items[2]!.place.x).toBe(after[0]);
  });

  it('the designer and viewer opened without a screen (from the menu) lead to the screens', async () => {
    await renderPage(ScreenViewerPage, '/space-acme/dataview/viewer', fakeApi({}).api, 'en');
    expect(byTestId('screen-pick')?.getAttribute('href')).toBe('/space-acme/dataview/screen');
    cleanup();
    await renderPage(ScreenDesignerPage, '/space-acme/dataview/designer', fakeApi({}).api, 'en');
    expect(byTestId('screen-pick')?.getAttribute('href')).toBe('/space-acme/dataview/screenmanager');
  });

  it('search finds charts, dashboards and screens, each linked to where it opens', async () => {
    const { api } = fakeApi({
      'GET /api/dashboards/search?q=line': {
        charts: [{ id: '5', name: 'Line output', type: 'bar', appId: '1', formId: '10', formName: 'Inspection', updatedAt: '', createdByName: 'Ada', canEdit: false }],
        boards: [{ ...summary, id: '3', kind: 'dashboard', name: 'Line board' }, summary],
      },
    });
    await renderPage(ScreenSearchPage, '/space-acme/dataview/search?q=line', api, 'en');
    expect(byTestId('search-board-3')?.getAttribute('href')).toBe('/space-acme/dashboard?id=3');
    expect(byTestId('search-board-8')?.getAttribute('href')).toBe('/space-acme/dataview/viewer?id=8');
    expect(byTestId('search-chart-5')?.textContent).toBe('Line output');
  });
});
