import type { ChartQuery, ChartResult, FieldRef } from '../../shared/dashboards/model.ts';
import type { FilterGroup } from '../../shared/forms/filters.ts';
import type { ValueKind } from '../../shared/forms/fields.ts';
import type { Language } from '../../shared/i18n/index.ts';
import type { Role } from '../../shared/roles.ts';
import type { Trx } from './db/pool.ts';
import { AppError } from './errors.ts';

/** Who an aggregate is computed for: the member viewing the chart (his record permissions apply). */
export interface AnalysisActor {
  userId: string;
  roles: Role[];
  spaceId: string;
  language: Language;
}

/** A field a chart may use, as the viewer may see it (hidden fields are never listed). */
export interface AnalysisField {
  ref: FieldRef;
  label: string;
  kind: ValueKind;
  /** The form field type (`number`, `select`, …) or `system`. */
  fieldType: string;
  /** Sum, average, min and max apply (number and amount fields). */
  numeric: boolean;
  options?: string[];
  /** A field of the record a relation field points to. */
  via?: { relation: FieldRef; relationLabel: string };
}

export interface AnalysisForm {
  formId: string;
  formName: string;
  appId: string;
  fields: AnalysisField[];
}

/**
 * Aggregates over records (decision 0065). The forms app owns records, their storage and the viewer's
 * record permissions, so it answers these; the dashboards app only asks. Every answer is computed in SQL inside
 * the viewer's visible rows (the list's own predicate) — never filtered after fetching.
 */
export interface AnalysisProvider {
  /** The form's fields the viewer may chart; 404 when the form is not his to read. */
  fields(trx: Trx, actor: AnalysisActor, formId: string): Promise<AnalysisForm>;
  /** One query's result; `extra` is ANDed (global filters, drill-down). Bad queries are 422 with the field named. */
  aggregate(trx: Trx, actor: AnalysisActor, query: ChartQuery, extra?: FilterGroup): Promise<ChartResult>;
  /**
   * What makes two answers to the same query equal: the form's (and its relation targets') write stamp and the
   * viewer's permission facts. A cache keyed by it never serves a stale or another viewer's total.
   */
  cacheKey(trx: Trx, actor: AnalysisActor, query: ChartQuery): Promise<string>;
  /** The forms list address that shows the records behind one group (drill-down), or null when it cannot. */
  drillHref(trx: Trx, actor: AnalysisActor, query: ChartQuery, keys: Array<string | number | null>, extra?: FilterGroup): Promise<string | null>;
}

/** The one provider (forms registers it at start); asking before then is a 503, not a crash. */
export class Analysis {
  private provider: AnalysisProvider | null = null;

  register(provider: AnalysisProvider): void {
    this.provider = provider;
  }

  get records(): AnalysisProvider {
    if (!this.provider) throw new AppError(503, 'dashboards.analysis.unavailable');
    return this.provider;
  }
}
