import { PLATFORM_API, PlatformOplogQuery, PlatformSpacesQuery, type PlatformScope } from '../../../../shared/api/console-access.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

const keyed = (scope: PlatformScope) => ({ access: 'platformKey', platformScope: scope }) as const;

/**
 * The platform API (decision 0082): what an operator's integration (billing, monitoring) reads with a platform key.
 * Read-only by design: a leaked key can reveal, never change.
 */
export function registerPlatformApi(app: App, kernel: Kernel): void {
  app.get(`${PLATFORM_API}/spaces`, { config: keyed('spaces.read'), schema: { querystring: PlatformSpacesQuery } }, async () => {
    const rows = await kernel.db
      .selectFrom('spaces as s')
      .leftJoin('memberships as m', 'm.space_id', 's.id')
      .select(['s.id', 's.name', 's.status', 's.provider_id', 's.created_at', (eb) => eb.fn.count<string>('m.user_id').as('members')])
      .groupBy('s.id')
      .orderBy('s.id')
      .execute();
    const spaces = rows.map((r) => ({ id: r.id, name: r.name, status: r.status, providerId: r.provider_id, createdAt: new Date(r.created_at as Date).toISOString(), members: Number(r.members) }));
    return { code: 200, msg: 'ok', data: { spaces } };
  });

  app.get(`${PLATFORM_API}/usage`, { config: keyed('usage.read'), schema: { querystring: PlatformSpacesQuery } }, async () => {
    const spaces = await kernel.db.selectFrom('spaces').select('id').orderBy('id').execute();
    const usage: Array<{ spaceId: string; figures: Record<string, number> }> = [];
    // Each space's figures are read inside that space, under its row-level security, as the apps report them.
    for (const { id } of spaces) usage.push({ spaceId: id, figures: await inSpace(kernel.db, id, (trx) => kernel.usage.collect(trx, id)) });
    return { code: 200, msg: 'ok', data: { usage } };
  });

  app.get(`${PLATFORM_API}/oplog`, { config: keyed('oplog.read'), schema: { querystring: PlatformOplogQuery } }, async (req) => {
    const since = new Date(kernel.clock.now() - (req.query.days ?? 7) * 86_400_000);
    const rows = await kernel.db
      .selectFrom('oplog')
      .select(['id', 'at', 'space_id', 'user_id', 'action', 'target', 'result', 'status'])
      .where('at', '>=', since)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
    const entries = rows.map((r) => ({ id: String(r.id), at: new Date(r.at as Date).toISOString(), spaceId: r.space_id, userId: r.user_id, action: r.action, target: r.target, result: r.result, status: r.status }));
    return { code: 200, msg: 'ok', data: { entries } };
  });
}
