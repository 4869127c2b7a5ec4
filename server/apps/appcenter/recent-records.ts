import { NoQuery } from '../../../shared/api/common.ts';
import type { RecentRecord } from '../../../shared/api/workbench.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { RecordSummaryReader } from '../../kernel/record-summaries.ts';

const SHOWN = 8;
/** Marks read per list: some may be skipped (record deleted, permission gone), so read a few more than shown. */
const READ = 30;

/**
 * The member's recently viewed or changed records, each read again through the forms engine's own access checks
 * (`kernel.recordSummaries`: app hidden, form gone, record deleted or no longer permitted → left out), so the
 * workbench never shows more than the record page would.
 */
async function recent(trx: Trx, userId: string, kind: 'viewed_at' | 'changed_at', summarise: RecordSummaryReader): Promise<RecentRecord[]> {
  const marks = await trx
    .selectFrom('appcenter_record_mark')
    .select(['form_id', 'record_id', kind])
    .where('user_id', '=', userId)
    .where(kind, 'is not', null)
    .orderBy(kind, 'desc')
    .limit(READ)
    .execute();
  const shown: RecentRecord[] = [];
  for (const mark of marks) {
    if (shown.length === SHOWN) break;
    const summary = await summarise(mark.form_id, mark.record_id);
    if (summary) shown.push({ ...summary, at: (mark[kind] as Date).toISOString() });
  }
  return shown;
}

export function registerRecentRecordRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/recent-records', { config: { access: { permission: 'appcenter.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const actor = { userId: signedIn(req).userId, roles: req.ctx.roles, spaceId: space.id };
    const data = await kernel.transact(req, async (trx) => {
      // One reader for both lists: a form opened for one is not opened again for the other.
      const summarise = kernel.recordSummaries.reader(trx, actor);
      return { viewed: await recent(trx, actor.userId, 'viewed_at', summarise), changed: await recent(trx, actor.userId, 'changed_at', summarise) };
    });
    return { code: 200, msg: 'ok', data };
  });
}
