import type { ColumnType } from 'kysely';
import type { MessageCategory, MessageChannel, MessagePriority } from '../../../shared/messages/notify.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string | undefined, T | string>;
type Params = Record<string, string | number>;

/** One recipient's copy of a notice (migration messages 0001). */
export interface MessagesMessageTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  user_id: string;
  category: MessageCategory;
  source_app: string;
  source_record: string | null;
  title_key: string;
  title_params: Json<Params>;
  body_key: string | null;
  body_params: Json<Params>;
  link_route: string | null;
  link_params: Json<Record<string, string>>;
  /** migration 0002: the link's query (`?name=value`). */
  link_query: Json<Record<string, string>>;
  priority: ColumnType<MessagePriority, MessagePriority | undefined, MessagePriority>;
  shown: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type DeliveryState = 'pending' | 'done' | 'failed';

export interface MessagesOutboxTable {
  space_id: string;
  id: ColumnType<string, never, never>;
  message_id: string;
  user_id: string;
  channel: MessageChannel;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: Timestamp;
  /** migration 0004: raised with each try scheduled; a delivery job acts only in its own round. */
  round: ColumnType<number, number | undefined, number>;
  mail_id: string | null;
  sending_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error_key: string | null;
  error_params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  done_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface MessagesSubscriptionTable {
  space_id: string;
  user_id: string;
  category: string;
  app: string;
  channel: MessageChannel;
  enabled: boolean;
}

export interface MessagesSubscriptionDefaultTable {
  space_id: string;
  category: string;
  app: string;
  channel: MessageChannel;
  enabled: boolean;
  locked: boolean;
}

export interface MessagesMemberLanguageTable {
  space_id: string;
  user_id: string;
  language: string;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    messages_message: MessagesMessageTable;
    messages_outbox: MessagesOutboxTable;
    messages_subscription: MessagesSubscriptionTable;
    messages_subscription_default: MessagesSubscriptionDefaultTable;
    messages_member_language: MessagesMemberLanguageTable;
  }
}
