import { sql } from 'kysely';
import type { MyWorkData } from '../../../shared/portal/data.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { routeHref } from '../../../shared/routes/href.ts';
import type { PortalSource } from '../../kernel/portal-sources.ts';
import { principalsFor } from './proxies.ts';
import { todo, todoWhere, withNodeNames } from './todo-routes.ts';
import './tables.ts';

/**
 * The my-work portal component: the to-do centre's counts — pending to-dos (own and as agent, as the to-do box
 * counts them), entrustments waiting for his answer, unread CCs, his own running flows — and the first page of
 * pending to-dos, each opening its record's detail.
 */
export function registerPortalSource(kernel: Kernel): void {
  const source: PortalSource = async (trx, principal, component) => {
    const pageSize = component.type === 'myWork' ? component.config.pageSize : 10;
    const caller = { userId: principal.userId, roles: principal.roles, spaceId: principal.spaceId };
    const proxies = await principalsFor(trx, caller.spaceId, caller.userId, new Date(kernel.clock.now()));
    // The four counts in one statement (one round trip), then the first page of to-dos.
    const counted = await trx
      .selectNoFrom((eb) => [
        eb.selectFrom('workflow_task as t').select(sql<string>`count(*)`.as('n')).where('t.state', '=', 'pending').where(todoWhere(caller, proxies)).as('open'),
        eb.selectFrom('workflow_task').select(sql<string>`count(*)`.as('n')).where('state', '=', 'pending').where('entrustee_id', '=', caller.userId).where('entrust_state', '=', 'requested').as('entrusted'),
        eb.selectFrom('workflow_cc').select(sql<string>`count(*)`.as('n')).where('recipient_id', '=', caller.userId).where('read_at', 'is', null).as('cc'),
        eb.selectFrom('workflow_instance').select(sql<string>`count(*)`.as('n')).where('initiator_id', '=', caller.userId).where('state', '=', 'running').as('initiated'),
      ])
      .executeTakeFirstOrThrow();
    const rows = await todo(trx, caller, proxies, undefined, pageSize);
    const [open, entrusted, cc, initiated] = [counted.open, counted.entrusted, counted.cc, counted.initiated].map(Number) as [number, number, number, number];
    const named = await withNodeNames(trx, caller.spaceId, rows);
    const data: MyWorkData = {
      type: 'myWork',
      counts: { todo: open - entrusted, entrusted, cc, initiated },
      items: named.map((row) => ({
        taskId: String(row.taskId),
        title: row.title ?? '',
        formName: row.formName ?? '',
        nodeName: row.nodeName,
        at: new Date(row.at).toISOString(),
        href: routeHref('forms.detail', { app: String(row.appId), form: String(row.formId) }, caller.spaceId, row.recordId ? { id: String(row.recordId) } : { instance: String(row.instanceId) }) ?? '',
      })),
    };
    return data;
  };
  kernel.portalSources.register('myWork', source);
}
