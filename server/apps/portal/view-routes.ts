import type { FastifyRequest } from 'fastify';
import { ComponentDataParams, ComponentDataQuery, OpenPortalQuery, PORTAL_API } from '../../../shared/api/portal.ts';
import type { OpenPortalAnswer } from '../../../shared/portal/data.ts';
import type { Portal } from '../../../shared/portal/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { isSourced, readComponents, settleComponents, type Attempts } from './open.ts';
import { listPortals, readPortal } from './store.ts';

/**
 * A portal by id for this member: in his scope, or any of the space's for a manager (preview). Not of this space
 * (or gone): 404; of this space but out of his scope: 403, with a message that says so.
 */
async function visiblePortal(kernel: Kernel, trx: Trx, req: FastifyRequest, id: string, groups: readonly string[]): Promise<Portal> {
  const manager = kernel.rolePermissions.holds('portal.manage', req.ctx.roles, req.ctx.delegated);
  const portal = await readPortal(trx, id, manager ? null : groups);
  if (portal) return portal;
  if (await readPortal(trx, id)) throw fail.forbidden('portal.outOfScope');
  throw fail.notFound('portal.notFound');
}

/**
 * Opening portals (spec §2.7 `user/workbench/{id?}`): the portal with each sourced component's first page, read in
 * parallel, each component's failure its own; and one component's next page or other label.
 */
export function registerViewRoutes(app: App, kernel: Kernel): void {
  const view = { permission: 'portal.view' } as const;

  app.get(`${PORTAL_API}/open`, { config: { access: view }, schema: { querystring: OpenPortalQuery } }, async (req) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const { terminal, id } = req.query;
    // One pipelined read: the components' statements are in flight together (db/together.ts).
    const { portal, choices, attempts } = await kernel.readTogether(req, async (trx) => {
      const groups = await kernel.directory.people.roleGroupsOf(trx, space.id, userId);
      const mine = await listPortals(trx, terminal, groups);
      const choices = mine.map((p) => ({ id: p.id, name: p.name, isDefault: p.isDefault }));
      // Without an id: the terminal's default when it is in his scope; else none, and the workbench shows its built-in
      // cards (his apps, recent records) with the portals he may switch to.
      let portal: Portal | null = mine.find((p) => p.isDefault) ?? null;
      if (id) {
        // Usually one of his own (already read); else a manager's preview, or a clear refusal.
        portal = mine.find((p) => p.id === id) ?? (await visiblePortal(kernel, trx, req, id, groups));
        if (portal.terminal !== terminal) throw fail.notFound('portal.notFound');
      }
      // The first page of every sourced component is read in this same transaction, side by side.
      const attempts: Attempts = portal ? await readComponents(kernel, trx, req, portal.components.filter(isSourced)) : new Map();
      return { portal, choices, attempts };
    });
    const components = portal ? await settleComponents(kernel, req, portal.components.filter(isSourced), attempts) : {};
    const answer: OpenPortalAnswer = { portal, choices, components };
    return { code: 200, msg: 'ok', data: answer };
  });

  app.get(
    `${PORTAL_API}/portals/:id/components/:componentId/data`,
    { config: { access: view }, schema: { params: ComponentDataParams, querystring: ComponentDataQuery } },
    async (req) => {
      const space = currentSpace(req);
      const { userId } = signedIn(req);
      const page = { label: req.query.label, cursor: req.query.cursor };
      const { component, attempts } = await kernel.readTogether(req, async (trx) => {
        const groups = await kernel.directory.people.roleGroupsOf(trx, space.id, userId);
        const portal = await visiblePortal(kernel, trx, req, req.params.id, groups);
        const component = portal.components.find((c) => c.id === req.params.componentId);
        if (!component) throw fail.notFound('portal.componentNotFound');
        return { component, attempts: await readComponents(kernel, trx, req, [component], page) };
      });
      const result = (await settleComponents(kernel, req, [component], attempts, page))[component.id];
      return { code: 200, msg: 'ok', data: result };
    },
  );
}
