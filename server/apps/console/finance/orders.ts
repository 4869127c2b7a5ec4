import { sql, type Selectable } from 'kysely';
import {
  FINANCE_API,
  FinanceIdParam,
  ORDER_EDGES,
  OrderBody,
  PayBody,
  type OrderAction,
} from '../../../../shared/api/console-finance.ts';
import { NoQuery } from '../../../../shared/api/common.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { queueDue } from '../operator/notice-worker.ts';
import { ROOT_ONLY } from './catalog.ts';
import { CHANNELS } from './channels.ts';
import type { FinanceOrderTable } from './tables.ts';

type Increments = Pick<Selectable<FinanceOrderTable>, 'add_members' | 'add_storage_mb' | 'add_apps'>;

/**
 * Moves the space's quotas by a bill's increments (+1 when paid, −1 when refunded), in the bill's transaction.
 * An unlimited quota (null) stays unlimited; a refund never takes a quota below 1 (the column's own floor).
 */
export async function moveQuota(trx: Trx, spaceId: string, adds: Increments, sign: 1 | -1): Promise<void> {
  const moved = (column: 'quota_members' | 'quota_storage_mb' | 'quota_apps', by: number) =>
    sql<number | null>`case when ${sql.ref(column)} is null then null else greatest(${sql.ref(column)} + ${sign * by}, 1) end`;
  await trx
    .updateTable('spaces')
    .set({ quota_members: moved('quota_members', adds.add_members), quota_storage_mb: moved('quota_storage_mb', adds.add_storage_mb), quota_apps: moved('quota_apps', adds.add_apps) })
    .where('id', '=', spaceId)
    .execute();
}

/**
 * The one way a bill changes state: locked, checked against the edge the action allows (409 otherwise, naming the
 * state it is in), then moved, with its effects, in the request's one transaction.
 */
async function move(trx: Trx, id: string, action: OrderAction, effect: (order: Selectable<FinanceOrderTable>) => Promise<Partial<Record<'channel_id' | 'payment_ref', string>>>) {
  const order = await trx.selectFrom('finance_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!order) throw fail.notFound('finance.order.notFound');
  const [from, to] = ORDER_EDGES[action];
  if (order.state !== from) throw fail.conflict('finance.order.badMove', { state: `finance.state.${order.state}`, action: `finance.action.${action}` });
  const extra = await effect(order);
  const now = sql<Date>`now()`;
  return trx
    .updateTable('finance_order')
    .set({
      state: to,
      ...extra,
      ...(action === 'pay'
        ? { paid_at: now, valid_until: order.period_months ? sql<Date>`now() + make_interval(months => ${order.period_months})` : null }
        : { closed_at: now }),
    })
    .where('id', '=', id)
    .returning(['id', 'state', 'payment_ref', 'paid_at', 'valid_until', 'closed_at'])
    .executeTakeFirstOrThrow();
}

/** Orders for a space and their moves: pending → paid → refunded, pending → cancelled (spec §2.4 financialbill). */
export function registerOrderRoutes(app: App, kernel: Kernel): void {
  const write = (action: string) => ({ access: ROOT_ONLY, action: `console.finance.order.${action}` });

  app.post(`${FINANCE_API}/orders`, { config: write('create'), schema: { querystring: NoQuery, body: OrderBody } }, async (req) => {
    const { spaceId, productId, note } = req.body;
    const row = await kernel.transact(req, async (trx) => {
      const space = await trx.selectFrom('spaces').select('status').where('id', '=', spaceId).executeTakeFirst();
      if (!space) throw fail.unprocessable('finance.order.spaceMissing', { id: spaceId });
      if (space.status === 'archived') throw fail.unprocessable('finance.order.spaceArchived', { id: spaceId });
      // Only what the shop has on sale can be bought.
      const product = await trx
        .selectFrom('finance_product as p')
        .innerJoin('finance_type as t', 't.id', 'p.type_id')
        .innerJoin('finance_listing as l', 'l.product_id', 'p.id')
        .select(['p.id', 'p.name', 't.kind', 'p.app_id', 'p.add_members', 'p.add_storage_mb', 'p.add_apps', 'p.period_months', 'p.price_minor'])
        .where('p.id', '=', productId)
        .where('p.status', '=', 'active')
        .where('l.on_sale', '=', true)
        .executeTakeFirst();
      if (!product) throw fail.unprocessable('finance.order.notOnSale');
      return trx
        .insertInto('finance_order')
        .values({
          space_id: spaceId,
          product_id: product.id,
          product_name: product.name,
          type_kind: product.kind,
          app_id: product.app_id,
          add_members: product.add_members,
          add_storage_mb: product.add_storage_mb,
          add_apps: product.add_apps,
          period_months: product.period_months,
          // Copied in SQL: the price never passes through a JavaScript number on its way to the bill.
          amount_minor: sql<number>`${product.price_minor}::bigint`,
          note: note?.trim() ?? '',
          created_by: req.ctx.principal?.userId ?? null,
        })
        .returning(['id', 'state', 'amount_minor'])
        .executeTakeFirstOrThrow();
    });
    req.ctx.auditTarget = row.id;
    return { code: 200, msg: 'ok', data: { id: row.id, state: row.state, amountMinor: row.amount_minor } };
  });

  app.post(`${FINANCE_API}/orders/:id/pay`, { config: write('pay'), schema: { params: FinanceIdParam, querystring: NoQuery, body: PayBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const row = await kernel.transact(req, async (trx) => {
      const paid = await move(trx, req.params.id, 'pay', async (order) => {
        const channel = await trx.selectFrom('finance_channel').select(['id', 'kind', 'enabled']).where('id', '=', req.body.channelId).executeTakeFirst();
        if (!channel || !channel.enabled) throw fail.unprocessable('finance.channel.unavailable');
        const settlement = CHANNELS[channel.kind].settle({ id: order.id, amountMinor: order.amount_minor });
        // A paid quota pack or subscription raises the space's quota in the same transaction as the payment.
        await moveQuota(trx, order.space_id, order, 1);
        return { channel_id: channel.id, payment_ref: settlement.reference };
      });
      // A subscription ends with the console's timed work, queued for its end with the payment.
      if (paid.valid_until) await queueDue(kernel, trx, new Date(paid.valid_until));
      return paid;
    });
    return { code: 200, msg: 'ok', data: row };
  });

  app.post(`${FINANCE_API}/orders/:id/cancel`, { config: write('cancel'), schema: { params: FinanceIdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const row = await kernel.transact(req, (trx) => move(trx, req.params.id, 'cancel', async () => ({})));
    return { code: 200, msg: 'ok', data: row };
  });

  app.post(`${FINANCE_API}/orders/:id/refund`, { config: write('refund'), schema: { params: FinanceIdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const row = await kernel.transact(req, (trx) =>
      move(trx, req.params.id, 'refund', async (order) => {
        // A subscription that already ended gave its increments back then.
        if (!order.expired_at) await moveQuota(trx, order.space_id, order, -1);
        return {};
      }),
    );
    return { code: 200, msg: 'ok', data: row };
  });
}
