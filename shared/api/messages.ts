import { Type } from '@sinclair/typebox';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, type MessageCategory, type MessageChannel, type MessagePriority } from '../messages/notify.ts';
import { Lang, Strict } from './common.ts';

/**
 * The message centre's API (issue 13), shared by the server (schemas) and the renderer (types). Every call acts on
 * the signed-in member's own messages in the request's space.
 *
 * - GET    /api/messages?category&app&from&to&unread&cursor → { items: MessageItem[], next: string | null } (keyset, newest first)
 * - GET    /api/messages/unread → UnreadCounts
 * - POST   /api/messages/read { ids } · POST /api/messages/unread { ids } · POST /api/messages/read-all { category? }
 * - POST   /api/messages/delete { ids } (batch delete; one id is a batch of one)
 * - GET    /api/messages/subscriptions → Subscriptions · PUT /api/messages/subscriptions SubscriptionChange
 * - admin: GET/PUT /api/messages/subscription-defaults; GET /api/messages/deliveries?state (channel failures), POST …/{id}/retry
 *
 * Socket events (the kernel push): `{ type: 'messages.new', item: MessageItem }` and `{ type: 'messages.unread', counts: UnreadCounts }`.
 */
export interface MessageItem {
  id: string;
  category: MessageCategory;
  sourceApp: string;
  sourceRecord: string | null;
  /** Rendered in the reader's language. */
  title: string;
  body: string;
  /** A path of the route table in the reader's space, or null. */
  href: string | null;
  priority: MessagePriority;
  createdAt: string;
  readAt: string | null;
}

export interface UnreadCounts {
  total: number;
  byCategory: Record<MessageCategory, number>;
}

export interface SubscriptionRow {
  category: MessageCategory;
  /** Null: the category as a whole; an app id: that application's messages of the category. */
  app: string | null;
  channel: MessageChannel;
  enabled: boolean;
  /** The member may not change it (the admin's default is fixed, or in-app to-dos). */
  locked: boolean;
}

export interface Subscriptions {
  rows: SubscriptionRow[];
}

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Category = Type.Union(MESSAGE_CATEGORIES.map((c) => Type.Literal(c)));
const Channel = Type.Union(MESSAGE_CHANNELS.map((c) => Type.Literal(c)));

export const MessageListQuery = Strict({
  lang: Lang,
  category: Type.Optional(Category),
  app: Type.Optional(Type.String({ maxLength: 40 })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  unread: Type.Optional(Type.Boolean()),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const MessageIdsBody = Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) });
export const ReadAllBody = Strict({ category: Type.Optional(Category) });
export const SubscriptionChange = Strict({ category: Category, app: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])), channel: Channel, enabled: Type.Boolean() });
