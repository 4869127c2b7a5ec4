import type { FastifyRequest } from 'fastify';
import { SOURCED_TYPES, type ComponentResult } from '../../../shared/portal/data.ts';
import type { PortalComponent } from '../../../shared/portal/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import { signedIn } from '../../kernel/http/context.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { PortalPage, PortalPrincipal } from '../../kernel/portal-sources.ts';

export const principalOf = (req: FastifyRequest): PortalPrincipal => ({
  userId: signedIn(req).userId,
  roles: [...req.ctx.roles],
  spaceId: req.ctx.space!.id,
  language: req.ctx.language,
});

export const isSourced = (component: PortalComponent) => SOURCED_TYPES.includes(component.type);

/** A component's answer, or a failure that was not a refusal (it may have been the shared transaction's). */
type Attempt = { result: ComponentResult } | { failed: unknown };

async function attempt(kernel: Kernel, trx: Trx, principal: PortalPrincipal, component: PortalComponent, page: PortalPage): Promise<Attempt> {
  const source = kernel.portalSources.source(component.type);
  if (!source) {
    // Charts come with the dashboards app: until it registers a source, they say so honestly.
    if (component.type === 'chart') return { result: { ok: true, data: { type: 'chart', state: 'unavailable' } } };
    if (component.type === 'quickEntry' || component.type === 'custom') return { result: { ok: true, data: { type: component.type } } };
    return { result: { ok: false, error: kernel.i18n.t(principal.language, 'portal.source.unavailable'), status: 503 } };
  }
  try {
    return { result: { ok: true, data: await source(trx, principal, component, page) } };
  } catch (error) {
    if (error instanceof AppError) return { result: { ok: false, error: kernel.i18n.t(principal.language, error.key, error.params), status: error.status } };
    return { failed: error };
  }
}

export type Attempts = Map<string, Attempt>;

/**
 * The components' data inside the request's one transaction, side by side: their statements share its connection,
 * so the page costs one transaction and no component waits for a pool slot. A refusal (AppError) is that
 * component's answer at once.
 */
export async function readComponents(kernel: Kernel, trx: Trx, req: FastifyRequest, components: readonly PortalComponent[], page: PortalPage = {}): Promise<Attempts> {
  const principal = principalOf(req);
  const attempts = await Promise.all(components.map((component) => attempt(kernel, trx, principal, component, page)));
  return new Map(components.map((component, i) => [component.id, attempts[i]!]));
}

/**
 * After the request's transaction: a component that failed for another reason may have failed because a sibling's
 * error aborted the shared transaction, so it is read once more in a transaction of its own. What still fails is its
 * own failure, answered in the member's language — never a failure of the page.
 */
export async function settleComponents(kernel: Kernel, req: FastifyRequest, components: readonly PortalComponent[], attempts: Attempts, page: PortalPage = {}): Promise<Record<string, ComponentResult>> {
  const principal = principalOf(req);
  const settled = await Promise.all(
    components.map(async (component): Promise<ComponentResult> => {
      const first = attempts.get(component.id);
      if (first && 'result' in first) return first.result;
      const again = await kernel.transact(req, (trx) => attempt(kernel, trx, principal, component, page)).catch((error: unknown) => ({ failed: error }));
      if ('result' in again) return again.result;
      req.log.error({ err: again.failed, component: component.id, type: component.type }, 'portal component source failed');
      return { ok: false, error: kernel.i18n.t(principal.language, 'portal.source.failed'), status: 500 };
    }),
  );
  return Object.fromEntries(components.map((component, i) => [component.id, settled[i]!]));
}
