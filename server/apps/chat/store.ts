import { sql } from 'kysely';
import { CHAT_LIMITS, type ChatEvent, type ChatMemberState, type ChatMessage, type ChatSummary } from '../../../shared/chat/chat.ts';
import { WEBCHAT_OFF_MESSAGE } from '../../../shared/org/webchat.ts';
import { ENTERPRISE_ROLES } from '../../../shared/routes/table/define.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import './tables.ts';
import { activeMembersOf } from '../../kernel/members.ts';

/** Every member of a space chats; root (no space of its own) does not. */
export const CHAT_ACCESS = { roles: ENTERPRISE_ROLES } as const;

/** Every chat call starts here, inside the request's transaction: the space's web chat switch must be on (§8). */
export async function requireChat(kernel: Kernel, trx: Trx): Promise<void> {
  if (!(await kernel.webchat.enabled(trx))) throw fail.forbidden(WEBCHAT_OFF_MESSAGE);
}

/** Which of `ids` are active members of the space (the kernel's one reading of it). */
export const spaceMembers = activeMembersOf;

/**
 * The conversation, if the caller takes part in it; anyone else — a member who left or was removed included — gets
 * the 404 of a conversation that does not exist. `former: true` also finds a conversation the caller has left, with
 * `left_id` where their history ends (reading that history is all they may still do).
 */
export async function ownConversation(trx: Trx, conversationId: string, userId: string, options: { former?: boolean } = {}) {
  let query = trx
    .selectFrom('chat_conversation as c')
    .innerJoin('chat_member as me', (join) => join.onRef('me.conversation_id', '=', 'c.id').onRef('me.space_id', '=', 'c.space_id'))
    .selectAll('c')
    .select(['me.last_read_id', 'me.left_id'])
    .where('c.id', '=', conversationId)
    .where('me.user_id', '=', userId);
  if (!options.former) query = query.where('me.left_id', 'is', null);
  const row = await query.executeTakeFirst();
  if (!row) throw fail.notFound('chat.notFound');
  return row;
}

export async function membersOf(trx: Trx, conversationIds: readonly string[]): Promise<Map<string, ChatMemberState[]>> {
  const byConversation = new Map<string, ChatMemberState[]>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await trx
    .selectFrom('chat_member as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['cm.conversation_id', 'u.id', 'u.name', 'cm.last_read_id'])
    .where('cm.conversation_id', 'in', conversationIds)
    .where('cm.left_id', 'is', null)
    .orderBy('cm.joined_at')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const list = byConversation.get(row.conversation_id) ?? [];
    list.push({ id: String(row.id), name: row.name, lastReadId: String(row.last_read_id) });
    byConversation.set(row.conversation_id, list);
  }
  return byConversation;
}

/** Messages with their sender's name and file, oldest first. */
export async function readMessages(
  trx: Trx,
  where: { ids?: readonly string[]; conversationId?: string; before?: string; upTo?: string | null; limit?: number; search?: { text: string; userId: string } },
): Promise<ChatMessage[]> {
  let query = trx
    .selectFrom('chat_message as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .leftJoin('chat_file as f', (join) => join.onRef('f.id', '=', 'm.file_id').onRef('f.space_id', '=', 'm.space_id'))
    .select(['m.id', 'm.conversation_id', 'm.sender_id', 'u.name as sender_name', 'm.kind', 'm.body', 'm.mentions', 'm.system', 'm.created_at', 'f.id as file_id', 'f.name as file_name', 'f.mime as file_mime', 'f.size as file_size']);
  if (where.ids) query = query.where('m.id', 'in', where.ids.length ? where.ids : ['0']);
  if (where.conversationId) query = query.where('m.conversation_id', '=', where.conversationId);
  if (where.before) query = query.where('m.id', '<', where.before);
  if (where.upTo) query = query.where('m.id', '<=', where.upTo);
  if (where.search) {
    // "Contains", with LIKE's own wildcards in the search taken literally.
    const pattern = `%${where.search.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const mine = trx.selectFrom('chat_member').select('conversation_id').where('user_id', '=', where.search.userId).where('left_id', 'is', null);
    query = query.where(sql<string>`lower(m.body)`, 'like', pattern).where('m.conversation_id', 'in', mine);
  }
  const rows = await query.orderBy('m.id', 'desc').limit(where.limit ?? CHAT_LIMITS.pageMax).execute();
  return rows.reverse().map((r) => ({
    id: String(r.id),
    conversationId: String(r.conversation_id),
    senderId: String(r.sender_id),
    senderName: r.sender_name,
    kind: r.kind,
    body: r.body,
    file: r.file_id ? { id: String(r.file_id), name: r.file_name ?? '', mime: r.file_mime ?? '', size: Number(r.file_size) } : null,
    mentions: (r.mentions ?? []).map(String),
    system: r.system ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

/** The caller's chats, most recently active first, with members, last message and unread count. */
export async function summaries(trx: Trx, userId: string, only?: readonly string[]): Promise<ChatSummary[]> {
  let query = trx
    .selectFrom('chat_member as me')
    .innerJoin('chat_conversation as c', (join) => join.onRef('c.id', '=', 'me.conversation_id').onRef('c.space_id', '=', 'me.space_id'))
    .selectAll('c')
    .select(
      sql<string>`(select count(*) from (select 1 from chat_message m where m.space_id = me.space_id and m.conversation_id = me.conversation_id
        and m.id > me.last_read_id and m.sender_id <> me.user_id limit ${CHAT_LIMITS.unreadCap}) capped)`.as('unread'),
    )
    .where('me.user_id', '=', userId)
    .where('me.left_id', 'is', null);
  if (only) query = query.where('c.id', 'in', only.length ? only : ['0']);
  const rows = await query.orderBy(sql`coalesce(c.last_message_id, 0)`, 'desc').orderBy('c.id', 'desc').limit(500).execute();
  const ids = rows.map((r) => String(r.id));
  const members = await membersOf(trx, ids);
  const last = new Map((await readMessages(trx, { ids: rows.flatMap((r) => (r.last_message_id ? [String(r.last_message_id)] : [])) })).map((m) => [m.conversationId, m]));
  return rows.map((r) => {
    const people = members.get(String(r.id)) ?? [];
    const other = people.find((p) => p.id !== userId);
    return {
      id: String(r.id),
      kind: r.kind,
      title: r.kind === 'group' ? (r.name ?? '') : (other?.name ?? people[0]?.name ?? ''),
      source: r.source_app && r.source_record && r.source_route
        ? {
            app: r.source_app,
            recordId: r.source_record,
            routeId: r.source_route,
            params: r.source_params ?? {},
            ...(r.source_query ? { query: r.source_query } : {}),
            ...(r.source_title ? { title: r.source_title } : {}),
          }
        : null,
      createdBy: String(r.created_by),
      members: people,
      lastMessage: last.get(String(r.id)) ?? null,
      unread: Number(r.unread),
    };
  });
}

/** Pushes an event to every participant's sockets; with the transaction, it leaves only if that commits. */
export async function publishTo(kernel: Kernel, trx: Trx, userIds: Iterable<string>, event: ChatEvent): Promise<void> {
  for (const userId of new Set(userIds)) await kernel.push.publish({ userId }, event, trx);
}
