import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

/** Request shapes of the chat API (decision 0052). Values beyond shape (empty text, members of the space) are 422s. */
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });

export const ChatTokenQuery = Strict({ userId: Type.String({ maxLength: 40 }), lang: Lang });

export const ChatSourceBody = Strict({
  app: Type.String({ minLength: 1, maxLength: 40 }),
  recordId: Type.String({ minLength: 1, maxLength: 64 }),
  routeId: Type.String({ minLength: 1, maxLength: 80 }),
  params: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 200 }), { maxProperties: 6 })),
  query: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), Type.String({ maxLength: 200 }), { maxProperties: 4, additionalProperties: false })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
});

export const DirectChatBody = Strict({ userId: Id, source: Type.Optional(ChatSourceBody) });

/** Members besides the creator; the name is checked (trimmed, not empty) by the handler. */
export const GroupChatBody = Strict({
  name: Type.String({ maxLength: 200 }),
  memberIds: Type.Array(Id, { maxItems: 500 }),
  source: Type.Optional(ChatSourceBody),
});

export const ChatParams = Strict({ id: Id });
export const ChatMemberParams = Strict({ id: Id, userId: Id });

/** Group management (decision 0052): the name is trimmed and checked by the handler, the members against the space. */
export const RenameBody = Strict({ name: Type.String({ maxLength: 200 }) });
export const AddMembersBody = Strict({ memberIds: Type.Array(Id, { maxItems: 500 }) });
export const ChatFileParams = Strict({ id: Id, fileId: Id });

/**
 * A text message. The text has no schema limit on purpose: a too long one is a 422 naming the limit in the user's
 * language (textProblem), not a bare validation 400; the route's body limit bounds what is parsed.
 */
export const SendBody = Strict({
  text: Type.String(),
  mentions: Type.Optional(Type.Array(Id, { maxItems: 200 })),
});

export const HistoryQuery = Strict({
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  lang: Lang,
});

export const ReadBody = Strict({ messageId: Id });

export const SearchQuery = Strict({ q: Type.String({ maxLength: 100 }), lang: Lang });
