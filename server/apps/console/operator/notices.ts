import { Type } from '@sinclair/typebox';
import { sql, type Selectable } from 'kysely';
import { IdParam, NoQuery, Strict } from '../../../../shared/api/common.ts';
import { NoticeBody, NoticeListQuery, type BannerAnswer, type NoticeInput, type NoticeKind, type OperatorNotice } from '../../../../shared/api/console-operator.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { queueDue } from './notice-worker.ts';
import type { ConsoleNoticeTable } from './tables.ts';

const access = { permission: 'console.platform.manage' } as const;
const KindParam = Strict({ kind: Type.Union([Type.Literal('announcement'), Type.Literal('maintenance')]) });
/** An announcement without an end shows in the banner for a week. */
const DEFAULT_SHOW_MS = 7 * 86_400_000;

const noticeOf = (r: Selectable<ConsoleNoticeTable>): OperatorNotice => ({
  id: String(r.id),
  kind: r.kind,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  bodyZh: r.body_zh,
  bodyEn: r.body_en,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at?.toISOString() ?? null,
  spaceIds: r.space_ids,
  state: r.state,
  doneAt: r.done_at?.toISOString() ?? null,
  delivered: r.delivered,
  createdAt: r.created_at.toISOString(),
});

/** What a notice may be, checked before anything is stored: a start in the future, an end after it, known spaces. */
async function checked(trx: Trx, kind: NoticeKind, body: NoticeInput, now: number) {
  const startsAt = new Date(body.startsAt);
  if (startsAt.getTime() < now) throw fail.unprocessable('consoleOperator.notice.pastStart', {}, { field: 'startsAt' });
  const endsAt = kind === 'announcement' && body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw fail.unprocessable('consoleOperator.notice.endBeforeStart', {}, { field: 'endsAt' });
  if (!body.titleZh.trim() || !body.titleEn.trim()) throw fail.unprocessable('consoleOperator.notice.titleRequired', {}, { field: 'titleZh' });
  const spaceIds = kind === 'announcement' && body.spaceIds?.length ? body.spaceIds : null;
  if (kind === 'maintenance' && body.spaceIds?.length) throw fail.unprocessable('consoleOperator.notice.maintenanceForAll', {}, { field: 'spaceIds' });
  if (spaceIds) {
    const known = await trx.selectFrom('spaces').select('id').where('id', 'in', spaceIds).execute();
    const missing = spaceIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw fail.unprocessable('consoleOperator.notice.unknownSpaces', { ids: missing.join(', ') }, { field: 'spaceIds' });
  }
  return { startsAt, endsAt, spaceIds };
}

/**
 * Announcements to every space or chosen ones (`/root/opNotice`) and planned maintenance (`/root/offlineNotice`):
 * scheduled, cancelled while still scheduled, fired by the notice worker; and the banner every signed-in person's
 * shell shows (decision 0079). The maintenance routes answer during maintenance: root must be able to end it.
 */
export function registerNoticeRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/operator/notices', { config: { access, allowInMaintenance: true }, schema: { querystring: NoticeListQuery } }, async (req) => {
    const rows = await kernel.db.selectFrom('console_notice').selectAll().where('kind', '=', req.query.kind).orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return { code: 200, msg: 'ok', data: { notices: rows.map(noticeOf), maintenance: kernel.maintenance.current, serverTime: new Date(kernel.clock.now()).toISOString() } };
  });

  app.post(
    '/api/console/operator/notices/:kind',
    { config: { access, action: 'console.notice.create' }, schema: { params: KindParam, querystring: NoQuery, body: NoticeBody } },
    async (req) => {
      const kind = req.params.kind;
      try {
        const row = await kernel.transact(req, async (trx) => {
          const { startsAt, endsAt, spaceIds } = await checked(trx, kind, req.body, kernel.clock.now());
          const inserted = await trx
            .insertInto('console_notice')
            .values({
              kind,
              title_zh: req.body.titleZh.trim(),
              title_en: req.body.titleEn.trim(),
              body_zh: req.body.bodyZh?.trim() ?? '',
              body_en: req.body.bodyEn?.trim() ?? '',
              space_ids: spaceIds,
              starts_at: startsAt,
              ends_at: endsAt,
              done_at: null,
              delivered: null,
              created_by: req.ctx.principal!.userId,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await queueDue(kernel, trx, inserted.starts_at);
          return inserted;
        });
        req.ctx.auditTarget = String(row.id);
        return { code: 200, msg: 'ok', data: noticeOf(row) };
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw fail.unprocessable('consoleOperator.notice.maintenancePending');
        throw error;
      }
    },
  );

  app.post(
    '/api/console/operator/notices/:id/cancel',
    { config: { access, action: 'console.notice.cancel', allowInMaintenance: true }, schema: { params: IdParam, querystring: NoQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const row = await kernel.transact(req, async (trx) => {
        const updated = await trx.updateTable('console_notice').set({ state: 'cancelled', done_at: new Date(kernel.clock.now()) }).where('id', '=', req.params.id).where('state', '=', 'scheduled').returningAll().executeTakeFirst();
        if (updated) return updated;
        const exists = await trx.selectFrom('console_notice').select('id').where('id', '=', req.params.id).executeTakeFirst();
        throw exists ? fail.unprocessable('consoleOperator.notice.notScheduled') : fail.notFound('consoleOperator.notice.notFound');
      });
      return { code: 200, msg: 'ok', data: noticeOf(row) };
    },
  );

  app.post(
    '/api/console/operator/maintenance/off',
    { config: { access: { permission: 'kernel.maintenance.switch' }, action: 'kernel.maintenance.switch', allowInMaintenance: true }, schema: { querystring: NoQuery } },
    async (req) => {
      const state = { on: false, message: null };
      req.ctx.auditTarget = 'off';
      await kernel.transact(req, (trx) => kernel.maintenance.save(trx, state));
      kernel.maintenance.apply(state);
      return { code: 200, msg: 'ok', data: state };
    },
  );

  // The shell's banner: showing announcements for the reader's space and any planned maintenance, in their language.
  // Not answered during maintenance: its 503 is what sends an open page to the maintenance page.
  app.get('/api/console/banner', { config: { access: 'signedIn' }, schema: { querystring: NoQuery } }, async (req) => {
    const now = new Date(kernel.clock.now());
    const spaceId = req.ctx.space?.id ?? null;
    const rows = await kernel.db
      .selectFrom('console_notice')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'maintenance'), eb('state', '=', 'scheduled')]),
          eb.and([
            eb('kind', '=', 'announcement'),
            eb('state', '<>', 'cancelled'),
            eb('starts_at', '<=', now),
            eb.or([eb('ends_at', '>', now), eb.and([eb('ends_at', 'is', null), eb('starts_at', '>', new Date(now.getTime() - DEFAULT_SHOW_MS))])]),
            eb.or([eb('space_ids', 'is', null), sql<boolean>`${spaceId} = any(space_ids)`]),
          ]),
        ]),
      )
      .orderBy('kind', 'desc')
      .orderBy('starts_at', 'desc')
      .limit(5)
      .execute();
    const en = req.ctx.language === 'en';
    const data: BannerAnswer = {
      items: rows.map((r) => ({ id: String(r.id), kind: r.kind, title: en ? r.title_en : r.title_zh, body: en ? r.body_en : r.body_zh, startsAt: r.starts_at.toISOString() })),
      serverTime: now.toISOString(),
    };
    return { code: 200, msg: 'ok', data };
  });
}
