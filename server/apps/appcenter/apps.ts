import { sql } from 'kysely';
import { APPCENTER_LIMITS, AppcenterQuery, CreateAppBody, ReorderAppsBody, SearchAppsQuery, UpdateAppBody } from '../../../shared/api/appcenter.ts';
import { IdParam } from '../../../shared/api/common.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { sameVersion } from '../../kernel/db/versions.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { assertOneMoreApp } from './quota.ts';
import { APP_COLUMNS, findVisibleApp, likePattern, visibleTo } from './tables.ts';

const read = { permission: 'appcenter.read' } as const;
const manage = { permission: 'appcenter.manage' } as const;

/** The system an app is put in must exist in this space (row-level security hides the others). */
async function requireSystem(trx: Trx, id: string): Promise<void> {
  const system = await trx.selectFrom('appcenter_system').select('id').where('id', '=', id).executeTakeFirst();
  if (!system) throw fail.notFound('appcenter.systemNotFound');
}

/** The system was deleted between the check and the write: the foreign key says so. */
function appWriteError(error: unknown): unknown {
  return pgErrorCode(error) === '23503' ? fail.notFound('appcenter.systemNotFound') : error;
}

/** Applications of a space's systems (spec §2.7, §2.8): browse and search what one's roles allow; admins build. */
export function registerAppRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/apps', { config: { access: read }, schema: { querystring: SearchAppsQuery } }, async (req) => {
    currentSpace(req);
    const q = req.query.q?.trim() ?? '';
    const { systemId } = req.query;
    const apps = await kernel.transact(req, (trx) => {
      let query = trx
        .selectFrom('appcenter_app')
        .innerJoin('appcenter_system', (join) =>
          join.onRef('appcenter_system.space_id', '=', 'appcenter_app.space_id').onRef('appcenter_system.id', '=', 'appcenter_app.system_id'),
        )
        .select(APP_COLUMNS)
        .where(visibleTo(req));
      if (q) {
        const pattern = likePattern(q);
        query = query.where(sql<boolean>`(appcenter_app.name ilike ${pattern} escape '\\' or appcenter_app.description ilike ${pattern} escape '\\')`);
      }
      if (systemId !== undefined) query = query.where('appcenter_app.system_id', '=', systemId);
      return query
        .orderBy('appcenter_system.sort')
        .orderBy('appcenter_system.id')
        .orderBy('appcenter_app.sort')
        .orderBy('appcenter_app.id')
        .limit(APPCENTER_LIMITS.searchResults)
        .execute();
    });
    return { code: 200, msg: 'ok', data: { apps } };
  });

  app.get('/api/appcenter/apps/:id', { config: { access: read }, schema: { params: IdParam, querystring: AppcenterQuery } }, async (req) => {
    currentSpace(req);
    const found = await kernel.transact(req, (trx) => findVisibleApp(trx, req, req.params.id));
    if (!found) throw fail.notFound('appcenter.appNotFound');
    return { code: 200, msg: 'ok', data: found };
  });

  app.post(
    '/api/appcenter/apps',
    { config: { access: manage, action: 'appcenter.app.create' }, schema: { querystring: AppcenterQuery, body: CreateAppBody } },
    async (req) => {
      const space = currentSpace(req);
      const user = signedIn(req);
      const { systemId, name, icon, description, sort, roles } = req.body;
      try {
        const row = await kernel.transact(req, async (trx) => {
          await requireSystem(trx, systemId);
          await assertOneMoreApp(trx, space.id);
          const created = await trx
            .insertInto('appcenter_app')
            .values({
              space_id: space.id,
              system_id: systemId,
              name: name.trim(),
              icon,
              description,
              roles,
              created_by: user.userId,
              // Without a given place a new app goes last in its system.
              sort:
                sort ??
                sql<number>`(select least(coalesce(max(sort) + 1, 0), ${APPCENTER_LIMITS.sortMax}) from appcenter_app where system_id = ${systemId})`,
            })
            .returning(APP_COLUMNS)
            .executeTakeFirstOrThrow();
          req.ctx.auditTarget = created.id;
          return created;
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        throw appWriteError(error);
      }
    },
  );

  // PATCH is the partial update; PUT does the same for clients without PATCH (the renderer's transport, spec §7).
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/api/appcenter/apps/:id',
    config: { access: manage, action: 'appcenter.app.update' },
    schema: { params: IdParam, querystring: AppcenterQuery, body: UpdateAppBody },
    handler: async (req) => {
      req.ctx.auditTarget = req.params.id;
      const { updatedAt, ...changes } = req.body;
      try {
        const row = await kernel.transact(req, async (trx) => {
          // A recycled app is not edited: it is restored first.
          const current = await trx
            .selectFrom('appcenter_app')
            .select('updated_at')
            .where('id', '=', req.params.id)
            .where('deleted_at', 'is', null)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw fail.notFound('appcenter.appNotFound');
          if (!sameVersion(current.updated_at, updatedAt)) throw fail.conflict();
          if (changes.systemId !== undefined) await requireSystem(trx, changes.systemId);
          const { systemId, name, ...rest } = changes;
          return trx
            .updateTable('appcenter_app')
            .set({
              ...rest,
              ...(systemId !== undefined ? { system_id: systemId } : {}),
              ...(name !== undefined ? { name: name.trim() } : {}),
              updated_at: sql<Date>`clock_timestamp()`,
            })
            .where('id', '=', req.params.id)
            .returning(APP_COLUMNS)
            .executeTakeFirstOrThrow();
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        throw appWriteError(error);
      }
    },
  });

  // Deleting moves the app to its system's recycle bin; recycle.ts restores or purges it.
  app.delete(
    '/api/appcenter/apps/:id',
    { config: { access: manage, action: 'appcenter.app.recycle' }, schema: { params: IdParam, querystring: AppcenterQuery } },
    async (req) => {
      const user = signedIn(req);
      req.ctx.auditTarget = req.params.id;
      await kernel.transact(req, async (trx) => {
        const moved = await trx
          .updateTable('appcenter_app')
          .set({ deleted_at: sql<Date>`clock_timestamp()`, deleted_by: user.userId })
          .where('id', '=', req.params.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) throw fail.notFound('appcenter.appNotFound');
      });
      return { code: 200, msg: 'ok', data: null };
    },
  );

  app.post(
    '/api/appcenter/apps/order',
    { config: { access: manage, action: 'appcenter.app.reorder' }, schema: { querystring: AppcenterQuery, body: ReorderAppsBody } },
    async (req) => {
      currentSpace(req);
      const { systemId, ids } = req.body;
      req.ctx.auditTarget = systemId;
      await kernel.transact(req, async (trx) => {
        const result = await sql`
          update appcenter_app as a set sort = v.ord - 1, updated_at = clock_timestamp()
          from unnest(${ids}::bigint[]) with ordinality as v(id, ord)
          where a.id = v.id and a.system_id = ${systemId} and a.deleted_at is null`.execute(trx);
        // Every id must be a live app of that system in this space, or nothing moves.
        if (Number(result.numAffectedRows ?? 0n) !== ids.length) throw fail.notFound('appcenter.appNotFound');
      });
      return { code: 200, msg: 'ok', data: null };
    },
  );
}
