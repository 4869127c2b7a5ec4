import type { FilterGroup } from '../forms/filters.ts';
import type { ValueKind } from '../forms/fields.ts';

/**
 * Charts, dashboards and data screens (decision 0065). One model for the designer, the viewer and the
 * server: a chart is a query over ONE form (optionally reaching the forms its relation fields point to) plus how
 * it is drawn. The query always runs inside the viewer's record permissions (the forms' visibleWhere).
 */
export const CHART_TYPES = ['table', 'pivot', 'number', 'line', 'bar', 'area', 'pie', 'scatter', 'funnel', 'gauge', 'map', 'combo'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const AGGREGATES = ['count', 'distinct', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** Aggregates that need a number or amount field; count and distinct take any field (count also none). */
export const NUMERIC_AGGREGATES: readonly Aggregate[] = ['sum', 'avg', 'min', 'max'];

/**
 * A field reference: a form field key (`f3`), a system field (`createdAt`, `createdBy`, …, shared/forms/fields.ts),
 * or `relationKey.targetKey` — a field of the record a relation field points to (the join of §16).
 */
export type FieldRef = string;

export interface Dimension {
  field: FieldRef;
  /** Date and date-time fields only; the default is month. */
  granularity?: Granularity;
}

export interface Measure {
  /** The designer's own id (`m1`), referenced by ratios, sort and the combo's axes. */
  id: string;
  aggregate: Aggregate;
  /** null: count of records (aggregate must be `count`). */
  field: FieldRef | null;
  /** Shown name; empty means the server's default ("Count of Amount" in the viewer's language). */
  label?: string;
  /** Combined bar + line: which series type draws this measure. */
  series?: 'bar' | 'line';
}

/** A ratio between two measures of the same query (ratioview): numerator / denominator, optionally in percent. */
export interface Ratio {
  id: string;
  label: string;
  numerator: string;
  denominator: string;
  percent: boolean;
}

export interface ChartSort {
  /** `d0`, `d1` for a dimension, a measure or ratio id otherwise. */
  by: string;
  dir: 'asc' | 'desc';
}

export interface ChartQuery {
  formId: string;
  /** 0–3 dimensions; a pivot takes its first as rows and the rest as columns. */
  dimensions: Dimension[];
  measures: Measure[];
  ratios?: Ratio[];
  filter?: FilterGroup;
  sort?: ChartSort;
  /** Top N groups after sorting (1–1000). */
  limit?: number;
}

export interface ChartOptions {
  stacked?: boolean;
  horizontal?: boolean;
  donut?: boolean;
  showLabels?: boolean;
  smooth?: boolean;
  /** Gauge: the value that fills the dial. */
  gaugeMax?: number;
  /** Number card: decimals shown. */
  decimals?: number;
  /** Palette name (see PALETTES) for light and dark themes. */
  palette?: string;
}

/** Who may open or change a chart, dashboard or screen: everyone in the space, or role groups and members. */
export interface Access {
  everyone: boolean;
  roleGroups: string[];
  members: string[];
}

export interface ChartDraft {
  name: string;
  type: ChartType;
  /** The app the form belongs to (search, the app's analysis permission). */
  appId: string;
  query: ChartQuery;
  options: ChartOptions;
  /** Chart tips (§2.8): a short explanation the viewer opens from the chart's corner. Plain text. */
  tips: string;
  viewers: Access;
  editors: Access;
}

export interface Chart extends ChartDraft {
  id: string;
  version: number;
  createdBy: string;
  createdByName: string;
  updatedAt: string;
  /** For the member reading it. */
  canEdit: boolean;
}

/** What a query answers: one row per group, the dimensions' display values then the measures' (ratios last). */
export interface ResultColumn {
  key: string;
  label: string;
  role: 'dimension' | 'measure' | 'ratio';
  kind: ValueKind | 'number';
}

export interface ChartResult {
  columns: ResultColumn[];
  rows: Array<Array<string | number | null>>;
  /** For each row, the raw value of each dimension (keys[row][dimension]), used by drill-down (member ids, option values, dates). */
  keys: Array<Array<string | number | null>>;
  /** Groups beyond the caps were left out; the viewer says so ("showing the first N"). */
  capped: null | { rows: number; columns: number };
  /** When the numbers were computed (a cached answer keeps its time). */
  at: string;
}

export const BOARD_KINDS = ['dashboard', 'screen'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

export const SCREEN_THEMES = ['dark-blue', 'dark-tech', 'dark-green', 'light'] as const;
export type ScreenTheme = (typeof SCREEN_THEMES)[number];

export const BOARD_ITEM_KINDS = ['chart', 'text', 'device', 'clock'] as const;
export type BoardItemKind = (typeof BOARD_ITEM_KINDS)[number];

/** A dashboard's grid (12 columns, row units) or a screen's free layout (pixels at the screen's resolution). */
export interface BoardItem {
  id: string;
  kind: BoardItemKind;
  place: { x: number; y: number; w: number; h: number };
  chartId?: string;
  /** text: a title or a note (plain text). */
  text?: string;
  /** device: an IoT topic whose latest values the iot relay sends (live over the socket). */
  topic?: string;
}

/**
 * A dashboard-wide filter: a label, a kind, and the charts' fields it applies to. The designer fills `targets` with
 * every form on the board that has a field of the same name and kind; charts of other forms ignore it.
 */
export interface GlobalFilter {
  id: string;
  label: string;
  kind: ValueKind;
  targets: Array<{ formId: string; field: FieldRef }>;
}

export interface BoardDraft {
  kind: BoardKind;
  name: string;
  description: string;
  items: BoardItem[];
  filters: GlobalFilter[];
  /** Seconds between automatic refreshes; 0 = only live updates and the refresh button. */
  refreshSeconds: number;
  /** Screens only: the fixed design resolution, scaled to the display. */
  screen: null | { width: number; height: number; theme: ScreenTheme };
  viewers: Access;
  editors: Access;
}

export interface Board extends BoardDraft {
  id: string;
  version: number;
  createdBy: string;
  createdByName: string;
  updatedAt: string;
  canEdit: boolean;
}

/** A global filter's value while viewing, by filter id: a condition on each target field. */
export type FilterValues = Record<string, { op: 'eq' | 'in' | 'between' | 'contains' | 'gte' | 'lte'; value: unknown }>;

export const CHART_LIMITS = {
  name: 60,
  tips: 500,
  dimensions: 3,
  measures: 10,
  ratios: 5,
  topN: 1000,
  /** Groups a chart may return; a pivot's columns are capped separately (10,000 × 10,000 asks are refused to this). */
  rows: 5000,
  pivotRows: 1000,
  pivotColumns: 100,
} as const;

export const BOARD_LIMITS = {
  name: 60,
  description: 500,
  items: 60,
  filters: 10,
  text: 2000,
  refreshSeconds: [0, 10, 30, 60, 300, 900] as readonly number[],
  screenSizes: [
    [1920, 1080],
    [3840, 2160],
    [1366, 768],
    [1280, 720],
  ] as ReadonlyArray<readonly [number, number]>,
} as const;

export const EVERYONE: Access = { everyone: true, roleGroups: [], members: [] };
export const NOBODY_ELSE: Access = { everyone: false, roleGroups: [], members: [] };
