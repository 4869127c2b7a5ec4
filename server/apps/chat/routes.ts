import { NoQuery } from '../../../shared/api/common.ts';
import { ChatParams, ChatTokenQuery, DirectChatBody, GroupChatBody } from '../../../shared/api/chat.ts';
import { CHAT_LIMITS, CHAT_TOKEN_OK, CHAT_TOKEN_PATH, type ChatSource } from '../../../shared/chat/chat.ts';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { registerChatFileRoutes } from './files.ts';
import { registerGroupRoutes } from './groups.ts';
import { registerMessageRoutes } from './messages.ts';
import { CHAT_ACCESS, publishTo, requireChat, spaceMembers, summaries } from './store.ts';
import { chatToken } from './token.ts';

/** A record link must name a page of the route table and fill its params: the renderer builds the link from it. */
function sourceProblem(source: ChatSource | undefined): string | null {
  if (!source) return null;
  const route = ROUTES.find((r) => r.id === source.routeId);
  if (!route) return 'chat.source.badRoute';
  try {
    buildPath(route, source.params ?? {});
    return null;
  } catch {
    return 'chat.source.badRoute';
  }
}

const sourceColumns = (source: ChatSource | undefined) => ({
  source_app: source?.app ?? null,
  source_record: source?.recordId ?? null,
  source_route: source?.routeId ?? null,
  source_params: source ? JSON.stringify(source.params ?? {}) : null,
  source_query: source?.query ? JSON.stringify(source.query) : null,
  source_title: source?.title?.trim() || null,
});

/** The summary of one conversation as `userId` sees it, after its members were told it exists. */
async function created(kernel: Kernel, trx: Trx, spaceId: string, userId: string, id: string, memberIds: readonly string[]) {
  await publishTo(kernel, trx, memberIds, { type: 'chat.conversation', spaceId, conversationId: id });
  const [summary] = await summaries(trx, userId, [id]);
  return summary!;
}

function register(app: App, kernel: Kernel): void {
  app.get(CHAT_TOKEN_PATH, { config: { access: CHAT_ACCESS }, schema: { querystring: ChatTokenQuery } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    // Only one's own token: asking for another member's is refused, whoever asks.
    if (req.query.userId !== user.userId) throw fail.forbidden();
    await kernel.transact(req, (trx) => requireChat(kernel, trx));
    return { status: CHAT_TOKEN_OK, token: chatToken({ sessionId: user.sessionId, userId: user.userId, spaceId: space.id }, kernel.clock.now()) };
  });

  app.get('/api/chat/conversations', { config: { access: CHAT_ACCESS }, schema: { querystring: NoQuery } }, async (req) => {
    const user = signedIn(req);
    const conversations = await kernel.transact(req, async (trx) => (await requireChat(kernel, trx), summaries(trx, user.userId)));
    return { code: 200, msg: 'ok', data: { conversations } };
  });

  app.get('/api/chat/conversations/:id', { config: { access: CHAT_ACCESS }, schema: { params: ChatParams, querystring: NoQuery } }, async (req) => {
    const user = signedIn(req);
    const [found] = await kernel.transact(req, async (trx) => (await requireChat(kernel, trx), summaries(trx, user.userId, [req.params.id])));
    if (!found) throw fail.notFound('chat.notFound');
    return { code: 200, msg: 'ok', data: found };
  });

  app.post('/api/chat/conversations/direct', { config: { access: CHAT_ACCESS, action: 'chat.direct.open' }, schema: { querystring: NoQuery, body: DirectChatBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const { userId: other, source } = req.body;
    if (other === user.userId) throw fail.unprocessable('chat.direct.self');
    const problem = sourceProblem(source);
    if (problem) throw fail.unprocessable(problem);
    req.ctx.auditTarget = other;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      if (!(await spaceMembers(trx, space.id, [other])).has(other)) throw fail.unprocessable('chat.notMember');
      const pair = [user.userId, other].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join(':');
      const key = source ? `${pair}|${source.app}|${source.recordId}` : pair;
      const existing = await trx.selectFrom('chat_conversation').select('id').where('direct_key', '=', key).executeTakeFirst();
      if (existing) return (await summaries(trx, user.userId, [String(existing.id)]))[0]!;
      const row = await trx
        .insertInto('chat_conversation')
        .values({ space_id: space.id, kind: 'direct', direct_key: key, created_by: user.userId, ...sourceColumns(source) })
        // Two first messages at once: the second insert finds the first's row instead of failing.
        .onConflict((oc) => oc.columns(['space_id', 'direct_key']).doUpdateSet({ direct_key: key }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      await trx.insertInto('chat_member').values([user.userId, other].map((userId) => ({ space_id: space.id, conversation_id: id, user_id: userId }))).onConflict((oc) => oc.doNothing()).execute();
      return created(kernel, trx, space.id, user.userId, id, [user.userId, other]);
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/chat/conversations/group', { config: { access: CHAT_ACCESS, action: 'chat.group.create' }, schema: { querystring: NoQuery, body: GroupChatBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const name = req.body.name.trim();
    if (!name) throw fail.unprocessable('chat.group.nameRequired');
    if (name.length > CHAT_LIMITS.groupNameMax) throw fail.unprocessable('chat.group.nameTooLong', { max: CHAT_LIMITS.groupNameMax });
    const others = [...new Set(req.body.memberIds)].filter((id) => id !== user.userId);
    if (others.length === 0) throw fail.unprocessable('chat.group.noMembers');
    if (others.length > CHAT_LIMITS.groupMembersMax) throw fail.unprocessable('chat.group.tooMany', { max: CHAT_LIMITS.groupMembersMax });
    const problem = sourceProblem(req.body.source);
    if (problem) throw fail.unprocessable(problem);
    req.ctx.auditTarget = name;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      const found = await spaceMembers(trx, space.id, others);
      if (others.some((id) => !found.has(id))) throw fail.unprocessable('chat.notMember');
      const row = await trx
        .insertInto('chat_conversation')
        .values({ space_id: space.id, kind: 'group', name, created_by: user.userId, ...sourceColumns(req.body.source) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      const everyone = [user.userId, ...others];
      await trx.insertInto('chat_member').values(everyone.map((userId) => ({ space_id: space.id, conversation_id: id, user_id: userId }))).execute();
      return created(kernel, trx, space.id, user.userId, id, everyone);
    });
    return { code: 200, msg: 'ok', data };
  });

  registerMessageRoutes(app, kernel);
  registerGroupRoutes(app, kernel);
  registerChatFileRoutes(app, kernel);
}

export const chatApp: ServerApp = { id: 'chat', register };
