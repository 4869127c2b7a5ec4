import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { SAAS_API, type ResourceRow, type ServiceState } from '../../../../shared/api/org-saas.ts';
import { currentSpace } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { RESOURCE_ROLES } from './access.ts';
import { providerSpaces } from './figures.ts';

/** How the platform's services stand, from what the kernel holds; a database that does not answer is "down". */
async function services(kernel: Kernel): Promise<ServiceState[]> {
  let database: ServiceState;
  const started = performance.now();
  try {
    const row = await sql<{ version: string; bytes: string; connections: number }>`
      select current_setting('server_version') as version, pg_database_size(current_database())::text as bytes,
        (select count(*)::int from pg_stat_activity where datname = current_database()) as connections`.execute(kernel.db);
    const r = row.rows[0]!;
    database = { id: 'database', state: 'up', detail: { version: r.version, sizeBytes: Number(r.bytes), connections: r.connections, latencyMs: Math.round((performance.now() - started) * 10) / 10 } };
  } catch {
    database = { id: 'database', state: 'down', detail: {} };
  }
  const mqtt = kernel.config.demoMqttPort;
  return [
    database,
    // The push bus between server processes: PostgreSQL LISTEN/NOTIFY unless PUSH_BUS names NATS (decision 0050).
    { id: 'pushBus', state: 'up', detail: { kind: kernel.config.pushBus ? 'nats' : 'postgres' } },
    { id: 'sockets', state: 'up', detail: { connected: kernel.hub.size } },
    { id: 'maintenance', state: kernel.maintenance.on ? 'on' : 'off', detail: {} },
    { id: 'mqttRelay', state: mqtt ? 'on' : 'off', detail: mqtt ? { port: mqtt } : {} },
    { id: 'outbound', state: 'on', detail: { allowed: kernel.config.outboundAllow.length } },
  ];
}

/**
 * sysop/resourceManagement and sysop/serviceManagement (spec §2.6, §6: saas, admin, audit, safe). A saas account
 * sees its provider's spaces, through the provider transaction (the database narrows them); the others see their
 * own space, in the request's space transaction.
 */
export function registerResourceRoutes(app: App, kernel: Kernel): void {
  app.get(`${SAAS_API}/resources`, { config: { access: RESOURCE_ROLES }, schema: { querystring: NoQuery } }, async (req) => {
    const asProvider = !!req.ctx.principal?.providerId && req.ctx.roles.includes('saas');
    let rows: ResourceRow[];
    if (asProvider) {
      rows = await kernel.providerTransact(req, async (trx) =>
        (await providerSpaces(kernel, trx)).map((s) => ({ id: s.id, name: s.name, status: s.status, members: s.members, records: s.records, storageBytes: s.storageBytes, usage: s.usage })),
      );
    } else {
      const space = currentSpace(req);
      rows = await kernel.transact(req, async (trx) => {
        const row = await trx.selectFrom('spaces').select(['id', 'name', 'status']).where('id', '=', space.id).executeTakeFirstOrThrow();
        const members = await trx
          .selectFrom('memberships')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('space_id', '=', space.id)
          .where('status', '=', 'active')
          .where(sql<boolean>`not ('saas' = any(roles))`)
          .executeTakeFirstOrThrow();
        const usage = await kernel.usage.collect(trx, space.id);
        return [{ id: row.id, name: row.name, status: row.status, members: Number(members.n), records: usage['forms.records'] ?? 0, storageBytes: usage['forms.storageBytes'] ?? 0, usage }];
      });
    }
    return { code: 200, msg: 'ok', data: { scope: asProvider ? 'provider' : 'space', spaces: rows } };
  });

  app.get(`${SAAS_API}/services`, { config: { access: RESOURCE_ROLES }, schema: { querystring: NoQuery } }, async () => ({
    code: 200,
    msg: 'ok',
    data: { services: await services(kernel), checkedAt: new Date(kernel.clock.now()).toISOString() },
  }));
}
