import { HistoryQuery, ChatParams, ReadBody, SearchQuery, SendBody } from '../../../shared/api/chat.ts';
import { CHAT_CONVERSATION_QUERY, CHAT_LIMITS, textProblem, type ChatMessage, type ChatSystemLine } from '../../../shared/chat/chat.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { countSend, mentionsToNotify } from './limits.ts';
import { CHAT_ACCESS, membersOf, ownConversation, publishTo, readMessages, requireChat, spaceMembers } from './store.ts';

/**
 * A 10 MB text must get the 422 that names the 4,000-character limit in the user's language, not a bare 413: the
 * body limit of sending is raised just past that size (the text itself is refused by textProblem before anything
 * is stored); beyond it the kernel's 413 applies.
 */
const SEND_BODY_LIMIT = 11 * 1024 * 1024;

export interface Posted {
  conversationId: string;
  senderId: string;
  kind: ChatMessage['kind'];
  body: string;
  fileId?: string;
  mentions?: readonly string[];
  /** A system line: what changed in the group. */
  system?: ChatSystemLine;
  /** Told besides the conversation's members: someone removed, who must see the line that removed them. */
  alsoTell?: readonly string[];
}

/**
 * Stores a message, moves the conversation's activity and the sender's own read receipt, pushes it to every
 * participant and turns @mentions into notices — all in the caller's transaction, so a rollback sends nothing.
 * A member's own messages count against their send allowance (429 past it); the server's system lines do not.
 */
export async function postMessage(kernel: Kernel, trx: Trx, spaceId: string, posted: Posted): Promise<ChatMessage> {
  if (posted.kind !== 'system') await countSend(kernel, trx, spaceId, posted.senderId);
  const members = (await membersOf(trx, [posted.conversationId])).get(posted.conversationId) ?? [];
  const memberIds = members.map((m) => m.id);
  // Only participants can be mentioned: anyone else (another space included) is dropped, not stored.
  const mentions = [...new Set(posted.mentions ?? [])].filter((id) => id !== posted.senderId && memberIds.includes(id)).slice(0, CHAT_LIMITS.mentionsMax);
  const row = await trx
    .insertInto('chat_message')
    .values({
      space_id: spaceId,
      conversation_id: posted.conversationId,
      sender_id: posted.senderId,
      kind: posted.kind,
      body: posted.body,
      file_id: posted.fileId ?? null,
      mentions,
      system: posted.system ? JSON.stringify(posted.system) : null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  await trx.updateTable('chat_conversation').set({ last_message_id: id, last_message_at: row.created_at }).where('id', '=', posted.conversationId).execute();
  await trx.updateTable('chat_member').set({ last_read_id: id }).where('conversation_id', '=', posted.conversationId).where('user_id', '=', posted.senderId).execute();
  const [message] = await readMessages(trx, { ids: [id] });
  await publishTo(kernel, trx, [...memberIds, ...(posted.alsoTell ?? [])], { type: 'chat.message', spaceId, message: message! });
  // The messages app's sender may not be registered (it is optional to chat): then mentions stay in the chat only.
  // A chat member whose place in the space has ended since is no recipient: naming them would refuse the message.
  // One named again in this chat within the window was told already (limits.ts): the chat shows it, no second notice.
  const reachable = mentions.length && kernel.notices.hasSender() ? [...(await spaceMembers(trx, spaceId, mentions))] : [];
  const notified = await mentionsToNotify(kernel, trx, spaceId, posted.conversationId, reachable);
  if (notified.length) {
    await kernel.notices.send(trx, spaceId, {
      recipients: { members: notified },
      category: 'mention',
      sourceApp: 'chat',
      sourceRecord: posted.conversationId,
      title: { key: 'chat.mention.title', params: { name: message!.senderName } },
      body: { key: 'chat.mention.body', params: { text: posted.body.slice(0, 200) } },
      // Opens qChat on this conversation.
      link: { routeId: 'chat.qchat', params: {}, query: { [CHAT_CONVERSATION_QUERY]: posted.conversationId } },
    });
  }
  return message!;
}

export function registerMessageRoutes(app: App, kernel: Kernel): void {
  app.get('/api/chat/conversations/:id/messages', { config: { access: CHAT_ACCESS }, schema: { params: ChatParams, querystring: HistoryQuery } }, async (req) => {
    const user = signedIn(req);
    const limit = req.query.limit ?? CHAT_LIMITS.pageSize;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      // Someone who left reads the history up to the line that recorded it, and nothing after.
      const { left_id: upTo } = await ownConversation(trx, req.params.id, user.userId, { former: true });
      // One more than asked tells whether an older page exists.
      const rows = await readMessages(trx, { conversationId: req.params.id, before: req.query.before, upTo, limit: limit + 1 });
      const more = rows.length > limit;
      const messages = more ? rows.slice(1) : rows;
      return { messages, older: more ? (messages[0]?.id ?? null) : null };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post(
    '/api/chat/conversations/:id/messages',
    { config: { access: CHAT_ACCESS, action: 'chat.message.send' }, bodyLimit: SEND_BODY_LIMIT, schema: { params: ChatParams, body: SendBody } },
    async (req) => {
      const user = signedIn(req);
      const space = currentSpace(req);
      const problem = textProblem(req.body.text);
      if (problem) throw fail.unprocessable(problem.key, problem.params);
      req.ctx.auditTarget = req.params.id;
      const message = await kernel.transact(req, async (trx) => {
        await requireChat(kernel, trx);
        await ownConversation(trx, req.params.id, user.userId);
        return postMessage(kernel, trx, space.id, { conversationId: req.params.id, senderId: user.userId, kind: 'text', body: req.body.text, mentions: req.body.mentions });
      });
      return { code: 200, msg: 'ok', data: message };
    },
  );

  /** Read receipt: moves forward only (an old tab cannot unread what a newer one read), then tells the others. */
  app.post('/api/chat/conversations/:id/read', { config: { access: CHAT_ACCESS, action: 'chat.message.read' }, schema: { params: ChatParams, body: ReadBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const lastReadId = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      const conversation = await ownConversation(trx, req.params.id, user.userId);
      // Never past the newest message: a made-up id cannot mark future messages read.
      const newest = BigInt(conversation.last_message_id ?? 0);
      const wanted = BigInt(req.body.messageId);
      const next = (wanted < newest ? wanted : newest).toString();
      if (BigInt(next) <= BigInt(conversation.last_read_id)) return String(conversation.last_read_id);
      await trx.updateTable('chat_member').set({ last_read_id: next }).where('conversation_id', '=', req.params.id).where('user_id', '=', user.userId).execute();
      const members = (await membersOf(trx, [req.params.id])).get(req.params.id) ?? [];
      await publishTo(kernel, trx, members.map((m) => m.id), { type: 'chat.read', spaceId: space.id, conversationId: req.params.id, userId: user.userId, lastReadId: next });
      return next;
    });
    return { code: 200, msg: 'ok', data: { lastReadId } };
  });

  app.get('/api/chat/search', { config: { access: CHAT_ACCESS }, schema: { querystring: SearchQuery } }, async (req) => {
    const user = signedIn(req);
    const text = req.query.q.trim();
    const messages = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      return text ? readMessages(trx, { search: { text, userId: user.userId }, limit: CHAT_LIMITS.searchMax }) : [];
    });
    return { code: 200, msg: 'ok', data: { messages: messages.reverse() } };
  });
}
