import { describe, expect, it } from 'vitest';
import { EVERYONE, NOBODY_ELSE, type BoardDraft, type BoardItem, type ChartDraft } from './model.ts';
import { boardProblems, chartProblems } from './validate.ts';

const chart = (overrides: Partial<ChartDraft> = {}, query: Partial<ChartDraft['query']> = {}): ChartDraft => ({
  name: 'Orders by status',
  type: 'bar',
  appId: '1',
  query: { formId: '2', dimensions: [{ field: 'f2' }], measures: [{ id: 'm1', aggregate: 'count', field: null }], ...query },
  options: {},
  tips: '',
  viewers: EVERYONE,
  editors: NOBODY_ELSE,
  ...overrides,
});

const board = (overrides: Partial<BoardDraft> = {}): BoardDraft => ({
  kind: 'dashboard',
  name: 'Plant',
  description: '',
  items: [],
  filters: [],
  refreshSeconds: 0,
  screen: null,
  viewers: EVERYONE,
  editors: NOBODY_ELSE,
  ...overrides,
});

const item = (overrides: Partial<BoardItem> = {}): BoardItem => ({ id: 'i1', kind: 'chart', chartId: '5', place: { x: 0, y: 0, w: 6, h: 4 }, ...overrides });
const keys = (problems: { key: string }[]) => problems.map((p) => p.key.replace('dashboards.validation.', ''));

describe('chartProblems', () => {
  it('accepts a plain chart', () => {
    expect(chartProblems(chart())).toEqual([]);
  });

  it('names: required, at most 60 characters (trimmed, counted as characters); tips at most 500', () => {
    expect(chartProblems(chart({ name: '   ' }))).toEqual([{ path: 'name', key: 'dashboards.validation.nameRequired' }]);
    expect(chartProblems(chart({ name: '图'.repeat(60) }))).toEqual([]);
    expect(chartProblems(chart({ name: 'x'.repeat(61) }))).toEqual([{ path: 'name', key: 'dashboards.validation.nameTooLong', params: { max: 60 } }]);
    expect(keys(chartProblems(chart({ tips: 'x'.repeat(501) })))).toEqual(['tipsTooLong']);
  });

  it('dimension and measure counts per chart type', () => {
    expect(keys(chartProblems(chart({}, { dimensions: [{ field: 'f1' }, { field: 'f2' }, { field: 'f3' }, { field: 'f4' }] })))).toEqual(['dimensionsTooMany']);
    expect(chartProblems(chart({ type: 'pie' }, { dimensions: [] }))[0]).toMatchObject({ path: 'query.dimensions', key: 'dashboards.validation.dimensionCount', params: { min: 1, max: 1 } });
    expect(keys(chartProblems(chart({ type: 'number' })))).toEqual(['dimensionCount']);
    expect(chartProblems(chart({ type: 'number' }, { dimensions: [] }))).toEqual([]);
    expect(keys(chartProblems(chart({}, { measures: [] })))).toEqual(['measureCount']);
    const many = Array.from({ length: 11 }, (_, i) => ({ id: `m${i}`, aggregate: 'count' as const, field: null }));
    expect(keys(chartProblems(chart({}, { measures: many })))).toEqual(['measuresTooMany']);
    expect(keys(chartProblems(chart({ type: 'combo' })))).toEqual(['measureCount']);
  });

  it('count alone may go without a field; measure and ratio ids are unique', () => {
    expect(chartProblems(chart({}, { measures: [{ id: 'm1', aggregate: 'sum', field: null }] }))).toEqual([
      { path: 'query.measures.0.field', key: 'dashboards.validation.fieldRequired' },
    ]);
    const twice = [{ id: 'm1', aggregate: 'count' as const, field: null }, { id: 'm1', aggregate: 'sum' as const, field: 'f3' }];
    expect(chartProblems(chart({}, { measures: twice }))).toEqual([{ path: 'query.measures.1.id', key: 'dashboards.validation.idDuplicate' }]);
    const ratio = { id: 'm1', label: 'Share', numerator: 'm1', denominator: 'm1', percent: true };
    expect(keys(chartProblems(chart({}, { ratios: [ratio] })))).toEqual(['idDuplicate']);
  });

  it('ratios name existing measures; sort names a dimension, measure or ratio; top N is 1–1000', () => {
    const measures = [{ id: 'm1', aggregate: 'count' as const, field: null }, { id: 'm2', aggregate: 'sum' as const, field: 'f3' }];
    const ratio = { id: 'r1', label: 'Average', numerator: 'm2', denominator: 'm9', percent: false };
    expect(chartProblems(chart({}, { measures, ratios: [ratio] }))).toEqual([{ path: 'query.ratios.0.denominator', key: 'dashboards.validation.ratioMeasure' }]);
    const fine = { ...ratio, denominator: 'm1' };
    expect(chartProblems(chart({}, { measures, ratios: [fine], sort: { by: 'r1', dir: 'desc' } }))).toEqual([]);
    expect(chartProblems(chart({}, { measures, sort: { by: 'd0', dir: 'asc' } }))).toEqual([]);
    expect(keys(chartProblems(chart({}, { measures, sort: { by: 'd1', dir: 'asc' } })))).toEqual(['sortUnknown']);
    expect(keys(chartProblems(chart({}, { measures, sort: { by: 'zz', dir: 'asc' } })))).toEqual(['sortUnknown']);
    expect(chartProblems(chart({}, { limit: 1000 }))).toEqual([]);
    expect(keys(chartProblems(chart({}, { limit: 0 })))).toEqual(['topN']);
    expect(keys(chartProblems(chart({}, { limit: 1001 })))).toEqual(['topN']);
    expect(keys(chartProblems(chart({}, { limit: 2.5 })))).toEqual(['topN']);
    const six = Array.from({ length: 6 }, (_, i) => ({ ...fine, id: `r${i}` }));
    expect(keys(chartProblems(chart({}, { measures, ratios: six })))).toEqual(['ratiosTooMany']);
  });

  it('a chart needs its form and app', () => {
    expect(keys(chartProblems(chart({ appId: '' }, { formId: '' })))).toEqual(['formRequired', 'formRequired']);
  });
});

