import type { ChatHistoryPage, ChatMessage } from '../../../shared/chat/chat.ts';

/** Message ids are the database's growing bigint ids, sent as text: their order is the conversation's order. */
const compare = (a: ChatMessage, b: ChatMessage) => {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Puts arrived messages into the history once each, in order. The same message can come twice (the socket and the
 * sender's own answer, or the socket and a catch-up read), and a catch-up read can finish after a later push.
 */
export function mergeMessages(old: readonly ChatMessage[], arrived: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(old.map((m) => m.id));
  const fresh = arrived.filter((m) => !known.has(m.id) && (known.add(m.id), true));
  if (fresh.length === 0) return old as ChatMessage[];
  return [...old, ...fresh].sort(compare);
}

/** How many history pages a catch-up reads before it gives up on joining what is shown (about 300 messages). */
export const CATCH_UP_PAGES = 10;

export type CatchUp =
  /** Everything after the newest shown message, oldest first (possibly nothing). */
  | { kind: 'joined'; messages: ChatMessage[] }
  /** More was missed than a catch-up reads: the newest pages replace the history, with their own cursor. */
  | { kind: 'replaced'; messages: ChatMessage[]; older: string | null };

/**
 * What a conversation missed while its push socket was down (decision 0110): the history read newest first, page by
 * page, back to the newest message it shows (`since`). The history API pages backwards only, so this reads pages
 * until one reaches `since`; almost always the first.
 */
export async function catchUp(history: (before?: string | null) => Promise<ChatHistoryPage>, since: string, pages = CATCH_UP_PAGES): Promise<CatchUp> {
  const after = BigInt(since);
  let read: ChatMessage[] = [];
  let older: string | null = null;
  for (let n = 0; n < pages; n += 1) {
    const page = await history(n === 0 ? null : older);
    read = [...page.messages, ...read];
    older = page.older;
    const oldest = read[0];
    if (!older || !oldest || BigInt(oldest.id) <= after) return { kind: 'joined', messages: read.filter((m) => BigInt(m.id) > after) };
  }
  return { kind: 'replaced', messages: read, older };
}
