import {
  BOARD_LIMITS as B,
  CHART_LIMITS as C,
  type BoardDraft,
  type BoardItem,
  type ChartDraft,
  type ChartType,
  type GlobalFilter,
  type Measure,
} from './model.ts';

/**
 * The rules a chart or a board must keep, checked the same way by the designers (before saving) and the server
 * (which never trusts them). What needs the database — the form's fields as the viewer may see them, role groups,
 * members and charts existing — the server checks on top. Keys are `dashboards.validation.*` in the dictionaries.
 */
export interface DashboardProblem {
  /** Where: `name`, `query.measures.2.field`, `items.4.place`… */
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

type Add = (path: string, key: string, params?: DashboardProblem['params']) => void;

/** How many dimensions and measures each chart type draws: [min, max] (a pivot's first dimension is its rows). */
export const CHART_SHAPES: Record<ChartType, { dimensions: readonly [number, number]; measures: readonly [number, number] }> = {
  table: { dimensions: [0, C.dimensions], measures: [1, C.measures] },
  pivot: { dimensions: [1, C.dimensions], measures: [1, C.measures] },
  number: { dimensions: [0, 0], measures: [1, 1] },
  gauge: { dimensions: [0, 0], measures: [1, 1] },
  line: { dimensions: [1, 2], measures: [1, C.measures] },
  bar: { dimensions: [1, 2], measures: [1, C.measures] },
  area: { dimensions: [1, 2], measures: [1, C.measures] },
  pie: { dimensions: [1, 1], measures: [1, 1] },
  funnel: { dimensions: [1, 1], measures: [1, 1] },
  scatter: { dimensions: [0, 1], measures: [2, 3] },
  map: { dimensions: [1, 1], measures: [1, 1] },
  combo: { dimensions: [1, 1], measures: [2, C.measures] },
};

/** A dashboard's grid is 12 columns wide (react-grid-layout); its rows grow downwards. */
export const DASHBOARD_COLUMNS = 12;
/** Row units of a dashboard's grid: far more than a page holds, only to refuse absurd places. */
export const DASHBOARD_ROWS = 1000;
/** Measure, ratio, item and filter ids are the designer's own. */
const LOCAL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LABEL_MAX = 60;

const chars = (text: string) => [...text].length;
const isCount = (n: unknown, min: number, max: number) => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

function nameProblems(name: string, max: number, add: Add): void {
  const trimmed = name.trim();
  if (!trimmed) add('name', 'dashboards.validation.nameRequired');
  else if (chars(trimmed) > max) add('name', 'dashboards.validation.nameTooLong', { max });
}

function measureProblems(measures: readonly Measure[], add: Add): void {
  measures.forEach((m, i) => {
    const at = `query.measures.${i}`;
    if (!LOCAL_ID.test(m.id)) add(`${at}.id`, 'dashboards.validation.measureId');
    if (m.field === null && m.aggregate !== 'count') add(`${at}.field`, 'dashboards.validation.fieldRequired');
    if (m.label !== undefined && chars(m.label) > LABEL_MAX) add(`${at}.label`, 'dashboards.validation.labelTooLong', { max: LABEL_MAX });
  });
}

/** Every problem of a chart draft the shared rules see, in the order the designer shows them. */
export function chartProblems(draft: ChartDraft): DashboardProblem[] {
  const out: DashboardProblem[] = [];
  const add: Add = (path, key, params) => out.push({ path, key, ...(params ? { params } : {}) });
  nameProblems(draft.name, C.name, add);
  if (chars(draft.tips) > C.tips) add('tips', 'dashboards.validation.tipsTooLong', { max: C.tips });
  if (!draft.appId) add('appId', 'dashboards.validation.formRequired');
  const { query } = draft;
  if (!query.formId) add('query.formId', 'dashboards.validation.formRequired');
  const shape = CHART_SHAPES[draft.type];
  if (query.dimensions.length > C.dimensions) add('query.dimensions', 'dashboards.validation.dimensionsTooMany', { max: C.dimensions });
  else if (query.dimensions.length < shape.dimensions[0] || query.dimensions.length > shape.dimensions[1]) {
    add('query.dimensions', 'dashboards.validation.dimensionCount', { min: shape.dimensions[0], max: shape.dimensions[1] });
  }
  if (query.measures.length > C.measures) add('query.measures', 'dashboards.validation.measuresTooMany', { max: C.measures });
  else if (query.measures.length < shape.measures[0] || query.measures.length > shape.measures[1]) {
    add('query.measures', 'dashboards.validation.measureCount', { min: shape.measures[0], max: shape.measures[1] });
  }
  query.dimensions.forEach((d, i) => {
    if (!d.field) add(`query.dimensions.${i}.field`, 'dashboards.validation.fieldRequired');
  });
  measureProblems(query.measures, add);
  const ids = new Set<string>();
  for (const [i, id] of [...query.measures.map((m) => m.id), ...(query.ratios ?? []).map((r) => r.id)].entries()) {
    const at = i < query.measures.length ? `query.measures.${i}.id` : `query.ratios.${i - query.measures.length}.id`;
    if (ids.has(id)) add(at, 'dashboards.validation.idDuplicate');
    ids.add(id);
  }
  const ratios = query.ratios ?? [];
  if (ratios.length > C.ratios) add('query.ratios', 'dashboards.validation.ratiosTooMany', { max: C.ratios });
  const measureIds = new Set(query.measures.map((m) => m.id));
  ratios.forEach((r, i) => {
    const at = `query.ratios.${i}`;
    if (!LOCAL_ID.test(r.id)) add(`${at}.id`, 'dashboards.validation.measureId');
    if (!r.label.trim() || chars(r.label) > LABEL_MAX) add(`${at}.label`, 'dashboards.validation.ratioLabel', { max: LABEL_MAX });
    if (!measureIds.has(r.numerator)) add(`${at}.numerator`, 'dashboards.validation.ratioMeasure');
    if (!measureIds.has(r.denominator)) add(`${at}.denominator`, 'dashboards.validation.ratioMeasure');
  });
  if (query.sort) {
    const dimension = /^d([0-9])$/.exec(query.sort.by);
    const known = dimension ? Number(dimension[1]) < query.dimensions.length : ids.has(query.sort.by);
    if (!known) add('query.sort.by', 'dashboards.validation.sortUnknown');
  }
  if (query.limit !== undefined && !isCount(query.limit, 1, C.topN)) add('query.limit', 'dashboards.validation.topN', { max: C.topN });
  const { gaugeMax, decimals } = draft.options;
  if (gaugeMax !== undefined && !(Number.isFinite(gaugeMax) && gaugeMax > 0)) add('options.gaugeMax', 'dashboards.validation.gaugeMax');
  if (decimals !== undefined && !isCount(decimals, 0, 6)) add('options.decimals', 'dashboards.validation.decimals', { max: 6 });
  return out;
}

/** Whether a screen of this size is one of the design resolutions offered. */
export const screenSizeAllowed = (width: number, height: number) => B.screenSizes.some(([w, h]) => w === width && h === height);

function placeProblem(draft: BoardDraft, item: BoardItem): boolean {
  const { x, y, w, h } = item.place;
  if (![x, y, w, h].every(Number.isInteger) || x < 0 || y < 0 || w < 1 || h < 1) return true;
  if (draft.kind === 'dashboard') return x + w > DASHBOARD_COLUMNS || y + h > DASHBOARD_ROWS;
  // A screen item lies inside the screen's resolution (a screen without a valid size is reported on its own).
  return !!draft.screen && (x + w > draft.screen.width || y + h > draft.screen.height);
}

function itemProblems(draft: BoardDraft, add: Add): void {
  const ids = new Set<string>();
  draft.items.forEach((item, i) => {
    const at = `items.${i}`;
    if (!LOCAL_ID.test(item.id) || ids.has(item.id)) add(`${at}.id`, 'dashboards.validation.idDuplicate');
    ids.add(item.id);
    if (placeProblem(draft, item)) add(`${at}.place`, 'dashboards.validation.itemPlace');
    if (item.kind === 'chart' && !item.chartId) add(`${at}.chartId`, 'dashboards.validation.chartRequired');
    if (item.text !== undefined && chars(item.text) > B.text) add(`${at}.text`, 'dashboards.validation.textTooLong', { max: B.text });
    if (item.kind === 'device' && !item.topic?.trim()) add(`${at}.topic`, 'dashboards.validation.topicRequired');
  });
}

function filterProblems(filters: readonly GlobalFilter[], add: Add): void {
  const ids = new Set<string>();
  filters.forEach((filter, i) => {
    const at = `filters.${i}`;
    if (!LOCAL_ID.test(filter.id) || ids.has(filter.id)) add(`${at}.id`, 'dashboards.validation.idDuplicate');
    ids.add(filter.id);
    if (!filter.label.trim() || chars(filter.label) > LABEL_MAX) add(`${at}.label`, 'dashboards.validation.filterLabel', { max: LABEL_MAX });
    if (filter.targets.length === 0) add(`${at}.targets`, 'dashboards.validation.filterTargets');
    filter.targets.forEach((target, j) => {
      if (!target.formId || !target.field) add(`${at}.targets.${j}`, 'dashboards.validation.filterTargets');
    });
  });
}

/** Every problem of a dashboard or data-screen draft the shared rules see. */
export function boardProblems(draft: BoardDraft): DashboardProblem[] {
  const out: DashboardProblem[] = [];
  const add: Add = (path, key, params) => out.push({ path, key, ...(params ? { params } : {}) });
  nameProblems(draft.name, B.name, add);
  if (chars(draft.description) > B.description) add('description', 'dashboards.validation.descriptionTooLong', { max: B.description });
  if (draft.kind === 'screen') {
    if (!draft.screen || !screenSizeAllowed(draft.screen.width, draft.screen.height)) {
      add('screen', 'dashboards.validation.screenSize', { sizes: B.screenSizes.map(([w, h]) => `${w}×${h}`).join(', ') });
    }
  } else if (draft.screen !== null) add('screen', 'dashboards.validation.screenOnly');
  if (draft.items.length > B.items) add('items', 'dashboards.validation.itemsTooMany', { max: B.items });
  itemProblems(draft, add);
  if (draft.filters.length > B.filters) add('filters', 'dashboards.validation.filtersTooMany', { max: B.filters });
  filterProblems(draft.filters, add);
  if (!B.refreshSeconds.includes(draft.refreshSeconds)) add('refreshSeconds', 'dashboards.validation.refreshSeconds', { values: B.refreshSeconds.join(', ') });
  return out;
}