describe('boardProblems', () => {
  it('accepts a plain dashboard and a screen of an offered size', () => {
    expect(boardProblems(board({ items: [item()] }))).toEqual([]);
    const screen = board({ kind: 'screen', screen: { width: 1920, height: 1080, theme: 'dark-blue' }, items: [item({ place: { x: 1000, y: 500, w: 900, h: 500 } })] });
    expect(boardProblems(screen)).toEqual([]);
  });

  it('items: at most 60, inside the grid or the screen, chart items name a chart, ids unique', () => {
    const many = Array.from({ length: 61 }, (_, i) => item({ id: `i${i}` }));
    expect(keys(boardProblems(board({ items: many })))).toEqual(['itemsTooMany']);
    expect(boardProblems(board({ items: [item({ place: { x: 8, y: 0, w: 6, h: 2 } })] }))).toEqual([{ path: 'items.0.place', key: 'dashboards.validation.itemPlace' }]);
    const screen = board({ kind: 'screen', screen: { width: 1366, height: 768, theme: 'dark-tech' }, items: [item({ place: { x: 1000, y: 0, w: 400, h: 100 } })] });
    expect(keys(boardProblems(screen))).toEqual(['itemPlace']);
    expect(keys(boardProblems(board({ items: [item({ chartId: undefined })] })))).toEqual(['chartRequired']);
    expect(keys(boardProblems(board({ items: [item(), item()] })))).toEqual(['idDuplicate']);
    expect(keys(boardProblems(board({ items: [item({ kind: 'device', chartId: undefined, topic: ' ' })] })))).toEqual(['topicRequired']);
    expect(keys(boardProblems(board({ items: [item({ kind: 'text', chartId: undefined, text: 'x'.repeat(2001) })] })))).toEqual(['textTooLong']);
  });

  it('filters: at most 10, each with a label and targets', () => {
    const filter = (id: string) => ({ id, label: 'Status', kind: 'text' as const, targets: [{ formId: '2', field: 'f2' }] });
    expect(boardProblems(board({ filters: [filter('a')] }))).toEqual([]);
    expect(keys(boardProblems(board({ filters: Array.from({ length: 11 }, (_, i) => filter(`g${i}`)) })))).toEqual(['filtersTooMany']);
    expect(keys(boardProblems(board({ filters: [{ ...filter('a'), targets: [] }] })))).toEqual(['filterTargets']);
    expect(keys(boardProblems(board({ filters: [{ ...filter('a'), label: '' }] })))).toEqual(['filterLabel']);
  });

  it('refresh from the offered list; screens need an offered size, dashboards none', () => {
    expect(boardProblems(board({ refreshSeconds: 300 }))).toEqual([]);
    expect(keys(boardProblems(board({ refreshSeconds: 5 })))).toEqual(['refreshSeconds']);
    expect(keys(boardProblems(board({ kind: 'screen' })))).toEqual(['screenSize']);
    expect(keys(boardProblems(board({ kind: 'screen', screen: { width: 1000, height: 1000, theme: 'light' } })))).toEqual(['screenSize']);
    expect(keys(boardProblems(board({ screen: { width: 1920, height: 1080, theme: 'light' } })))).toEqual(['screenOnly']);
    expect(keys(boardProblems(board({ name: '', description: 'x'.repeat(501) })))).toEqual(['nameRequired', 'descriptionTooLong']);
  });
});
