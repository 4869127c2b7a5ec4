import { createHash } from 'node:crypto';
import type { ChartQuery } from '../../../../shared/dashboards/model.ts';
import type { AnalysisActor, AnalysisProvider } from '../../../kernel/analysis.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { monitors } from '../access.ts';
import { aggregate } from './aggregate.ts';
import { drillHref } from './drill.ts';
import { analysisFields, targetOf, type Source } from './fields.ts';
import { resolveQuery, zoneOf, type Translate } from './plan.ts';
import { RECORDS_CHANNEL, heardRecordsWrite, recordsStamp, useRecordsBus } from './stamps.ts';

/**
 * A notice missed while the LISTEN connection was down must not keep a stale total for ever: every key also
 * changes every ten minutes (as the forms' meta cache expires), which also refreshes renamed members' names.
 */
const KEY_WINDOW_MS = 10 * 60_000;

/**
 * The permission facts an answer depends on. Whoever sees every record (admin, monitor, a rule over all records)
 * shares the answer with everyone alike; anyone else's rows always include his own records and his shares, so his
 * facts are his user id plus the rules that apply to him (their scopes and conditions) and his departments — a
 * changed rule, group or department changes the key (context.ts forgets the viewer meta on every such change).
 */
function factsOf({ form, viewer }: Source) {
  const hidden = form.allFields.filter((f) => !viewer.fields.includes(f)).map((f) => f.key);
  const viewing = viewer.rules.filter((r) => r.levels.includes('view'));
  const everything = viewer.isAdmin || monitors(viewer) || viewing.some((r) => r.scope === 'all');
  return {
    form: form.id,
    version: form.version,
    stamp: recordsStamp(form.id),
    hidden,
    who: everything ? 'all' : { user: viewer.userId, departments: viewer.departments, rules: viewing.map((r) => [r.id, r.scope, r.condition]) },
  };
}

async function cacheKey(trx: Trx, actor: AnalysisActor, query: ChartQuery, t: Translate): Promise<string> {
  const resolved = await resolveQuery(trx, actor, query, t);
  const sources: Source[] = [resolved.main, ...resolved.joins.map((j) => j.target)];
  // Related records named on the chart (a relation field as a dimension) are titled under that form's rules.
  for (const d of resolved.dimensions) {
    const opened = d.field.names === 'relation' && d.field.def ? await targetOf(trx, actor, d.field.def) : null;
    if (opened) sources.push(opened);
  }
  const dated = resolved.dimensions.some((d) => d.field.kind === 'datetime');
  const parts = {
    query,
    language: actor.language,
    zone: dated ? await zoneOf(trx, actor.spaceId) : null,
    window: Math.floor(Date.now() / KEY_WINDOW_MS),
    sources: sources.map(factsOf),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The forms app's answer to kernel.analysis: aggregates over records, inside record permissions. */
export function analysisProvider(kernel: Kernel): AnalysisProvider {
  const translate = (actor: AnalysisActor): Translate => (key, params) => kernel.i18n.t(actor.language, key, params);
  return {
    fields: (trx, actor, formId) => analysisFields(trx, actor, formId, translate(actor)),
    aggregate: (trx, actor, query, extra) => aggregate(trx, actor, query, extra, translate(actor)),
    cacheKey: (trx, actor, query) => cacheKey(trx, actor, query, translate(actor)),
    drillHref: (trx, actor, query, keys, extra) => drillHref(trx, actor, query, keys, extra, translate(actor)),
  };
}

/** At start (routes.ts): the provider, the push bus of the live event, and the write notices of other processes. */
export function registerAnalysis(kernel: Kernel): void {
  kernel.analysis.register(analysisProvider(kernel));
  useRecordsBus(kernel.push);
  void kernel.listener.listen(RECORDS_CHANNEL, heardRecordsWrite).catch((error: unknown) => kernel.log.error({ err: error }, 'listening for record writes failed'));
}
