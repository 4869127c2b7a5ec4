import { PAGE_SIZE_MAX } from '../../../shared/constants.ts';
import { NoBody, IdParam } from '../../../shared/api/common.ts';
import { AppcenterQuery, RecycleQuery } from '../../../shared/api/appcenter.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { assertOneMoreApp } from './quota.ts';
import { APP_COLUMNS } from './tables.ts';

const manage = { permission: 'appcenter.manage' } as const;

/** The app recycle bin (spec §2.7 apprecycle): deleted apps wait here until restored or purged for good. */
export function registerRecycleRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/recycle', { config: { access: manage }, schema: { querystring: RecycleQuery } }, async (req) => {
    currentSpace(req);
    const { systemId } = req.query;
    const apps = await kernel.transact(req, (trx) => {
      let query = trx
        .selectFrom('appcenter_app')
        .select([...APP_COLUMNS, 'appcenter_app.deleted_at as deletedAt', 'appcenter_app.deleted_by as deletedBy'])
        .where('appcenter_app.deleted_at', 'is not', null);
      if (systemId !== undefined) query = query.where('appcenter_app.system_id', '=', systemId);
      return query.orderBy('appcenter_app.deleted_at', 'desc').orderBy('appcenter_app.id', 'desc').limit(PAGE_SIZE_MAX).execute();
    });
    return { code: 200, msg: 'ok', data: { apps } };
  });

  app.post(
    '/api/appcenter/recycle/:id/restore',
    { config: { access: manage, action: 'appcenter.app.restore' }, schema: { params: IdParam, querystring: AppcenterQuery, body: NoBody } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      const space = currentSpace(req);
      const row = await kernel.transact(req, async (trx) => {
        const inBin = await trx.selectFrom('appcenter_app').select('id').where('id', '=', req.params.id).where('deleted_at', 'is not', null).executeTakeFirst();
        if (inBin) await assertOneMoreApp(trx, space.id);
        return trx
          .updateTable('appcenter_app')
          .set({ deleted_at: null, deleted_by: null })
          .where('id', '=', req.params.id)
          .where('deleted_at', 'is not', null)
          .returning(APP_COLUMNS)
          .executeTakeFirst();
      });
      if (!row) throw fail.notFound('appcenter.notInRecycle');
      return { code: 200, msg: 'ok', data: row };
    },
  );

  app.delete(
    '/api/appcenter/recycle/:id',
    { config: { access: manage, action: 'appcenter.app.purge' }, schema: { params: IdParam, querystring: AppcenterQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      try {
        await kernel.transact(req, async (trx) => {
          const removed = await trx.deleteFrom('appcenter_app').where('id', '=', req.params.id).where('deleted_at', 'is not', null).executeTakeFirst();
          if (removed.numDeletedRows > 0n) return;
          // Purging is only for the bin: a live app must be deleted (recycled) first.
          const live = await trx.selectFrom('appcenter_app').select('id').where('id', '=', req.params.id).executeTakeFirst();
          throw live ? fail.conflict('appcenter.purgeLiveApp') : fail.notFound('appcenter.notInRecycle');
        });
      } catch (error) {
        // The forms app's tables reference the app: an app whose forms still hold data is not purged.
        if (pgErrorCode(error) === '23503') throw fail.conflict('appcenter.appHasForms');
        throw error;
      }
      return { code: 200, msg: 'ok', data: null };
    },
  );
}
