import { Type } from '@sinclair/typebox';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, type MessageCategory, type MessageChannel, type MessagePriority } from '../messages/notify.ts';
import { Lang, Strict } from './common.ts';

/**
 * The message centre's API, shared by the server (schemas) and the renderer (types). Every call acts on
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

/*
 * Added for the server side: the admin's calls, and the bodies the server checks itself so that an unknown
 * category or channel is a 422 naming it (decision 0051) rather than a generic schema 400. `SubscriptionChange`
 * above stays the renderer's type; these accept the same shape with looser strings.
 *
 * - GET  /api/messages/subscription-defaults → SubscriptionDefaults · PUT SubscriptionDefaultChangeBody
 * - GET  /api/messages/deliveries?state&cursor → { items: DeliveryItem[], next } · POST /api/messages/deliveries/{id}/retry
 * - POST /api/messages/notices NoticeBody → { recipients } (the administrator's announcement, category `notice`)
 *
 * Socket events also carry `spaceId` (a member's sockets may be bound in another of their spaces).
 */
export interface MessagesNewEvent {
  type: 'messages.new';
  spaceId: string;
  item: MessageItem;
}
export interface MessagesUnreadEvent {
  type: 'messages.unread';
  spaceId: string;
  counts: UnreadCounts;
}
/** The desktop tray's event: the desktop main process shows `title`/`text` and opens `url` (electron main-push). */
export interface MessagesDesktopEvent {
  type: 'messages.desktop';
  spaceId: string;
  id: string;
  category: MessageCategory;
  title: string;
  text: string;
  url?: string;
}

export interface SubscriptionDefaultRow {
  category: MessageCategory;
  app: string | null;
  channel: MessageChannel;
  enabled: boolean;
  /** Members may not change it. */
  locked: boolean;
}
export interface SubscriptionDefaults {
  rows: SubscriptionDefaultRow[];
}

export type DeliveryShownState = 'pending' | 'retrying' | 'done' | 'failed';
export interface DeliveryItem {
  id: string;
  messageId: string;
  userId: string;
  userName: string;
  channel: MessageChannel;
  category: MessageCategory;
  title: string;
  /** `retrying`: the last attempt failed and another is due at `nextAt`; `failed`: given up (retry by hand). */
  state: DeliveryShownState;
  attempts: number;
  nextAt: string | null;
  /** The last failure in the reader's language, e.g. "no mail server is configured". */
  error: string | null;
  createdAt: string;
  doneAt: string | null;
}

const Name = Type.String({ minLength: 1, maxLength: 40 });
const NullableApp = Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()]));
export const SubscriptionChangeBody = Strict({ category: Name, app: NullableApp, channel: Name, enabled: Type.Boolean() });
export const SubscriptionDefaultChangeBody = Strict({ category: Name, app: NullableApp, channel: Name, enabled: Type.Boolean(), locked: Type.Boolean() });
/**
 * `failed`: every delivery whose last attempt failed (retrying or given up); `retrying` and `gaveUp` split it.
 * Filtered by the server, so "load more" continues the filtered list.
 */
export const DeliveryListQuery = Strict({
  lang: Lang,
  state: Type.Optional(Type.Union(['pending', 'failed', 'retrying', 'gaveUp', 'done'].map((s) => Type.Literal(s)))),
  channel: Type.Optional(Type.Union(MESSAGE_CHANNELS.map((c) => Type.Literal(c)))),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
});
export const DeliveryIdParam = Strict({ id: Id });

const Ids = Type.Array(Id, { maxItems: 500, uniqueItems: true });
/** Title and body are the administrator's own words (shown as written in every language). */
export const NoticeBody = Strict({
  title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  body: Type.Optional(Type.String({ maxLength: 5000 })),
  members: Type.Optional(Ids),
  departments: Type.Optional(Ids),
  roles: Type.Optional(Ids),
  roleGroups: Type.Optional(Ids),
  userGroups: Type.Optional(Ids),
  priority: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')])),
});
