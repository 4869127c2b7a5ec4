import type { Selectable } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { NoticeBody, NoticeListQuery, NoticeParam, SAAS_API, type SaasNotice } from '../../../../shared/api/org-saas.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { PROVIDER_ONLY } from './access.ts';
import { deliverNotice, providerName, scheduleNotice } from './delivery.ts';
import { inProviderSpace } from './enter.ts';
import type { OrgSaasNoticeTable } from './tables.ts';

/** A time a minute behind the server's still counts as "now" (the form picks minutes; clocks drift). */
const PAST_TOLERANCE_MS = 60_000;
const LIST_LIMIT = 200;

type NoticeRow = Selectable<OrgSaasNoticeTable>;

const toNotice = (row: Pick<NoticeRow, 'id' | 'title' | 'body' | 'all_spaces' | 'space_ids' | 'scheduled_at' | 'state' | 'delivered_at' | 'delivered_spaces' | 'recipients' | 'created_at'>): SaasNotice => ({
  id: String(row.id),
  title: row.title,
  body: row.body,
  allSpaces: row.all_spaces,
  spaceIds: row.space_ids,
  scheduledAt: new Date(row.scheduled_at).toISOString(),
  state: row.state,
  deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
  deliveredSpaces: row.delivered_spaces,
  recipients: row.recipients,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = ['id', 'title', 'body', 'all_spaces', 'space_ids', 'scheduled_at', 'state', 'delivered_at', 'delivered_spaces', 'recipients', 'created_at'] as const;

/** The notice, or 404: another provider's notice is not visible through the forced RLS, so it does not exist here. */
async function findNotice(trx: Trx, id: string): Promise<SaasNotice> {
  const row = await trx.selectFrom('org_saas_notice').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw fail.notFound('saas.notice.notFound');
  return toNotice(row);
}

/** saas/saasNotice and saas/addSaasNotice: notices from the provider to all or chosen spaces of its own. */
export function registerNoticeRoutes(app: App, kernel: Kernel): void {
  app.get(`${SAAS_API}/notices`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoticeListQuery } }, async (req) => {
    const notices = await kernel.providerTransact(req, async (trx) => {
      let query = trx.selectFrom('org_saas_notice').select(COLUMNS).orderBy('id', 'desc').limit(LIST_LIMIT);
      if (req.query.state) query = query.where('state', '=', req.query.state);
      return (await query.execute()).map(toNotice);
    });
    return { code: 200, msg: 'ok', data: { notices } };
  });

  app.get(`${SAAS_API}/notices/:id`, { config: { access: PROVIDER_ONLY }, schema: { params: NoticeParam, querystring: NoQuery } }, async (req) => {
    const data = await kernel.providerTransact(req, (trx) => findNotice(trx, req.params.id));
    return { code: 200, msg: 'ok', data };
  });

  app.post(`${SAAS_API}/notices`, { config: { access: PROVIDER_ONLY, action: 'org.saas.notice.create' }, schema: { querystring: NoQuery, body: NoticeBody } }, async (req) => {
    const body = req.body;
    const now = kernel.clock.now();
    const at = body.scheduledAt ? new Date(body.scheduledAt) : new Date(now);
    if (at.getTime() < now - PAST_TOLERANCE_MS) throw fail.unprocessable('saas.notice.inPast');
    if (!body.allSpaces && body.spaceIds.length === 0) throw fail.unprocessable('saas.notice.noSpaces');
    const title = body.title.trim();
    const text = body.body.trim();
    if (!title) throw fail.unprocessable('saas.notice.titleRequired');
    if (!text) throw fail.unprocessable('saas.notice.bodyRequired');
    const due = at.getTime() <= now;
    const data = await kernel.providerTransact(req, async (trx) => {
      const providerId = signedIn(req).providerId!;
      // Each chosen space must be the provider's: the database refuses another's (404, and nothing is written).
      if (!body.allSpaces) for (const spaceId of body.spaceIds) await inProviderSpace(trx, spaceId, async () => undefined);
      const row = await trx
        .insertInto('org_saas_notice')
        .values({
          provider_id: providerId,
          title,
          body: text,
          all_spaces: body.allSpaces,
          space_ids: body.allSpaces ? [] : body.spaceIds,
          scheduled_at: at,
          created_by: signedIn(req).userId,
        })
        .returning(['id', 'title', 'body', 'all_spaces', 'space_ids'])
        .executeTakeFirstOrThrow();
      req.ctx.auditTarget = String(row.id);
      if (due) await deliverNotice(kernel, trx, await providerName(trx, providerId), { ...row, id: String(row.id) });
      else await scheduleNotice(kernel, trx, providerId, String(row.id), at);
      return findNotice(trx, String(row.id));
    });
    return { code: 200, msg: 'ok', data };
  });

  // A scheduled notice may be withdrawn before it goes out; a delivered one is history.
  app.delete(`${SAAS_API}/notices/:id`, { config: { access: PROVIDER_ONLY, action: 'org.saas.notice.delete' }, schema: { params: NoticeParam, querystring: NoQuery } }, async (req) => {
    await kernel.providerTransact(req, async (trx) => {
      req.ctx.auditTarget = req.params.id;
      const notice = await findNotice(trx, req.params.id);
      if (notice.state !== 'scheduled') throw fail.conflict('saas.notice.alreadyDelivered');
      await trx.deleteFrom('org_saas_notice').where('id', '=', req.params.id).execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
