import { describe, expect, it } from 'vitest';
import type { ChatHistoryPage, ChatMessage } from '../../../shared/chat/chat.ts';
import { catchUp, mergeMessages } from './catch-up.ts';

const message = (id: number): ChatMessage => ({
  id: String(id),
  conversationId: '5',
  senderId: '1',
  senderName: 'X',
  kind: 'text',
  body: `m${id}`,
  file: null,
  mentions: [],
  system: null,
  createdAt: '2026-03-01T08:00:00.000Z',
});
const ids = (list: readonly ChatMessage[]) => list.map((m) => Number(m.id));

/** A conversation of messages 1…`newest` behind the real API's keyset pages (newest first, `older` the cursor). */
function server(newest: number, pageSize = 3) {
  const asked: Array<string | null> = [];
  const history = async (before?: string | null): Promise<ChatHistoryPage> => {
    asked.push(before ?? null);
    const top = before ? Number(before) - 1 : newest;
    const from = Math.max(1, top - pageSize + 1);
    const messages = Array.from({ length: top - from + 1 }, (_, i) => message(from + i));
    return { messages, older: from > 1 ? String(from) : null };
  };
  return { history, asked };
}

describe('mergeMessages', () => {
  it('keeps each message once and in order, whichever way they arrive', () => {
    const shown = [message(1), message(2), message(4)];
    expect(ids(mergeMessages(shown, [message(4), message(3), message(5), message(5)]))).toEqual([1, 2, 3, 4, 5]);
    // Ids are compared as numbers beyond 2^53, not as text.
    const big = (tail: string) => ({ ...message(0), id: `90071992547409${tail}` });
    expect(mergeMessages([big('93')], [big('100'), big('99')]).map((m) => m.id)).toEqual(['9007199254740993', '9007199254740999', '90071992547409100']);
  });

  it('hands back the same list when nothing is new, so the view does not redraw', () => {
    const shown = [message(1), message(2)];
    expect(mergeMessages(shown, [message(2)])).toBe(shown);
  });
});

describe('catchUp', () => {
  it('reads one page when the missed messages fit on it, and returns only those', async () => {
    const { history, asked } = server(12);
    expect(await catchUp(history, '10')).toEqual({ kind: 'joined', messages: [message(11), message(12)] });
    expect(asked).toEqual([null]);
  });

  it('reads older pages back to the newest shown message when more was missed', async () => {
    const { history, asked } = server(12);
    const caught = await catchUp(history, '4');
    expect(caught.kind).toBe('joined');
    expect(ids(caught.messages)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(asked).toEqual([null, '10', '7']);
  });

  it('returns nothing when nothing was missed, and everything for a conversation that showed none', async () => {
    expect(await catchUp(server(6).history, '6')).toEqual({ kind: 'joined', messages: [] });
    expect(ids((await catchUp(server(5).history, '0')).messages)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives up joining after its page budget: the newest pages replace the history, with their cursor', async () => {
    const { history, asked } = server(40);
    expect(await catchUp(history, '2', 2)).toEqual({ kind: 'replaced', messages: [35, 36, 37, 38, 39, 40].map(message), older: '35' });
    expect(asked).toEqual([null, '38']);
  });
});
