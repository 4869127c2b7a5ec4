import { sql } from 'kysely';
import { OplogQuery } from '../../../shared/api/kernel.ts';
import { OPERATION_RECORD_DAYS } from '../../../shared/constants.ts';
import { fail } from '../errors.ts';
import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';

/**
 * Reading the operation log. An auditor reads the log of the space they act in; root reads across spaces,
 * which is itself logged. There is no route that edits or deletes entries (and the app role cannot).
 */
export function registerOplogRoutes(app: App, kernel: Kernel): void {
  app.get(
    '/api/kernel/oplog',
    { config: { access: { permission: 'kernel.oplog.read' } }, schema: { querystring: OplogQuery } },
    async (req) => {
      const { limit = 50, before, days = OPERATION_RECORD_DAYS, spaceId } = req.query;
      const isRootRead = req.ctx.roles.includes('root') && !req.ctx.roles.includes('audit');
      const space = isRootRead ? (spaceId ?? null) : (req.ctx.space?.id ?? null);
      if (!isRootRead && (!space || (spaceId && spaceId !== space))) throw fail.forbidden();
      if (isRootRead) {
        await kernel.audit.record({
          userId: req.ctx.principal?.userId ?? null,
          spaceId: space,
          action: 'kernel.oplog.crossSpaceRead',
          target: space ?? '*',
          result: 'ok',
          ip: req.ctx.ip,
          crossSpace: true,
        });
      }
      let query = kernel.db
        .selectFrom('oplog')
        .select(['id', 'at', 'user_id', 'space_id', 'action', 'target', 'result', 'status', 'ip', 'cross_space'])
        .where('at', '>', sql<Date>`now() - make_interval(days => ${days})`)
        .orderBy('id', 'desc')
        .limit(limit);
      if (space) query = query.where('space_id', '=', space);
      if (before) query = query.where('id', '<', before);
      const rows = await query.execute();
      return { code: 200, msg: 'ok', data: { entries: rows, nextBefore: rows.length === limit ? rows.at(-1)?.id : null } };
    },
  );
}
