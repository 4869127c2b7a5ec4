import type { Static } from '@sinclair/typebox';
import { MessageIdsBody, MessageListQuery, ReadAllBody, SubscriptionChangeBody } from '../../../shared/api/messages.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { publishUnread, unreadCounts } from './counts.ts';
import { itemOf, rememberLanguage, wordsFor } from './render.ts';
import { checkedChoice, decide, subscriptionRows } from './subscriptions.ts';

const PAGE = 20;
type ListQuery = Static<typeof MessageListQuery>;

/**
 * The message centre (user/messagecenter, user/subscribeManage; shared/api/messages.ts): every call acts on the
 * signed-in member's own messages in the request's space. Row-level security keeps the space; `user_id` the member.
 */
export function registerCentreRoutes(app: App, kernel: Kernel): void {
  const access = { permission: 'messages.read' } as const;

  app.get('/api/messages', { config: { access }, schema: { querystring: MessageListQuery } }, async (req) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const q: ListQuery = req.query;
    const limit = q.limit ?? PAGE;
    if (q.cursor !== undefined && !/^[0-9]{1,18}$/.test(q.cursor)) throw fail.unprocessable('messages.problem.badCursor');
    const t = await wordsFor(kernel, space.id, req.ctx.language);
    const rows = await kernel.transact(req, (trx) => {
      let query = trx.selectFrom('messages_message').selectAll().where('user_id', '=', userId).where('shown', '=', true);
      if (q.category) query = query.where('category', '=', q.category);
      if (q.app) query = query.where('source_app', '=', q.app);
      if (q.from) query = query.where('created_at', '>=', new Date(q.from));
      if (q.to) query = query.where('created_at', '<', new Date(q.to));
      if (q.unread) query = query.where('read_at', 'is', null);
      if (q.cursor) query = query.where('id', '<', q.cursor);
      return query.orderBy('id', 'desc').limit(limit + 1).execute();
    });
    const page = rows.slice(0, limit);
    return { code: 200, msg: 'ok', data: { items: page.map((row) => itemOf(row, t)), next: rows.length > limit ? page[page.length - 1]!.id : null } };
  });

  app.get('/api/messages/unread', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const { userId } = signedIn(req);
    return { code: 200, msg: 'ok', data: await kernel.transact(req, (trx) => unreadCounts(trx, userId)) };
  });

  /** Read state changes: the member's own rows only; every window and the desktop get the new counts at commit. */
  const readState = (path: string, action: string, read: boolean) =>
    app.post(path, { config: { access, action }, schema: { querystring: NoQuery, body: MessageIdsBody } }, async (req) => {
      const space = currentSpace(req);
      const { userId } = signedIn(req);
      req.ctx.auditTarget = req.body.ids.slice(0, 20).join(',');
      const counts = await kernel.transact(req, async (trx) => {
        await trx
          .updateTable('messages_message')
          .set({ read_at: read ? new Date() : null })
          .where('user_id', '=', userId)
          .where('id', 'in', req.body.ids)
          .where('read_at', read ? 'is' : 'is not', null)
          .execute();
        await rememberLanguage(trx, space.id, userId, req.ctx.language);
        return publishUnread(kernel, trx, space.id, userId);
      });
      return { code: 200, msg: 'ok', data: counts };
    });
  readState('/api/messages/read', 'messages.read', true);
  readState('/api/messages/unread', 'messages.unread', false);

  app.post('/api/messages/read-all', { config: { access, action: 'messages.readAll' }, schema: { querystring: NoQuery, body: ReadAllBody } }, async (req) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    req.ctx.auditTarget = req.body.category ?? null;
    const counts = await kernel.transact(req, async (trx) => {
      let update = trx.updateTable('messages_message').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (req.body.category) update = update.where('category', '=', req.body.category);
      await update.execute();
      await rememberLanguage(trx, space.id, userId, req.ctx.language);
      return publishUnread(kernel, trx, space.id, userId);
    });
    return { code: 200, msg: 'ok', data: counts };
  });

  // Deleting removes the member's own copy (one row per recipient), and with it any delivery still pending for it.
  app.post('/api/messages/delete', { config: { access, action: 'messages.delete' }, schema: { querystring: NoQuery, body: MessageIdsBody } }, async (req) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    req.ctx.auditTarget = req.body.ids.slice(0, 20).join(',');
    const result = await kernel.transact(req, async (trx) => {
      const gone = await trx.deleteFrom('messages_message').where('user_id', '=', userId).where('id', 'in', req.body.ids).executeTakeFirst();
      return { deleted: Number(gone.numDeletedRows), counts: await publishUnread(kernel, trx, space.id, userId) };
    });
    return { code: 200, msg: 'ok', data: result };
  });

  app.get('/api/messages/subscriptions', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const { userId } = signedIn(req);
    const rows = await kernel.transact(req, async (trx) => {
      const defaults = await trx.selectFrom('messages_subscription_default').select(['category', 'app', 'channel', 'enabled', 'locked']).execute();
      const own = await trx.selectFrom('messages_subscription').select(['category', 'app', 'channel', 'enabled']).where('user_id', '=', userId).execute();
      return subscriptionRows(defaults, own);
    });
    return { code: 200, msg: 'ok', data: { rows } };
  });

  app.put('/api/messages/subscriptions', { config: { access, action: 'messages.subscription' }, schema: { querystring: NoQuery, body: SubscriptionChangeBody } }, async (req) => {
    const space = currentSpace(req);
    const { userId } = signedIn(req);
    const choice = checkedChoice(req.body);
    req.ctx.auditTarget = `${choice.category}/${choice.app || '*'}/${choice.channel}`;
    const rows = await kernel.transact(req, async (trx) => {
      const defaults = await trx.selectFrom('messages_subscription_default').select(['category', 'app', 'channel', 'enabled', 'locked']).execute();
      if (decide(defaults, [], choice.category, choice.app, choice.channel).locked) throw fail.unprocessable('messages.problem.locked');
      const values = { space_id: space.id, user_id: userId, ...choice, enabled: req.body.enabled };
      await trx
        .insertInto('messages_subscription')
        .values(values)
        .onConflict((oc) => oc.columns(['space_id', 'user_id', 'category', 'app', 'channel']).doUpdateSet({ enabled: req.body.enabled }))
        .execute();
      await rememberLanguage(trx, space.id, userId, req.ctx.language);
      const own = await trx.selectFrom('messages_subscription').select(['category', 'app', 'channel', 'enabled']).where('user_id', '=', userId).execute();
      return subscriptionRows(defaults, own);
    });
    return { code: 200, msg: 'messages.subscriptionSaved', data: { rows } };
  });
}
