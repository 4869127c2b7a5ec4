import { Type, type Static } from '@sinclair/typebox';
import { Lang, SpaceId, Strict } from './common.ts';

/** Interface watch and event tracking (decisions 0085–0086): the operator's calls and the renderer's beacon. */
export const WATCH_API = '/api/console/watch';
export const TRACK_API = '/api/console/track';

/** Periods the pages offer, and the step of their time series (a chart of about 60–170 points). */
export const WATCH_PERIODS = { '15m': { minutes: 15, step: 1 }, '1h': { minutes: 60, step: 1 }, '6h': { minutes: 360, step: 5 }, '24h': { minutes: 1440, step: 15 }, '7d': { minutes: 10080, step: 60 } } as const;
export type WatchPeriod = keyof typeof WATCH_PERIODS;
const Period = Type.Union(Object.keys(WATCH_PERIODS).map((p) => Type.Literal(p as WatchPeriod)));

const Method = Type.String({ pattern: '^[A-Z]{3,7}$' });
/** A route pattern as Fastify names it (`/api/x/:id`); never a raw URL. */
const RoutePattern = Type.String({ minLength: 1, maxLength: 300, pattern: '^/[^\\s?#]*$' });

export const WatchRoutesQuery = Strict({ period: Type.Optional(Period), lang: Lang });
export const WatchSeriesQuery = Strict({ period: Type.Optional(Period), method: Type.Optional(Method), route: Type.Optional(RoutePattern), lang: Lang });

/** One route's figures over a period (or one step of a series); latencies in ms, null when nothing was called. */
export interface RouteSummary {
  method: string;
  route: string;
  calls: number;
  errors: number;
  clientErrors: number;
  /** errors / calls, 0–1. */
  errorRate: number;
  avgMs: number | null;
  maxMs: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}
export type SeriesPoint = Omit<RouteSummary, 'method' | 'route'> & { at: string };

export const ThresholdBody = Strict({
  /** Both absent: every route (the global limit); both present: that route. */
  method: Type.Optional(Method),
  route: Type.Optional(RoutePattern),
  /** Percent of a minute's calls answering ≥ 500. */
  maxErrorPercent: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 100 }), Type.Null()])),
  maxP95Ms: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 600000 }), Type.Null()])),
  minCalls: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type ThresholdInput = Static<typeof ThresholdBody>;

export interface Threshold {
  id: string;
  method: string | null;
  route: string | null;
  maxErrorPercent: number | null;
  maxP95Ms: number | null;
  minCalls: number;
  updatedAt: string;
}

export interface Breach {
  id: string;
  method: string;
  route: string;
  metric: 'errorRate' | 'p95';
  value: number;
  limit: number;
  startedMinute: string;
  lastMinute: string;
  endedAt: string | null;
}

/** A route id of the shared route table, or a `data-track` name: short, plain. */
const PageId = Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_.:/-]+$' });
export const TRACK_BATCH_MAX = 50;
export const TrackEvent = Strict({
  kind: Type.Union([Type.Literal('view'), Type.Literal('click')]),
  page: PageId,
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.:-]+$' })),
  /** When it happened in the browser (ms since the epoch); the server keeps it only if it is within the last hour. */
  at: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type TrackEventInput = Static<typeof TrackEvent>;
/** One beacon: no space in it — the space is the session's. */
export const TrackBatchBody = Strict({ events: Type.Array(TrackEvent, { minItems: 1, maxItems: TRACK_BATCH_MAX }) });

export const TrackTopQuery = Strict({ spaceId: SpaceId, days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })), lang: Lang });
export const TrackFunnelBody = Strict({
  spaceId: SpaceId,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  steps: Type.Array(PageId, { minItems: 2, maxItems: 8 }),
});

export interface TopPage {
  page: string;
  views: number;
  sessions: number;
  users: number;
}
export interface TopClick {
  page: string;
  target: string;
  clicks: number;
}
export interface FunnelStep {
  page: string;
  sessions: number;
}
