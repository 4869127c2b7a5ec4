import { Type } from '@sinclair/typebox';
import {
  AGGREGATES,
  BOARD_ITEM_KINDS,
  BOARD_KINDS,
  CHART_TYPES,
  GRANULARITIES,
  SCREEN_THEMES,
  type BoardKind,
  type Chart,
  type ChartResult,
  type ChartType,
} from '../dashboards/model.ts';
import { Lang, Strict } from './common.ts';
import { FilterSchema } from './forms.ts';

/**
 * The dashboards calls (decision 0065; contract in notes/dashboards-api.md). The shapes mirror
 * shared/dashboards/model.ts. Bounds here are loose on purpose: they only stop absurd payloads, so the shared rules
 * (chartProblems, boardProblems) answer every limit with their own `dashboards.validation.*` key and path.
 */
export const DASHBOARDS_API = '/api/dashboards';

const literals = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
/** Empty is allowed where the shared rules answer "choose a form" themselves. */
const MaybeId = Type.String({ pattern: '^[0-9]{0,18}$' });
const Text = (maxLength: number) => Type.String({ maxLength });
/** The designer's own ids (measures, ratios, items, filters); the shared rules check their form. */
const LocalId = Text(100);
/** `f3`, `createdAt`, `f7.f2` (a field of the record relation field f7 points to). */
const FieldRef = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,40}(\\.[A-Za-z][A-Za-z0-9_]{0,40})?$' });
const VALUE_KINDS = ['text', 'number', 'date', 'datetime', 'texts', 'ref', 'json', 'serial'] as const;

export const AccessSchema = Strict({
  everyone: Type.Boolean(),
  roleGroups: Type.Array(Id, { maxItems: 200, uniqueItems: true }),
  members: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
});

export const ChartQuerySchema = Strict({
  formId: MaybeId,
  dimensions: Type.Array(Strict({ field: FieldRef, granularity: Type.Optional(literals(GRANULARITIES)) }), { maxItems: 20 }),
  measures: Type.Array(
    Strict({
      id: LocalId,
      aggregate: literals(AGGREGATES),
      field: Type.Union([FieldRef, Type.Null()]),
      label: Type.Optional(Text(200)),
      series: Type.Optional(literals(['bar', 'line'] as const)),
    }),
    { maxItems: 50 },
  ),
  ratios: Type.Optional(Type.Array(Strict({ id: LocalId, label: Text(200), numerator: LocalId, denominator: LocalId, percent: Type.Boolean() }), { maxItems: 20 })),
  filter: Type.Optional(FilterSchema),
  sort: Type.Optional(Strict({ by: LocalId, dir: literals(['asc', 'desc'] as const) })),
  limit: Type.Optional(Type.Number()),
});

const ChartOptionsSchema = Strict({
  stacked: Type.Optional(Type.Boolean()),
  horizontal: Type.Optional(Type.Boolean()),
  donut: Type.Optional(Type.Boolean()),
  showLabels: Type.Optional(Type.Boolean()),
  smooth: Type.Optional(Type.Boolean()),
  gaugeMax: Type.Optional(Type.Number()),
  decimals: Type.Optional(Type.Number()),
  palette: Type.Optional(Text(40)),
});

export const ChartTypeSchema = literals(CHART_TYPES);

export const ChartDraftSchema = Strict({
  name: Text(400),
  type: ChartTypeSchema,
  appId: MaybeId,
  query: ChartQuerySchema,
  options: ChartOptionsSchema,
  tips: Text(5000),
  viewers: AccessSchema,
  editors: AccessSchema,
});

const Place = Strict({ x: Type.Number(), y: Type.Number(), w: Type.Number(), h: Type.Number() });

