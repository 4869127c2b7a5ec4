import { CHAT_TOKEN_OK, CHAT_TOKEN_PATH, type ChatHistoryPage, type ChatMessage, type ChatSummary } from '../../../shared/chat/chat.ts';
import { WEBCHAT_OFF_MESSAGE } from '../../../shared/org/webchat.ts';
import { splitSpacePrefix } from '../../../shared/routes/match.ts';
import { kernelStorage, type KernelStorage } from '../../kernel/storage.ts';
import { TransportError, apiUrl, type Transport } from '../../kernel/transport.ts';
import { postFiles } from '../../kernel/upload.ts';

const spacePrefix = () => splitSpacePrefix(globalThis.location?.pathname ?? '/').spaceUri;
const base = (chatId: string) => `/api/chat/conversations/${encodeURIComponent(chatId)}`;

/** Where a chat image or file is read (the server checks that the reader takes part in the chat). */
export const chatFileUrl = (chatId: string, fileId: string) => apiUrl('', spacePrefix(), `${base(chatId)}/files/${encodeURIComponent(fileId)}`);

/** A refusal because the space's web chat switch is off (spec §8): the page shows that message, not an error. */
export const isChatOff = (error: unknown) => error instanceof TransportError && error.code === 403 && error.msg === WEBCHAT_OFF_MESSAGE;

/** When a cached token ("<expires ms>.<proof>") stops being good, with a minute to spare for the clock. */
export function tokenFresh(token: string | null, now = Date.now()): token is string {
  const expires = Number(token?.split('.')[0]);
  return Number.isFinite(expires) && expires - 60_000 > now;
}

/**
 * The chat token of spec §3/§7: cached under `rongToken`, asked again when it expires. It proves the session asked
 * for chat and is never a credential on its own (decision 0052). A failure rejects with "the token request failed"
 * (§8), except the switch-off refusal, which keeps its own message.
 */
export async function chatToken(api: Transport, userId: string, failed: string, storage: KernelStorage = kernelStorage): Promise<string> {
  const cached = storage.rongToken();
  if (tokenFresh(cached)) return cached;
  try {
    const answer = (await api.get(CHAT_TOKEN_PATH, { params: { userId } })) as unknown as { status?: string; token?: string };
    if (answer.status !== CHAT_TOKEN_OK || typeof answer.token !== 'string') throw new Error(failed);
    storage.setRongToken(answer.token);
    return answer.token;
  } catch (error) {
    storage.setRongToken(null);
    if (isChatOff(error)) throw error;
    throw new Error(failed);
  }
}

export const chatApi = (api: Transport) => ({
  list: async () => (await api.get<{ conversations: ChatSummary[] }>('/api/chat/conversations')).data.conversations,
  one: async (chatId: string) => (await api.get<ChatSummary>(base(chatId))).data,
  history: async (chatId: string, before?: string | null) => (await api.get<ChatHistoryPage>(`${base(chatId)}/messages`, { params: before ? { before } : {} })).data,
  send: async (chatId: string, text: string, mentions: string[]) => (await api.post<ChatMessage>(`${base(chatId)}/messages`, { text, mentions }, { json: true })).data,
  read: async (chatId: string, messageId: string) => (await api.post<{ lastReadId: string }>(`${base(chatId)}/read`, { messageId }, { json: true })).data,
  search: async (q: string) => (await api.get<{ messages: ChatMessage[] }>('/api/chat/search', { params: { q } })).data.messages,
  direct: async (userId: string) => (await api.post<ChatSummary>('/api/chat/conversations/direct', { userId }, { json: true })).data,
  group: async (name: string, memberIds: string[]) => (await api.post<ChatSummary>('/api/chat/conversations/group', { name, memberIds }, { json: true })).data,
  rename: async (chatId: string, name: string) => (await api.put<ChatSummary>(`${base(chatId)}/name`, { name }, { json: true })).data,
  addMembers: async (chatId: string, memberIds: string[]) => (await api.post<ChatSummary>(`${base(chatId)}/members`, { memberIds }, { json: true })).data,
  removeMember: async (chatId: string, userId: string) => (await api.delete<ChatSummary>(`${base(chatId)}/members/${encodeURIComponent(userId)}`)).data,
  leave: async (chatId: string) => void (await api.post(`${base(chatId)}/leave`, {}, { json: true })),
  upload: (chatId: string, file: File, kind: 'image' | 'file', fallback: string) =>
    postFiles(`${apiUrl('', spacePrefix(), `${base(chatId)}/files`)}?kind=${kind}`, [file], fallback, (data): data is { messages: ChatMessage[] } => Array.isArray((data as { messages?: unknown } | null)?.messages)),
});

export type ChatApi = ReturnType<typeof chatApi>;
