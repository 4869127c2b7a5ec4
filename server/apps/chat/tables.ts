import type { ColumnType, Generated } from 'kysely';
import type { ChatMessageKind, ChatSystemLine } from '../../../shared/chat/chat.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;

/** migrations/0001_chat.sql. */
export interface ChatConversationTable {
  space_id: string;
  id: Id;
  kind: 'direct' | 'group';
  name: string | null;
  direct_key: string | null;
  source_app: string | null;
  source_record: string | null;
  source_route: string | null;
  source_params: ColumnType<Record<string, string> | null, string | null, string | null>;
  source_title: string | null;
  /** migrations/0002: the query of the record's page (e.g. `{ id }`). */
  source_query: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: Timestamp;
  last_message_id: string | null;
  last_message_at: Date | null;
}

export interface ChatMemberTable {
  space_id: string;
  conversation_id: string;
  user_id: string;
  last_read_id: Generated<string>;
  joined_at: Timestamp;
  /** migrations/0002: the system line that recorded this member leaving; null while they take part. */
  left_id: string | null;
}

export interface ChatFileTable {
  space_id: string;
  id: Id;
  conversation_id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Buffer;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface ChatMessageTable {
  space_id: string;
  id: Id;
  conversation_id: string;
  sender_id: string;
  kind: ChatMessageKind;
  body: Generated<string>;
  file_id: string | null;
  mentions: Generated<string[]>;
  system: ColumnType<ChatSystemLine | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** migrations/0003: a member's send allowance (a token bucket as of `at`). */
export interface ChatSendRateTable {
  space_id: string;
  user_id: string;
  tokens: number;
  at: Date;
}

/** migrations/0003: when a member last got a mention notice from a chat. */
export interface ChatMentionNoticeTable {
  space_id: string;
  conversation_id: string;
  user_id: string;
  notified_at: Date;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    chat_conversation: ChatConversationTable;
    chat_member: ChatMemberTable;
    chat_file: ChatFileTable;
    chat_message: ChatMessageTable;
    chat_send_rate: ChatSendRateTable;
    chat_mention_notice: ChatMentionNoticeTable;
  }
}
