import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { PORTAL_API, PortalDraftSchema, PortalListQuery, PortalSaveBody } from '../../../shared/api/portal.ts';
import { PORTAL_LIMITS, type PortalDraft } from '../../../shared/portal/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { checkedDraft } from './checks.ts';
import { principalOf } from './open.ts';
import { draftValues, insertPortal, listPortals, readPortal, summaryOf } from './store.ts';

const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data });

/** Two managers setting defaults at once: the unique index keeps one default; the loser is told to retry. */
const defaultRace = (error: unknown): never => {
  if (pgErrorCode(error) === '23505') throw fail.conflict('portal.defaultRace');
  throw error;
};

async function mustRead(trx: Trx, id: string, lock = false) {
  const portal = await readPortal(trx, id, null, lock);
  if (!portal) throw fail.notFound('portal.notFound');
  return portal;
}

/**
 * Portal management (spec §2.8 "create, edit, switch portals per terminal"; contract notes/portal-api.md): managers
 * (`portal.manage`) keep every portal of the space; members list the ones of their role groups. Row-level security
 * keeps each space to its own rows, so another space's id is simply not found.
 */
export function registerManageRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'portal.manage' } as const;
  const view = { permission: 'portal.view' } as const;
  const base = `${PORTAL_API}/portals`;

  app.get(base, { config: { access: view }, schema: { querystring: PortalListQuery } }, async (req) => {
    const space = currentSpace(req);
    const managing = req.query.manage === '1';
    if (managing && !kernel.rolePermissions.holds('portal.manage', req.ctx.roles, req.ctx.delegated)) throw fail.forbidden();
    const portals = await kernel.transact(req, async (trx) => {
      const groups = managing ? null : await kernel.directory.people.roleGroupsOf(trx, space.id, signedIn(req).userId);
      return listPortals(trx, req.query.terminal, groups);
    });
    return ok(portals.map(summaryOf));
  });

  app.get(`${base}/:id`, { config: { access: manage }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return ok(await kernel.transact(req, (trx) => mustRead(trx, req.params.id)));
  });

  app.post(base, { config: { access: manage, action: 'portal.create' }, schema: { querystring: NoQuery, body: PortalDraftSchema } }, async (req, reply) => {
    const space = currentSpace(req);
    const principal = principalOf(req);
    const portal = await kernel.transact(req, async (trx) => {
      const draft = await checkedDraft(kernel, trx, req, principal, req.body as PortalDraft);
      return mustRead(trx, await insertPortal(trx, space.id, principal.userId, draft));
    });
    req.ctx.auditTarget = portal.id;
    return reply.code(201).send({ code: 201, msg: 'ok', data: portal });
  });

  app.put(`${base}/:id`, { config: { access: manage, action: 'portal.update' }, schema: { params: IdParam, querystring: NoQuery, body: PortalSaveBody } }, async (req) => {
    currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const principal = principalOf(req);
    const portal = await kernel.transact(req, async (trx) => {
      const before = await mustRead(trx, req.params.id, true);
      // Optimistic lock: the save names the version it edited; someone else's save in between is not overwritten.
      if (before.version !== req.body.version) throw fail.conflict('portal.stale', { editor: before.editor.name });
      const asked = req.body.draft as PortalDraft;
      // A portal stays on its terminal (a default of one terminal must not move into another's place).
      if (asked.terminal !== before.terminal) throw fail.unprocessable('portal.terminalFixed');
      const draft = await checkedDraft(kernel, trx, req, principal, asked);
      await trx
        .updateTable('portal')
        .set({ ...draftValues(draft), updated_by: principal.userId, updated_at: new Date(kernel.clock.now()), version: before.version + 1 })
        .where('id', '=', req.params.id)
        .execute();
      return mustRead(trx, req.params.id);
    });
    return ok(portal);
  });

  app.delete(`${base}/:id`, { config: { access: manage, action: 'portal.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const portal = await mustRead(trx, req.params.id, true);
      if (portal.system) throw fail.unprocessable('portal.systemUndeletable');
      await trx.deleteFrom('portal').where('id', '=', req.params.id).execute();
    });
    return ok(null);
  });

  app.post(`${base}/:id/copy`, { config: { access: manage, action: 'portal.copy' }, schema: { params: IdParam, querystring: NoQuery } }, async (req, reply) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const suffix = kernel.i18n.t(req.ctx.language, 'portal.copySuffix');
    const portal = await kernel.transact(req, async (trx) => {
      const source = await mustRead(trx, req.params.id);
      const name = [...`${source.name}${suffix}`].slice(0, PORTAL_LIMITS.name).join('').trim();
      const { terminal, description, cover, roleGroups, components } = source;
      return mustRead(trx, await insertPortal(trx, space.id, userId, { terminal, name, description, cover, roleGroups, components }));
    });
    req.ctx.auditTarget = `${req.params.id}->${portal.id}`;
    return reply.code(201).send({ code: 201, msg: 'ok', data: portal });
  });

  app.post(`${base}/:id/default`, { config: { access: manage, action: 'portal.default' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const portal = await kernel
      .transact(req, async (trx) => {
        const target = await mustRead(trx, req.params.id, true);
        await trx.updateTable('portal').set({ is_default: false }).where('terminal', '=', target.terminal).where('is_default', '=', true).where('id', '<>', target.id).execute();
        await trx.updateTable('portal').set({ is_default: true }).where('id', '=', target.id).execute();
        return mustRead(trx, target.id);
      })
      .catch(defaultRace);
    return ok(portal);
  });
}
