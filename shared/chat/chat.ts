/**
 * qChat (spec §2.7, decision 0052): what the chat server answers and pushes, shared by the server, the
 * renderer and the tests. Chat is carried on the platform's own HTTP API and push socket; no third-party provider.
 */
export const CHAT_LIMITS = {
  /** Characters of one text message (the database checks the same). */
  textMax: 4000,
  groupNameMax: 60,
  /** Members of a group besides its creator. */
  groupMembersMax: 200,
  mentionsMax: 50,
  pageSize: 30,
  pageMax: 100,
  searchMax: 50,
  /** Unread counts stop here ("99+"): counting a long unread history exactly buys nothing. */
  unreadCap: 100,
  /** Bytes of one image or file. */
  fileSizeMax: 20 * 1024 * 1024,
  /** Messages a member may send at once, and in every such many seconds after that (decision 0103). */
  sendBurst: 30,
  sendSeconds: 10,
  /** However often a member is mentioned in one chat, one notice per this many seconds. */
  mentionNoticeSeconds: 60,
} as const;

/** GET /api2/chat/token: the answer of spec §7 ("1200" means ok). */
export const CHAT_TOKEN_PATH = '/api2/chat/token';
export const CHAT_TOKEN_OK = '1200';
/** How long a chat token is good for; the renderer renews it before then (token = "<expires ms>.<proof>"). */
export const CHAT_TOKEN_TTL_MS = 30 * 60 * 1000;

export type ChatKind = 'direct' | 'group';
/** `system`: a line the server writes when a group changes (renamed, members added or removed, someone left). */
export type ChatMessageKind = 'text' | 'image' | 'file' | 'system';

/** The query parameter of `chat.qchat` that opens one conversation (links from records and mention notices). */
export const CHAT_CONVERSATION_QUERY = 'conversation';

export type ChatChange = 'renamed' | 'added' | 'removed' | 'left';

/**
 * What a system line records. Names are kept as they were at the change, so the line reads the same later; the
 * renderer words it in the reader's language (`chat.system.<change>`).
 */
export interface ChatSystemLine {
  change: ChatChange;
  actor: ChatPerson;
  /** Who was added or removed (empty for a rename or a leave). */
  people: ChatPerson[];
  /** The group's new name (renamed only). */
  name?: string;
}

/** Where a chat started from a record leads back to: a route of the table with its params. */
export interface ChatSource {
  app: string;
  recordId: string;
  routeId: string;
  params?: Record<string, string>;
  /** The page's query, when it names the record there (forms.detail: `{ id }`). */
  query?: Record<string, string>;
  title?: string;
}

export interface ChatPerson {
  id: string;
  name: string;
}

export interface ChatMemberState extends ChatPerson {
  /** Read receipt: the newest message id this member has read ('0': none). */
  lastReadId: string;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  kind: ChatMessageKind;
  body: string;
  file: { id: string; name: string; mime: string; size: number } | null;
  mentions: string[];
  /** Set on `system` messages only. */
  system: ChatSystemLine | null;
  createdAt: string;
}

export interface ChatSummary {
  id: string;
  kind: ChatKind;
  /** The group's name, or the other member's name for a direct chat. */
  title: string;
  source: ChatSource | null;
  /** Who started it: in a group, they (and the space's admins) may remove members. */
  createdBy: string;
  members: ChatMemberState[];
  lastMessage: ChatMessage | null;
  /** Messages of others after the caller's read receipt, at most CHAT_LIMITS.unreadCap. */
  unread: number;
}

export interface ChatHistoryPage {
  messages: ChatMessage[];
  /** Cursor for older messages (`before`), null at the start of the conversation. */
  older: string | null;
}

/** Pushed over the socket to every participant (only after the transaction commits). */
export type ChatEvent =
  | { type: 'chat.message'; spaceId: string; message: ChatMessage }
  | { type: 'chat.read'; spaceId: string; conversationId: string; userId: string; lastReadId: string }
  /** Created or changed (renamed, members added or removed); also sent to a member removed from it. */
  | { type: 'chat.conversation'; spaceId: string; conversationId: string };

export const isChatEvent = (value: unknown): value is ChatEvent =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type.startsWith('chat.');

/**
 * How many members other than the sender have read a message: the sender's "read by n". Ids are bigints as
 * strings; they are compared as numbers.
 */
export function readBy(message: Pick<ChatMessage, 'id' | 'senderId'>, members: readonly ChatMemberState[]): number {
  const id = BigInt(message.id);
  return members.filter((m) => m.id !== message.senderId && BigInt(m.lastReadId) >= id).length;
}

/** A message text as it may be sent, or the i18n key of why not (the server and the composer check the same). */
export function textProblem(text: string): { key: string; params?: Record<string, number> } | null {
  if (!text.trim()) return { key: 'chat.message.empty' };
  if (text.length > CHAT_LIMITS.textMax) return { key: 'chat.message.tooLong', params: { max: CHAT_LIMITS.textMax, length: text.length } };
  return null;
}
