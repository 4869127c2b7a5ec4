import type { FastifyRequest } from 'fastify';
import type { ImageKind, PortalComponent, PortalDraft, PortalLink } from '../../../shared/portal/model.ts';
import { portalProblems, type PortalProblem } from '../../../shared/portal/validate.ts';
import { navigablePage } from '../../../shared/org/navigation.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { PortalPrincipal } from '../../kernel/portal-sources.ts';
import { sanitiseHtml } from '../../kernel/sanitise-html.ts';
import './tables.ts';

/** 422 with every problem; the message is the first one's, in the caller's language. */
export function refuse(problems: PortalProblem[]): never {
  const first = problems[0]!;
  throw fail.unprocessable(first.key, first.params, { problems });
}

interface ImageUse {
  id: string;
  kind: ImageKind;
  path: string;
}

/** Where each image of a layout is used and the kind it must be: the cover, carousel pictures, the rest custom. */
function imageUses(draft: PortalDraft): ImageUse[] {
  const uses: ImageUse[] = draft.cover ? [{ id: draft.cover, kind: 'cover', path: 'cover' }] : [];
  draft.components.forEach((c, i) => {
    if (c.type === 'custom' && c.config.image) uses.push({ id: c.config.image, kind: 'custom', path: `components.${i}.config.image` });
    if (c.type !== 'quickEntry') return;
    c.config.items.forEach((item, j) => {
      if (item.iconType !== 'image') return;
      const path = `components.${i}.config.items.${j}.icon`;
      if (!/^[0-9]{1,18}$/.test(item.icon)) uses.push({ id: '0', kind: 'custom', path });
      else uses.push({ id: item.icon, kind: c.style === 'rotation' ? 'carousel' : 'custom', path });
    });
  });
  return uses;
}

async function imageProblems(trx: Trx, draft: PortalDraft): Promise<PortalProblem[]> {
  const uses = imageUses(draft);
  if (!uses.length) return [];
  const ids = [...new Set(uses.map((u) => u.id))];
  const rows = await trx.selectFrom('portal_image').select(['id', 'kind']).where('id', 'in', ids).execute();
  const kinds = new Map(rows.map((r) => [String(r.id), r.kind]));
  const out: PortalProblem[] = [];
  for (const use of uses) {
    const kind = kinds.get(use.id);
    if (!kind) out.push({ path: use.path, key: 'portal.validation.imageMissing' });
    else if (kind !== use.kind) out.push({ path: use.path, key: 'portal.validation.imageKind', params: { kind: use.kind } });
  }
  return out;
}

/** Link targets that name things of the space must name real ones; the other types were checked for shape. */
async function linkProblem(kernel: Kernel, trx: Trx, req: FastifyRequest, link: PortalLink): Promise<boolean> {
  // The application centre's own "may this caller open app X" rule (decision 0044), asked through the kernel.
  if (link.type === 'app') return !(await kernel.apps.mayOpen(trx, req, link.target));
  if (link.type === 'system') return !navigablePage(link.target);
  if (link.type === 'portal') {
    if (!/^[0-9]{1,18}$/.test(link.target)) return true;
    return !(await trx.selectFrom('portal').select('id').where('id', '=', link.target).executeTakeFirst());
  }
  return false;
}

async function componentProblems(kernel: Kernel, trx: Trx, req: FastifyRequest, principal: PortalPrincipal, c: PortalComponent, at: string): Promise<PortalProblem[]> {
  const out: PortalProblem[] = [];
  if (c.type === 'quickEntry') {
    for (const [j, item] of c.config.items.entries()) {
      if (await linkProblem(kernel, trx, req, item.link)) out.push({ path: `${at}.config.items.${j}.link`, key: 'portal.validation.linkTarget' });
    }
  }
  if (c.type === 'chart') {
    // The dashboards app's check (a chart of this space), when it is there; without it the component shows nothing.
    const check = kernel.portalSources.check('chart');
    if (check) out.push(...(await check(trx, principal, c, at)));
  }
  if (c.type === 'appData') {
    const check = kernel.portalSources.check('appData');
    if (!check) out.push({ path: `${at}.config.labels`, key: 'portal.validation.labelForm' });
    else out.push(...(await check(trx, principal, c, at)));
  }
  return out;
}

/**
 * Everything a draft must keep before it is written, in the write's transaction: the shared §5 rules first (the
 * designer checks the same), then what needs the space's data — role groups, images and their kinds, the forms of
 * application-data labels (their app's registered check), link targets. Answers the draft to store: custom HTML
 * sanitised. Throws the 422 with every problem found.
 */
export async function checkedDraft(kernel: Kernel, trx: Trx, req: FastifyRequest, principal: PortalPrincipal, draft: PortalDraft): Promise<PortalDraft> {
  const shared = portalProblems(draft);
  if (shared.length) refuse(shared);
  const out: PortalProblem[] = [];
  if (draft.roleGroups.length) {
    const found = await kernel.directory.people.roleGroupsIn(trx, principal.spaceId, draft.roleGroups);
    draft.roleGroups.forEach((id, i) => {
      if (!found.has(id)) out.push({ path: `roleGroups.${i}`, key: 'portal.validation.roleGroupUnknown' });
    });
  }
  out.push(...(await imageProblems(trx, draft)));
  for (const [i, component] of draft.components.entries()) out.push(...(await componentProblems(kernel, trx, req, principal, component, `components.${i}`)));
  if (out.length) refuse(out);
  return {
    ...draft,
    name: draft.name.trim(),
    components: draft.components.map((c) => (c.type === 'custom' ? { ...c, config: { ...c.config, html: sanitiseHtml(c.config.html) } } : c)),
  };
}
