import { NoQuery } from '../../../../shared/api/common.ts';
import { SAAS_API, SpaceParam, type ConsoleHome, type ProductRow, type SpaceStatus, type Summary } from '../../../../shared/api/org-saas.ts';
import { signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { memberGrowth, providerSpace, providerSpaces } from './figures.ts';
import { inProviderSpace } from './enter.ts';
import { PROVIDER_ONLY } from './access.ts';

const TOP = 5;

/** saasconsole, summarize, summarize/customerDetails, summarize/productDetails: the provider's spaces, read only. */
export function registerConsoleRoutes(app: App, kernel: Kernel): void {
  app.get(`${SAAS_API}/spaces`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoQuery } }, async (req) => {
    const data: ConsoleHome = await kernel.providerTransact(req, async (trx) => {
      const providerId = signedIn(req).providerId!;
      const provider = await trx.selectFrom('providers').select(['id', 'name']).where('id', '=', providerId).executeTakeFirstOrThrow();
      const profile = await trx.selectFrom('org_saas_profile').select('display_name').executeTakeFirst();
      const spaces = (await providerSpaces(kernel, trx)).map(({ usage: _usage, ...space }) => space);
      const sum = (pick: (s: (typeof spaces)[number]) => number) => spaces.reduce((total, s) => total + pick(s), 0);
      return {
        provider: { id: provider.id, name: profile?.display_name ?? provider.name },
        spaces,
        totals: { spaces: spaces.length, members: sum((s) => s.members), apps: sum((s) => s.apps), records: sum((s) => s.records), storageBytes: sum((s) => s.storageBytes) },
      };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get(`${SAAS_API}/summary`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoQuery } }, async (req) => {
    const data: Summary = await kernel.providerTransact(req, async (trx) => {
      const spaces = await providerSpaces(kernel, trx);
      const byStatus: Record<SpaceStatus, number> = { active: 0, suspended: 0, archived: 0 };
      for (const space of spaces) byStatus[space.status] += 1;
      const top = [...spaces]
        .sort((a, b) => b.members - a.members || b.records - a.records || a.id.localeCompare(b.id))
        .slice(0, TOP)
        .map((s) => ({ id: s.id, name: s.name, members: s.members, records: s.records, storageBytes: s.storageBytes }));
      return { byStatus, growth: await memberGrowth(trx, kernel.clock.now()), top };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get(`${SAAS_API}/spaces/:spaceId`, { config: { access: PROVIDER_ONLY }, schema: { params: SpaceParam, querystring: NoQuery } }, async (req) => {
    const data = await kernel.providerTransact(req, (trx) => providerSpace(kernel, trx, req.params.spaceId));
    return { code: 200, msg: 'ok', data };
  });

  // The apps installed across the provider's spaces, by name, each with the spaces that have it.
  app.get(`${SAAS_API}/products`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoQuery } }, async (req) => {
    const products = await kernel.providerTransact(req, async (trx) => {
      const spaces = await trx.selectFrom('spaces').select(['id', 'name']).orderBy('id').execute();
      const byName = new Map<string, Set<string>>();
      for (const space of spaces) {
        const apps = await inProviderSpace(trx, space.id, () => kernel.apps.live(trx));
        for (const app of apps) byName.set(app.name, (byName.get(app.name) ?? new Set()).add(space.name));
      }
      const rows: ProductRow[] = [...byName].map(([name, names]) => ({ name, spaces: names.size, spaceNames: [...names].sort() }));
      return rows.sort((a, b) => b.spaces - a.spaces || a.name.localeCompare(b.name));
    });
    return { code: 200, msg: 'ok', data: { products } };
  });
}
