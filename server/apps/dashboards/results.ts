import type { FastifyRequest } from 'fastify';
import type { BoardChartAnswer } from '../../../shared/api/dashboards.ts';
import type { Chart, ChartResult } from '../../../shared/dashboards/model.ts';
import type { FilterGroup } from '../../../shared/forms/filters.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Viewer } from './access.ts';
import { LruCache } from './cache.ts';

/** Results kept per server process: a few thousand small tables (charts are capped at CHART_LIMITS.rows groups). */
export const CACHE_ENTRIES = 2_000;

/**
 * Chart results per viewer (the dashboards' speed targets). The key holds the viewer, the chart and its version, the extra filter
 * and the analysis provider's cache key — the form's write stamp and the viewer's permission facts — so a write to
 * the form, a changed rule or a saved chart makes a new key, and an entry is never another viewer's or stale.
 * The provider's key is read before the aggregate: a write between them can only put a newer result under the
 * older key, which the next read (with the newer key) recomputes anyway.
 */
export class ChartResults {
  private readonly cache = new LruCache<ChartResult>(CACHE_ENTRIES);
  hits = 0;

  constructor(private readonly kernel: Kernel) {}

  async of(trx: Trx, viewer: Viewer, chart: Chart, extra: FilterGroup | null): Promise<ChartResult> {
    const records = this.kernel.analysis.records;
    const stamp = await records.cacheKey(trx, viewer, chart.query);
    const key = JSON.stringify([viewer.spaceId, viewer.userId, chart.id, chart.version, extra, stamp]);
    const cached = this.cache.get(key);
    if (cached) {
      this.hits += 1;
      return cached;
    }
    const result = await records.aggregate(trx, viewer, chart.query, extra ?? undefined);
    this.cache.set(key, result);
    return result;
  }
}

/**
 * A provider refusal as the chart's own answer: a bad query (422: a hidden field, a measure on text, too many
 * cells) keeps its own message; anything else — the form deleted, the app closed to him, the provider missing —
 * is §8's "Chart loading is abnormal", with the cause as its reason.
 */
export function loadFailure(error: AppError): AppError {
  if (error.status === 422) return error;
  return new AppError(error.status, 'dashboards.chart.loadFailed', {}, { reason: { key: error.key, params: error.params } });
}

/** One chart of a board: its result, its own failure (a refusal), or a failure that may have been a sibling's. */
export type ChartAttempt = { answer: BoardChartAnswer } | { failed: unknown };

export async function attemptChart(kernel: Kernel, results: ChartResults, trx: Trx, viewer: Viewer, chart: Chart, extra: FilterGroup | null): Promise<ChartAttempt> {
  const t = (key: string, params?: Record<string, string | number | boolean | null | undefined>) => kernel.i18n.t(viewer.language, key, params);
  try {
    return { answer: { ok: true, chart, result: await results.of(trx, viewer, chart, extra) } };
  } catch (error) {
    if (error instanceof AppError) return { answer: { ok: false, error: t('dashboards.chart.loadFailed'), status: error.status, reason: t(error.key, error.params) } };
    return { failed: error };
  }
}

/**
 * After the board's transaction: a chart that failed for another reason may have failed because a sibling's error
 * aborted the shared transaction, so it is read once more in a transaction of its own (as the portal does). What
 * still fails is that chart's failure, answered in the viewer's language — never a failure of the board.
 */
export async function settleCharts(
  kernel: Kernel,
  req: FastifyRequest,
  retry: (work: (trx: Trx) => Promise<ChartAttempt>) => Promise<ChartAttempt>,
  results: ChartResults,
  viewer: Viewer,
  attempts: Map<string, ChartAttempt>,
  runs: Map<string, { chart: Chart; extra: FilterGroup | null }>,
): Promise<Record<string, BoardChartAnswer>> {
  const settled = await Promise.all(
    [...attempts].map(async ([id, first]): Promise<[string, BoardChartAnswer]> => {
      if ('answer' in first) return [id, first.answer];
      const run = runs.get(id)!;
      const again = await retry((trx) => attemptChart(kernel, results, trx, viewer, run.chart, run.extra)).catch((error: unknown) => ({ failed: error }));
      if ('answer' in again) return [id, again.answer];
      req.log.error({ err: again.failed, chart: id }, 'chart of a board failed');
      return [id, { ok: false, error: kernel.i18n.t(viewer.language, 'dashboards.chart.loadFailed'), status: 500 }];
    }),
  );
  return Object.fromEntries(settled);
}
