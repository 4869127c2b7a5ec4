import { sql } from 'kysely';
import { APPCENTER_LIMITS, AppcenterQuery, CreateSystemBody, ReorderSystemsBody, UpdateSystemBody } from '../../../shared/api/appcenter.ts';
import { IdParam } from '../../../shared/api/common.ts';
import { sameVersion } from '../../kernel/db/versions.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { APP_COLUMNS, SYSTEM_COLUMNS, canManage, visibleTo } from './tables.ts';

const read = { permission: 'appcenter.read' } as const;
const manage = { permission: 'appcenter.manage' } as const;

/** A duplicate name (unique per space, case-insensitively) is the only unique violation a system write can hit. */
function systemWriteError(error: unknown, name: string | undefined): unknown {
  if (pgErrorCode(error) === '23505') return fail.conflict('appcenter.systemExists', { name: name ?? '' });
  return error;
}

/** Systems of a space (spec §2.7 appcenter): listed with the apps the caller may see, created and kept by admins. */
export function registerSystemRoutes(app: App, kernel: Kernel): void {
  app.get('/api/appcenter/systems', { config: { access: read }, schema: { querystring: AppcenterQuery } }, async (req) => {
    currentSpace(req);
    const manager = canManage(req);
    const systems = await kernel.transact(req, async (trx) => {
      const rows = await trx.selectFrom('appcenter_system').select(SYSTEM_COLUMNS).orderBy('sort').orderBy('id').execute();
      const apps = await trx
        .selectFrom('appcenter_app')
        .select(APP_COLUMNS)
        .where(visibleTo(req))
        .orderBy('appcenter_app.sort')
        .orderBy('appcenter_app.id')
        .execute();
      const bySystem = new Map<string, typeof apps>();
      for (const a of apps) {
        const list = bySystem.get(a.systemId);
        if (list) list.push(a);
        else bySystem.set(a.systemId, [a]);
      }
      const withApps = rows.map((system) => ({ ...system, apps: bySystem.get(system.id) ?? [] }));
      // A member is shown where they can go: a system with no app for their roles is noise to them.
      return manager ? withApps : withApps.filter((system) => system.apps.length > 0);
    });
    return { code: 200, msg: 'ok', data: { systems } };
  });

  app.get('/api/appcenter/systems/:id', { config: { access: read }, schema: { params: IdParam, querystring: AppcenterQuery } }, async (req) => {
    currentSpace(req);
    const system = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('appcenter_system').select(SYSTEM_COLUMNS).where('id', '=', req.params.id).executeTakeFirst();
      if (!row) throw fail.notFound('appcenter.systemNotFound');
      const apps = await trx
        .selectFrom('appcenter_app')
        .select(APP_COLUMNS)
        .where('appcenter_app.system_id', '=', row.id)
        .where(visibleTo(req))
        .orderBy('appcenter_app.sort')
        .orderBy('appcenter_app.id')
        .execute();
      return { ...row, apps };
    });
    return { code: 200, msg: 'ok', data: system };
  });

  app.post(
    '/api/appcenter/systems',
    { config: { access: manage, action: 'appcenter.system.create' }, schema: { querystring: AppcenterQuery, body: CreateSystemBody } },
    async (req) => {
      const space = currentSpace(req);
      const { name, icon, description, sort } = req.body;
      try {
        const row = await kernel.transact(req, async (trx) => {
          const created = await trx
            .insertInto('appcenter_system')
            .values({
              space_id: space.id,
              name: name.trim(),
              icon,
              description,
              // Without a given place a new system goes last.
              sort: sort ?? sql<number>`(select least(coalesce(max(sort) + 1, 0), ${APPCENTER_LIMITS.sortMax}) from appcenter_system)`,
            })
            .returning(SYSTEM_COLUMNS)
            .executeTakeFirstOrThrow();
          req.ctx.auditTarget = created.id;
          return created;
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        throw systemWriteError(error, name.trim());
      }
    },
  );

  // PATCH is the partial update; PUT does the same for clients without PATCH (the renderer's transport, spec §7).
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/api/appcenter/systems/:id',
    config: { access: manage, action: 'appcenter.system.update' },
    schema: { params: IdParam, querystring: AppcenterQuery, body: UpdateSystemBody },
    handler: async (req) => {
      req.ctx.auditTarget = req.params.id;
      const { updatedAt, ...changes } = req.body;
      const name = changes.name?.trim();
      try {
        const row = await kernel.transact(req, async (trx) => {
          const current = await trx.selectFrom('appcenter_system').select('updated_at').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
          if (!current) throw fail.notFound('appcenter.systemNotFound');
          if (!sameVersion(current.updated_at, updatedAt)) throw fail.conflict();
          return trx
            .updateTable('appcenter_system')
            .set({ ...changes, ...(name ? { name } : {}), updated_at: sql<Date>`clock_timestamp()` })
            .where('id', '=', req.params.id)
            .returning(SYSTEM_COLUMNS)
            .executeTakeFirstOrThrow();
        });
        return { code: 200, msg: 'ok', data: row };
      } catch (error) {
        throw systemWriteError(error, name);
      }
    },
  });

  app.delete(
    '/api/appcenter/systems/:id',
    { config: { access: manage, action: 'appcenter.system.delete' }, schema: { params: IdParam, querystring: AppcenterQuery } },
    async (req) => {
      req.ctx.auditTarget = req.params.id;
      try {
        await kernel.transact(req, async (trx) => {
          // Recycled apps count too: they can still be restored into this system.
          const app = await trx.selectFrom('appcenter_app').select('id').where('system_id', '=', req.params.id).limit(1).executeTakeFirst();
          if (app) throw fail.conflict('appcenter.systemHasApps');
          const removed = await trx.deleteFrom('appcenter_system').where('id', '=', req.params.id).executeTakeFirst();
          if (removed.numDeletedRows === 0n) throw fail.notFound('appcenter.systemNotFound');
        });
      } catch (error) {
        // An app created at the same moment: the foreign key refuses the delete.
        if (pgErrorCode(error) === '23503') throw fail.conflict('appcenter.systemHasApps');
        throw error;
      }
      return { code: 200, msg: 'ok', data: null };
    },
  );

  app.post(
    '/api/appcenter/systems/order',
    { config: { access: manage, action: 'appcenter.system.reorder' }, schema: { querystring: AppcenterQuery, body: ReorderSystemsBody } },
    async (req) => {
      currentSpace(req);
      const { ids } = req.body;
      req.ctx.auditTarget = ids.join(',').slice(0, 200);
      await kernel.transact(req, async (trx) => {
        const result = await sql`
          update appcenter_system as s set sort = v.ord - 1, updated_at = clock_timestamp()
          from unnest(${ids}::bigint[]) with ordinality as v(id, ord)
          where s.id = v.id`.execute(trx);
        // Row-level security hides other spaces' systems: an id that is not ours is simply not found.
        if (Number(result.numAffectedRows ?? 0n) !== ids.length) throw fail.notFound('appcenter.systemNotFound');
      });
      return { code: 200, msg: 'ok', data: null };
    },
  );
}
