import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, readBy, textProblem } from './chat.ts';

describe('chat contract', () => {
  it('refuses an empty or too long text with the key the user reads', () => {
    expect(textProblem('  \n ')?.key).toBe('chat.message.empty');
    expect(textProblem('x'.repeat(CHAT_LIMITS.textMax + 1))).toEqual({ key: 'chat.message.tooLong', params: { max: CHAT_LIMITS.textMax, length: CHAT_LIMITS.textMax + 1 } });
    expect(textProblem('x'.repeat(CHAT_LIMITS.textMax))).toBeNull();
  });

  it('counts the readers of a message other than its sender, comparing ids as numbers', () => {
    const members = [
      { id: '1', name: 'A', lastReadId: '100' },
      { id: '2', name: 'B', lastReadId: '99' },
      { id: '3', name: 'C', lastReadId: '1000' },
    ];
    expect(readBy({ id: '100', senderId: '1' }, members)).toBe(1);
    expect(readBy({ id: '99', senderId: '1' }, members)).toBe(2);
  });
});