export const BoardDraftSchema = Strict({
  kind: literals(BOARD_KINDS),
  name: Text(400),
  description: Text(5000),
  items: Type.Array(
    Strict({
      id: LocalId,
      kind: literals(BOARD_ITEM_KINDS),
      place: Place,
      chartId: Type.Optional(MaybeId),
      text: Type.Optional(Text(20_000)),
      topic: Type.Optional(Text(256)),
    }),
    { maxItems: 200 },
  ),
  filters: Type.Array(
    Strict({ id: LocalId, label: Text(200), kind: literals(VALUE_KINDS), targets: Type.Array(Strict({ formId: MaybeId, field: FieldRef }), { maxItems: 100 }) }),
    { maxItems: 50 },
  ),
  refreshSeconds: Type.Number(),
  screen: Type.Union([Type.Null(), Strict({ width: Type.Number(), height: Type.Number(), theme: literals(SCREEN_THEMES) })]),
  viewers: AccessSchema,
  editors: AccessSchema,
});

/** A global filter's value by filter id (FilterValues); the forms' filter rules check each value against its field. */
export const FilterValuesSchema = Type.Record(
  Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  Strict({ op: literals(['eq', 'in', 'between', 'contains', 'gte', 'lte'] as const), value: Type.Unknown() }),
  { maxProperties: 50 },
);

const Key = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Null()]);

export const ChartSaveBody = Strict({ draft: ChartDraftSchema, version: Type.Integer({ minimum: 1 }) });
export const BoardSaveBody = Strict({ draft: BoardDraftSchema, version: Type.Integer({ minimum: 1 }) });
export const PreviewBody = Strict({ query: ChartQuerySchema, type: ChartTypeSchema });
/** `boardId`: the board whose global filters `filters` are values of (the chart must be on it). */
export const ChartDataBody = Strict({ filters: Type.Optional(FilterValuesSchema), boardId: Type.Optional(Id), extra: Type.Optional(FilterSchema) });
export const BoardDataBody = Strict({ filters: Type.Optional(FilterValuesSchema) });
export const DrillBody = Strict({ keys: Type.Array(Key, { maxItems: 20 }), filters: Type.Optional(FilterValuesSchema), boardId: Type.Optional(Id), extra: Type.Optional(FilterSchema) });
/** `filters`: FilterValues as JSON text. */
export const ExportQuery = Strict({ lang: Lang, filters: Type.Optional(Type.String({ maxLength: 8000 })), boardId: Type.Optional(Id) });
export const FieldsQuery = Strict({ lang: Lang, formId: Id });
export const ChartListQuery = Strict({ lang: Lang, q: Type.Optional(Text(100)), appId: Type.Optional(Id), cursor: Type.Optional(Text(100)) });
export const BoardListQuery = Strict({ lang: Lang, kind: Type.Optional(literals(BOARD_KINDS)), q: Type.Optional(Text(100)), cursor: Type.Optional(Text(100)) });
export const SearchQuery = Strict({ lang: Lang, q: Text(100) });

export interface ChartSummary {
  id: string;
  name: string;
  type: ChartType;
  appId: string;
  formId: string;
  /** Null when the form was deleted (the chart then fails to load). */
  formName: string | null;
  updatedAt: string;
  createdByName: string;
  canEdit: boolean;
}

export interface BoardSummary {
  id: string;
  kind: BoardKind;
  name: string;
  description: string;
  items: number;
  updatedAt: string;
  createdByName: string;
  canEdit: boolean;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

/**
 * One chart of a board as `/boards/:id/data` answers it: its definition and result, or its own failure in the
 * viewer's language (`error`: "Chart loading is abnormal", or "Chart does not exist or has been deleted" for a chart
 * that is gone or not his to open), `reason` the cause when one can be told (a hidden field, a deleted form).
 */
export type BoardChartAnswer = { ok: true; chart: Chart; result: ChartResult } | { ok: false; error: string; status: number; reason?: string };

export interface BoardDataAnswer {
  charts: Record<string, BoardChartAnswer>;
}

export interface SearchAnswer {
  charts: ChartSummary[];
  boards: BoardSummary[];
}
