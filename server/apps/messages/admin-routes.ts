import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { DeliveryIdParam, DeliveryListQuery, NoticeBody, SubscriptionDefaultChangeBody, type DeliveryItem, type SubscriptionDefaultRow } from '../../../shared/api/messages.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { wordsFor } from './render.ts';
import { enqueueDeliveries } from './jobs.ts';
import { checkedChoice } from './subscriptions.ts';

const PAGE = 50;

async function defaultRows(trx: Trx): Promise<SubscriptionDefaultRow[]> {
  const rows = await trx.selectFrom('messages_subscription_default').select(['category', 'app', 'channel', 'enabled', 'locked']).orderBy('category').orderBy('app').orderBy('channel').execute();
  return rows.map((r) => ({ ...r, category: r.category as SubscriptionDefaultRow['category'], app: r.app || null }));
}

/**
 * The administrator's side of messages: the space's subscription defaults (and whether members may change them),
 * the deliveries that failed (with the reason, retried by hand), and announcements to the space (category `notice`,
 * the same notify path every app uses — which is also how the browser tests make messages arrive).
 */
export function registerAdminRoutes(app: App, kernel: Kernel): void {
  const admin = { permission: 'messages.admin' } as const;

  app.get('/api/messages/subscription-defaults', { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    return { code: 200, msg: 'ok', data: { rows: await kernel.transact(req, defaultRows) } };
  });

  app.put('/api/messages/subscription-defaults', { config: { access: admin, action: 'messages.subscriptionDefault' }, schema: { querystring: NoQuery, body: SubscriptionDefaultChangeBody } }, async (req) => {
    const space = currentSpace(req);
    const choice = checkedChoice(req.body);
    // In-app to-dos are always on: a default saying otherwise would be a promise the platform does not keep.
    if (choice.category === 'todo' && choice.channel === 'inApp' && !req.body.enabled) throw fail.unprocessable('messages.problem.todoInApp');
    req.ctx.auditTarget = `${choice.category}/${choice.app || '*'}/${choice.channel}`;
    const set = { enabled: req.body.enabled, locked: req.body.locked };
    const rows = await kernel.transact(req, async (trx) => {
      await trx
        .insertInto('messages_subscription_default')
        .values({ space_id: space.id, ...choice, ...set })
        .onConflict((oc) => oc.columns(['space_id', 'category', 'app', 'channel']).doUpdateSet(set))
        .execute();
      return defaultRows(trx);
    });
    return { code: 200, msg: 'messages.defaultsSaved', data: { rows } };
  });

  app.get('/api/messages/deliveries', { config: { access: admin }, schema: { querystring: DeliveryListQuery } }, async (req) => {
    const space = currentSpace(req);
    const q: Static<typeof DeliveryListQuery> = req.query;
    const t = await wordsFor(kernel, space.id, req.ctx.language);
    const rows = await kernel.transact(req, (trx) => {
      let query = trx
        .selectFrom('messages_outbox as o')
        .innerJoin('messages_message as m', 'm.id', 'o.message_id')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.id', 'o.message_id', 'o.user_id', 'u.name as user_name', 'o.channel', 'm.category', 'm.title_key', 'm.title_params', 'o.state', 'o.attempts', 'o.next_at', 'o.error_key', 'o.error_params', 'o.created_at', 'o.done_at']);
      if (q.state === 'failed') query = query.where((eb) => eb.or([eb('o.state', '=', 'failed'), eb.and([eb('o.state', '=', 'pending'), eb('o.error_key', 'is not', null)])]));
      else if (q.state === 'retrying') query = query.where('o.state', '=', 'pending').where('o.error_key', 'is not', null);
      else if (q.state === 'gaveUp') query = query.where('o.state', '=', 'failed');
      else if (q.state === 'pending') query = query.where('o.state', '=', 'pending').where('o.error_key', 'is', null);
      else if (q.state === 'done') query = query.where('o.state', '=', 'done');
      if (q.channel) query = query.where('o.channel', '=', q.channel);
      if (q.cursor) query = query.where('o.id', '<', q.cursor);
      return query.orderBy('o.id', 'desc').limit(PAGE + 1).execute();
    });
    const page = rows.slice(0, PAGE);
    const items: DeliveryItem[] = page.map((r) => ({
      id: r.id,
      messageId: r.message_id,
      userId: r.user_id,
      userName: r.user_name,
      channel: r.channel,
      category: r.category,
      title: t(r.title_key, r.title_params),
      state: r.state === 'pending' && r.error_key ? 'retrying' : r.state,
      attempts: r.attempts,
      nextAt: r.state === 'pending' ? new Date(r.next_at).toISOString() : null,
      error: r.error_key ? t(r.error_key, (r.error_params ?? {}) as Record<string, string>) : null,
      createdAt: new Date(r.created_at).toISOString(),
      doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
    }));
    return { code: 200, msg: 'ok', data: { items, next: rows.length > PAGE ? page[page.length - 1]!.id : null } };
  });

  app.post('/api/messages/deliveries/:id/retry', { config: { access: admin, action: 'messages.delivery.retry' }, schema: { params: DeliveryIdParam, querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      // A new round: a try still scheduled for the old one finds nothing to do when its time comes.
      const again = await trx
        .updateTable('messages_outbox')
        .set({ state: 'pending', attempts: 0, next_at: sql<Date>`now()`, round: sql<number>`round + 1` })
        .where('id', '=', req.params.id)
        .where((eb) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'pending'), eb('error_key', 'is not', null)])]))
        .returning(['id', 'channel', 'round'])
        .executeTakeFirst();
      if (!again) throw fail.notFound('messages.problem.noFailedDelivery');
      await enqueueDeliveries(kernel, trx, [again]);
    });
    return { code: 200, msg: 'messages.retryQueued', data: null };
  });

  app.post('/api/messages/notices', { config: { access: admin, action: 'messages.notice.send' }, schema: { querystring: NoQuery, body: NoticeBody } }, async (req) => {
    const space = currentSpace(req);
    const { title, body, priority, ...recipients } = req.body;
    req.ctx.auditTarget = title.slice(0, 60);
    const result = await kernel.transact(req, (trx) =>
      kernel.notices.send(trx, space.id, {
        recipients,
        category: 'notice',
        sourceApp: 'messages',
        title: { key: 'messages.notice.title', params: { text: title.trim() } },
        body: body?.trim() ? { key: 'messages.notice.body', params: { text: body.trim() } } : null,
        link: { routeId: 'messages.center' },
        priority: priority ?? 'normal',
      }),
    );
    return { code: 200, msg: 'messages.noticeSent', params: { count: result.recipients }, data: result };
  });
}
