import type { DeliveryItem, MessageItem, SubscriptionDefaultRow, SubscriptionDefaults, Subscriptions, UnreadCounts } from '../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, MESSAGE_PRIORITIES, type MessageCategory, type MessageChannel, type NoticeRecipients } from '../../../shared/messages/notify.ts';
import type { Transport } from '../../kernel/transport.ts';
import { failureQuery, type FailureFilter } from './push-model.ts';

/** The calls of shared/api/messages.ts, typed, so pages never spell a path or a body twice. */

export interface MessagePage {
  items: MessageItem[];
  next: string | null;
}

/** What the list asks for; every field optional (absent means "any"). */
export interface MessageFilter {
  category?: MessageCategory;
  app?: string;
  /** ISO instants, inclusive bounds. */
  from?: string;
  to?: string;
  unread?: boolean;
}

/** POST /api/messages/notices (NoticeBody): the administrator's announcement, in their own words. */
export interface NoticeDraft {
  recipients: NoticeRecipients;
  title: string;
  body: string;
  priority: (typeof MESSAGE_PRIORITIES)[number];
}

/** GET /api/messages/deliveries: newest first, keyset by id. */
export interface DeliveryPage {
  items: DeliveryItem[];
  next: string | null;
}

export const PAGE_SIZE = 20;

export function messagesApi(api: Transport) {
  const ids = (list: readonly string[]) => ({ ids: [...list] });
  return {
    list: async (filter: MessageFilter, cursor: string | null): Promise<MessagePage> => {
      const params: Record<string, string | number | boolean> = { limit: PAGE_SIZE };
      for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '' && value !== false) params[key] = value as string | boolean;
      if (cursor) params.cursor = cursor;
      return (await api.get<MessagePage>('/api/messages', { params })).data;
    },
    unread: async (): Promise<UnreadCounts> => (await api.get<UnreadCounts>('/api/messages/unread')).data,
    markRead: (list: readonly string[]) => api.post('/api/messages/read', ids(list), { json: true }),
    markUnread: (list: readonly string[]) => api.post('/api/messages/unread', ids(list), { json: true }),
    readAll: (category: MessageCategory | null) => api.post('/api/messages/read-all', category ? { category } : {}, { json: true }),
    remove: (list: readonly string[]) => api.post('/api/messages/delete', ids(list), { json: true }),
    subscriptions: async (): Promise<Subscriptions> => (await api.get<Subscriptions>('/api/messages/subscriptions')).data,
    subscribe: (change: { category: MessageCategory; app: string | null; channel: MessageChannel; enabled: boolean }) =>
      api.put('/api/messages/subscriptions', change, { json: true }),
    // NoticeBody carries the recipient lists beside the title; an empty body is left out.
    sendNotice: ({ recipients, title, body, priority }: NoticeDraft) =>
      api.post<{ recipients: number }>('/api/messages/notices', { ...recipients, title, ...(body ? { body } : {}), priority }, { json: true }),
    // The administrator's push settings (system/push): the space's defaults, one cell per call, and failed deliveries.
    defaults: async (): Promise<SubscriptionDefaults> => (await api.get<SubscriptionDefaults>('/api/messages/subscription-defaults')).data,
    saveDefault: async ({ category, app, channel, enabled, locked }: SubscriptionDefaultRow): Promise<SubscriptionDefaults> =>
      (await api.put<SubscriptionDefaults>('/api/messages/subscription-defaults', { category, app, channel, enabled, locked }, { json: true })).data,
    failures: async (cursor: string | null, filter: FailureFilter = { state: 'all', channel: 'all' }): Promise<DeliveryPage> =>
      (await api.get<DeliveryPage>('/api/messages/deliveries', { params: failureQuery(cursor, filter) })).data,
    retryDelivery: (id: string) => api.post(`/api/messages/deliveries/${encodeURIComponent(id)}/retry`, {}, { json: true }),
  };
}

/** Counts with every category present (a server may leave out the zeros). */
export function fullCounts(counts: UnreadCounts | null): UnreadCounts {
  const byCategory = Object.fromEntries(MESSAGE_CATEGORIES.map((c) => [c, Number(counts?.byCategory?.[c] ?? 0)])) as Record<MessageCategory, number>;
  return { total: Number(counts?.total ?? 0), byCategory };
}
