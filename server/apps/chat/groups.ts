import type { FastifyRequest } from 'fastify';
import { NoQuery } from '../../../shared/api/common.ts';
import { AddMembersBody, ChatMemberParams, ChatParams, RenameBody } from '../../../shared/api/chat.ts';
import { CHAT_LIMITS, type ChatChange, type ChatPerson } from '../../../shared/chat/chat.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { postMessage } from './messages.ts';
import { CHAT_ACCESS, membersOf, ownConversation, publishTo, requireChat, spaceMembers, summaries } from './store.ts';

/** Space roles that may remove anyone from a group, besides the group's creator. */
const MANAGERS = ['admin', 'saas'];

/** The caller's group (a direct chat is a fixed pair: it cannot be renamed or changed — 422). */
async function ownGroup(trx: Trx, conversationId: string, userId: string) {
  const conversation = await ownConversation(trx, conversationId, userId);
  if (conversation.kind !== 'group') throw fail.unprocessable('chat.direct.fixed');
  return conversation;
}

async function people(trx: Trx, ids: readonly string[]): Promise<ChatPerson[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((r) => [String(r.id), r.name]));
  return ids.map((id) => ({ id, name: names.get(id) ?? '' }));
}

interface Change {
  conversationId: string;
  actorId: string;
  change: ChatChange;
  targets?: readonly string[];
  name?: string;
  /** Told besides the members: those removed by this change. */
  alsoTell?: readonly string[];
}

/**
 * Records a change as a system line (pushed live like any message) and tells every participant — and anyone the
 * change removed — that the conversation changed, so their lists reload. Returns the line's id.
 */
async function recordChange(kernel: Kernel, trx: Trx, spaceId: string, change: Change): Promise<string> {
  const [actor] = await people(trx, [change.actorId]);
  const line = await postMessage(kernel, trx, spaceId, {
    conversationId: change.conversationId,
    senderId: change.actorId,
    kind: 'system',
    body: '',
    system: { change: change.change, actor: actor!, people: await people(trx, change.targets ?? []), ...(change.name ? { name: change.name } : {}) },
    alsoTell: change.alsoTell,
  });
  const members = (await membersOf(trx, [change.conversationId])).get(change.conversationId) ?? [];
  await publishTo(kernel, trx, [...members.map((m) => m.id), ...(change.alsoTell ?? [])], { type: 'chat.conversation', spaceId, conversationId: change.conversationId });
  return line.id;
}

/** Ends someone's place in a group at the system line that recorded it: their history stops there. */
async function depart(kernel: Kernel, trx: Trx, spaceId: string, conversationId: string, actorId: string, userId: string): Promise<void> {
  const change: ChatChange = actorId === userId ? 'left' : 'removed';
  const lineId = await recordChange(kernel, trx, spaceId, { conversationId, actorId, change, targets: change === 'removed' ? [userId] : [], alsoTell: [userId] });
  await trx.updateTable('chat_member').set({ left_id: lineId }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
}

const answer = async (trx: Trx, userId: string, conversationId: string) => (await summaries(trx, userId, [conversationId]))[0] ?? null;

const isManager = (req: FastifyRequest) => req.ctx.roles.some((role) => MANAGERS.includes(role));

/** Group management (decision 0052): rename, add members, remove members, leave. */
export function registerGroupRoutes(app: App, kernel: Kernel): void {
  app.put('/api/chat/conversations/:id/name', { config: { access: CHAT_ACCESS, action: 'chat.group.rename' }, schema: { params: ChatParams, querystring: NoQuery, body: RenameBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const name = req.body.name.trim();
    if (!name) throw fail.unprocessable('chat.group.nameRequired');
    if (name.length > CHAT_LIMITS.groupNameMax) throw fail.unprocessable('chat.group.nameTooLong', { max: CHAT_LIMITS.groupNameMax });
    req.ctx.auditTarget = req.params.id;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      const group = await ownGroup(trx, req.params.id, user.userId);
      if (group.name === name) return answer(trx, user.userId, req.params.id);
      await trx.updateTable('chat_conversation').set({ name }).where('id', '=', req.params.id).execute();
      await recordChange(kernel, trx, space.id, { conversationId: req.params.id, actorId: user.userId, change: 'renamed', name });
      return answer(trx, user.userId, req.params.id);
    });
    return { code: 200, msg: 'ok', data };
  });

  /** Any member may add people: active members of this space only (anyone else is a 422 and nothing changes). */
  app.post('/api/chat/conversations/:id/members', { config: { access: CHAT_ACCESS, action: 'chat.group.add' }, schema: { params: ChatParams, querystring: NoQuery, body: AddMembersBody } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const wanted = [...new Set(req.body.memberIds)];
    if (wanted.length === 0) throw fail.unprocessable('chat.group.noMembers');
    req.ctx.auditTarget = req.params.id;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      await ownGroup(trx, req.params.id, user.userId);
      const found = await spaceMembers(trx, space.id, wanted);
      if (wanted.some((id) => !found.has(id))) throw fail.unprocessable('chat.notMember');
      const current = new Set(((await membersOf(trx, [req.params.id])).get(req.params.id) ?? []).map((m) => m.id));
      const added = wanted.filter((id) => !current.has(id));
      if (added.length === 0) throw fail.unprocessable('chat.group.alreadyMembers');
      if (current.size + added.length > CHAT_LIMITS.groupMembersMax + 1) throw fail.unprocessable('chat.group.tooMany', { max: CHAT_LIMITS.groupMembersMax });
      // Someone who left comes back as a member again (their row is kept for the history they had).
      await trx
        .insertInto('chat_member')
        .values(added.map((userId) => ({ space_id: space.id, conversation_id: req.params.id, user_id: userId })))
        .onConflict((oc) => oc.columns(['space_id', 'conversation_id', 'user_id']).doUpdateSet({ left_id: null }))
        .execute();
      await recordChange(kernel, trx, space.id, { conversationId: req.params.id, actorId: user.userId, change: 'added', targets: added });
      return answer(trx, user.userId, req.params.id);
    });
    return { code: 200, msg: 'ok', data };
  });

  /** The group's creator or a space admin removes someone; anyone removes themselves (that is leaving). */
  app.delete('/api/chat/conversations/:id/members/:userId', { config: { access: CHAT_ACCESS, action: 'chat.group.remove' }, schema: { params: ChatMemberParams, querystring: NoQuery } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    const target = req.params.userId;
    req.ctx.auditTarget = `${req.params.id}:${target}`;
    const data = await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      const group = await ownGroup(trx, req.params.id, user.userId);
      if (target !== user.userId && String(group.created_by) !== user.userId && !isManager(req)) throw fail.forbidden('chat.group.removeForbidden');
      const members = (await membersOf(trx, [req.params.id])).get(req.params.id) ?? [];
      if (!members.some((m) => m.id === target)) throw fail.unprocessable('chat.group.notInGroup');
      await depart(kernel, trx, space.id, req.params.id, user.userId, target);
      return target === user.userId ? null : answer(trx, user.userId, req.params.id);
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post('/api/chat/conversations/:id/leave', { config: { access: CHAT_ACCESS, action: 'chat.group.leave' }, schema: { params: ChatParams, querystring: NoQuery } }, async (req) => {
    const user = signedIn(req);
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      await requireChat(kernel, trx);
      await ownGroup(trx, req.params.id, user.userId);
      await depart(kernel, trx, space.id, req.params.id, user.userId, user.userId);
    });
    return { code: 200, msg: 'ok', data: null };
  });
}
