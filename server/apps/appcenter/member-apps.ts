import type { FastifyRequest } from 'fastify';
import { sql, type ColumnType } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { FavouriteBody, MY_APPS_LIMIT } from '../../../shared/api/workbench.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { visibleTo } from './tables.ts';

export interface AppcenterAppMarkTable {
  space_id: string;
  user_id: string;
  app_id: string;
  favourite: ColumnType<boolean, boolean | undefined, boolean>;
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    appcenter_app_mark: AppcenterAppMarkTable;
  }
}

const read = { permission: 'appcenter.read' } as const;

/** Marks are only put on an app the member may use now (the same rule as the app list): others are "not found". */
async function requireVisibleApp(trx: Trx, req: FastifyRequest, id: string): Promise<void> {
  const found = await trx.selectFrom('appcenter_app').select('id').where('id', '=', id).where(visibleTo(req)).executeTakeFirst();
  if (!found) throw fail.notFound('appcenter.appNotFound');
}

/**
 * The member's own apps for the workbench: the apps they may use, favourites first, then the most
 * recently opened, then the rest in the application centre's order. Marks are per member per space: row-level
 * security keeps them in the request's space, and every query names the member.
 */
export function registerMemberAppRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/my-apps', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const userId = signedIn(req).userId;
    const apps = await kernel.transact(req, (trx) =>
      trx
        .selectFrom('appcenter_app')
        .innerJoin('appcenter_system', (join) =>
          join.onRef('appcenter_system.space_id', '=', 'appcenter_app.space_id').onRef('appcenter_system.id', '=', 'appcenter_app.system_id'),
        )
        .leftJoin('appcenter_app_mark', (join) =>
          join
            .onRef('appcenter_app_mark.space_id', '=', 'appcenter_app.space_id')
            .onRef('appcenter_app_mark.app_id', '=', 'appcenter_app.id')
            .on('appcenter_app_mark.user_id', '=', userId),
        )
        .select([
          'appcenter_app.id',
          'appcenter_app.system_id as systemId',
          'appcenter_app.name',
          'appcenter_app.icon',
          'appcenter_app.description',
          sql<boolean>`coalesce(appcenter_app_mark.favourite, false)`.as('favourite'),
          'appcenter_app_mark.opened_at as openedAt',
        ])
        .where(visibleTo(req))
        .orderBy(sql`coalesce(appcenter_app_mark.favourite, false)`, 'desc')
        .orderBy(sql`appcenter_app_mark.opened_at desc nulls last`)
        .orderBy('appcenter_system.sort')
        .orderBy('appcenter_app.sort')
        .orderBy('appcenter_app.id')
        .limit(MY_APPS_LIMIT)
        .execute(),
    );
    return { code: 200, msg: 'ok', data: { apps } };
  });

  app.put(
    '/api/appcenter/apps/:id/favourite',
    { config: { access: read }, schema: { params: IdParam, querystring: NoQuery, body: FavouriteBody } },
    async (req) => {
      const space = currentSpace(req);
      const userId = signedIn(req).userId;
      const { favourite } = req.body;
      await kernel.transact(req, async (trx) => {
        await requireVisibleApp(trx, req, req.params.id);
        await trx
          .insertInto('appcenter_app_mark')
          .values({ space_id: space.id, user_id: userId, app_id: req.params.id, favourite })
          .onConflict((oc) => oc.columns(['space_id', 'user_id', 'app_id']).doUpdateSet({ favourite }))
          .execute();
      });
      return { code: 200, msg: 'ok', data: { favourite } };
    },
  );

  app.post('/api/appcenter/apps/:id/opened', { config: { access: read }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const userId = signedIn(req).userId;
    await kernel.transact(req, async (trx) => {
      await requireVisibleApp(trx, req, req.params.id);
      await trx
        .insertInto('appcenter_app_mark')
        .values({ space_id: space.id, user_id: userId, app_id: req.params.id, opened_at: sql`now()` })
        .onConflict((oc) => oc.columns(['space_id', 'user_id', 'app_id']).doUpdateSet({ opened_at: sql`now()` }))
        .execute();
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
