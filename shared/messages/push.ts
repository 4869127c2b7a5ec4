import type { MessageItem, UnreadCounts } from '../api/messages.ts';
import { MESSAGE_CATEGORIES, type MessageCategory } from './notify.ts';

/** `spaceId`: the space the event belongs to (a member's sockets may be bound while they work in another space). */
export type MessagePush = { type: 'messages.new'; spaceId: string | null; item: MessageItem } | { type: 'messages.unread'; spaceId: string | null; counts: UnreadCounts };

const isCategory = (value: unknown): value is MessageCategory => (MESSAGE_CATEGORIES as readonly unknown[]).includes(value);

/**
 * The two socket events of the message centre, checked before use: the push socket carries every app's events
 * (and, on desktop, whatever the main process forwards), so anything malformed is ignored rather than drawn.
 */
export function parsePush(message: unknown): MessagePush | null {
  if (!message || typeof message !== 'object') return null;
  const { type, item, counts, spaceId: space } = message as { type?: unknown; item?: Partial<MessageItem>; counts?: Partial<UnreadCounts>; spaceId?: unknown };
  const spaceId = typeof space === 'string' ? space : null;
  if (type === 'messages.new' && item && typeof item.id === 'string' && isCategory(item.category) && typeof item.title === 'string') {
    return { type, spaceId, item: item as MessageItem };
  }
  if (type === 'messages.unread' && counts && typeof counts.total === 'number' && counts.byCategory && typeof counts.byCategory === 'object') {
    return { type, spaceId, counts: counts as UnreadCounts };
  }
  return null;
}
