import { NoQuery } from '../../../shared/api/common.ts';
import type { RecentRecord } from '../../../shared/api/workbench.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { openFormAs, type Actor } from '../forms/context.ts';
import { getRecord } from '../forms/records.ts';

const SHOWN = 8;
/** Marks read per list: some may be skipped (record deleted, permission gone), so read a few more than shown. */
const READ = 30;

type Opened = Awaited<ReturnType<typeof openFormAs>>;

/**
 * The member's recently viewed or changed records, each read again through the forms engine's own access checks
 * (app hidden, form gone, record deleted or no longer permitted → left out), so the workbench never shows more
 * than the record page would.
 */
async function recent(trx: Trx, actor: Actor, kind: 'viewed_at' | 'changed_at', forms: Map<string, Opened>): Promise<RecentRecord[]> {
  const marks = await trx
    .selectFrom('appcenter_record_mark')
    .select(['form_id', 'record_id', kind])
    .where('user_id', '=', actor.userId)
    .where(kind, 'is not', null)
    .orderBy(kind, 'desc')
    .limit(READ)
    .execute();
  const shown: RecentRecord[] = [];
  for (const mark of marks) {
    if (shown.length === SHOWN) break;
    if (!forms.has(mark.form_id)) forms.set(mark.form_id, await openFormAs(trx, actor, mark.form_id));
    const opened = forms.get(mark.form_id);
    if (!opened) continue;
    const { form, viewer } = opened;
    try {
      const { record } = await getRecord(trx, form, viewer, mark.record_id);
      const titleField = viewer.fields.find((f) => f.title && f.type !== 'serial' && f.type !== 'subtable');
      const title = titleField ? record.values[titleField.key] : null;
      shown.push({
        appId: form.appId,
        appName: form.appName,
        formId: form.id,
        formName: form.name,
        recordId: record.id,
        number: record.number,
        title: title === null || title === undefined ? null : String(title),
        at: (mark[kind] as Date).toISOString(),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return shown;
}

export function registerRecentRecordRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/recent-records', { config: { access: { permission: 'appcenter.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const actor: Actor = { userId: signedIn(req).userId, roles: req.ctx.roles, spaceId: space.id };
    const data = await kernel.transact(req, async (trx) => {
      const forms = new Map<string, Opened>();
      return { viewed: await recent(trx, actor, 'viewed_at', forms), changed: await recent(trx, actor, 'changed_at', forms) };
    });
    return { code: 200, msg: 'ok', data };
  });
}
