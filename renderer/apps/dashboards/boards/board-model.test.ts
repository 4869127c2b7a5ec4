import { describe, expect, it } from 'vitest';
import { boardProblems } from '../../../../shared/dashboards/validate.ts';
import { addGridItem, applyGridLayout, bottomRow, chartIdsOf, clampCell, GRID_COLUMNS, newDashboard, newScreen, removeItem, rowKeys, toGridLayout } from './board-model.ts';
import { parseBoardPush } from './live.ts';
import { newest } from './use-device-values.ts';

describe('a dashboard grid', () => {
  it('keeps cells whole and inside the 12 columns', () => {
    expect(clampCell({ x: 10, y: -2, w: 6, h: 0 })).toEqual({ x: 6, y: 0, w: 6, h: 1 });
    expect(clampCell({ x: 0.4, y: 2.6, w: 40, h: 3 })).toEqual({ x: 0, y: 3, w: GRID_COLUMNS, h: 3 });
  });

  it('adds a chart under what is there, and a text across the whole width', () => {
    let draft = newDashboard('Plant');
    const chart = addGridItem(draft, { kind: 'chart', chartId: '5' });
    if ('refused' in chart) throw new Error('refused');
    draft = chart.draft;
    expect(draft.items[0]!.place).toEqual({ x: 0, y: 0, w: 6, h: 8 });
    const text = addGridItem(draft, { kind: 'text', text: 'Shift A' });
    if ('refused' in text) throw new Error('refused');
    expect(text.draft.items[1]!.place).toEqual({ x: 0, y: 8, w: 12, h: 2 });
    expect(bottomRow(text.draft.items)).toBe(10);
    expect(boardProblems(text.draft)).toEqual([]);
  });

  it('puts a second chart beside the first, and fills a gap before growing the board', () => {
    let draft = newDashboard('Plant');
    for (const chartId of ['5', '6', '7']) {
      const result = addGridItem(draft, { kind: 'chart', chartId });
      if ('refused' in result) throw new Error('refused');
      draft = result.draft;
    }
    expect(draft.items.map((i) => [i.place.x, i.place.y])).toEqual([[0, 0], [6, 0], [0, 8]]);
    const gap = addGridItem(removeItem(draft, draft.items[1]!.id), { kind: 'clock' });
    if ('refused' in gap) throw new Error('refused');
    expect(gap.draft.items.at(-1)!.place).toEqual({ x: 6, y: 0, w: 3, h: 2 });
  });

  it('takes the grid library\'s layout back, and the same draft when nothing moved', () => {
    const added = addGridItem(newDashboard('Plant'), { kind: 'chart', chartId: '5' });
    if ('refused' in added) throw new Error('refused');
    const draft = added.draft;
    const layout = toGridLayout(draft.items);
    expect(applyGridLayout(draft, layout)).toBe(draft);
    const moved = applyGridLayout(draft, [{ ...layout[0]!, x: 6, w: 9 }]);
    expect(moved.items[0]!.place).toEqual({ x: 3, y: 0, w: 9, h: 8 });
    expect(draft.items[0]!.place.x).toBe(0);
  });

  it('lists the charts once each and removes items', () => {
    let draft = newDashboard('Plant');
    for (const chartId of ['5', '6', '5']) {
      const result = addGridItem(draft, { kind: 'chart', chartId });
      if ('refused' in result) throw new Error('refused');
      draft = result.draft;
    }
    expect(chartIdsOf(draft.items)).toEqual(['5', '6']);
    expect(chartIdsOf(removeItem(draft, draft.items[1]!.id).items)).toEqual(['5']);
  });

  it('makes drafts the shared rules accept: a private dashboard, a screen at an offered size', () => {
    expect(boardProblems(newDashboard(' Plant '))).toEqual([]);
    expect(newDashboard('x').viewers.everyone).toBe(false);
    expect(boardProblems(newScreen('Wall', [1920, 1080], 'dark-tech'))).toEqual([]);
  });

  it('reads one row\'s keys (one per dimension), for drill-down', () => {
    const keys = [['open', '2026-03'], ['closed', '2026-04']];
    expect(rowKeys(keys, 1)).toEqual(['closed', '2026-04']);
    expect(rowKeys([], 0)).toEqual([]);
    expect(rowKeys([[null]], 0)).toEqual([null]);
  });
});

describe('live pushes', () => {
  it('reads record writes and device values, and nothing else', () => {
    expect(parseBoardPush({ type: 'forms.records', spaceId: 'acme', formId: '7' })).toEqual({ type: 'forms.records', spaceId: 'acme', formId: '7' });
    expect(parseBoardPush({ type: 'iot.values', values: [{ topic: 'a', payload: '1', at: '2026-01-01T00:00:00Z' }, { topic: 3 }] })).toEqual({
      type: 'iot.values',
      spaceId: undefined,
      values: [{ topic: 'a', payload: '1', at: '2026-01-01T00:00:00Z' }],
    });
    expect(parseBoardPush({ type: 'messages.new' })).toBeNull();
    expect(parseBoardPush('forms.records')).toBeNull();
  });

  it('keeps the newest value per topic of the board, whatever order they come in', () => {
    const topics = new Set(['a']);
    const first = newest(new Map(), [{ topic: 'a', payload: '2', at: '2026-01-01T00:00:02Z' }, { topic: 'b', payload: '9', at: '2026-01-01T00:00:09Z' }], topics);
    expect([...first.keys()]).toEqual(['a']);
    const late = newest(first, [{ topic: 'a', payload: '1', at: '2026-01-01T00:00:01Z' }], topics);
    expect(late.get('a')?.payload).toBe('2');
    expect(newest(late, [{ topic: 'a', payload: '3', at: '2026-01-01T00:00:03Z' }], topics).get('a')?.payload).toBe('3');
  });
});
