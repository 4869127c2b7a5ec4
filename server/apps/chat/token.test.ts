import { describe, expect, it } from 'vitest';
import { chatToken, chatTokenValid } from './token.ts';

const holder = { sessionId: 'session-hash', userId: '7', spaceId: 'acme' };

describe('the chat token', () => {
  it('holds only for the session, user and space it was issued to, until it expires', () => {
    const now = Date.now();
    const token = chatToken(holder, now);
    expect(chatTokenValid(holder, token, now + 1000)).toBe(true);
    expect(chatTokenValid({ ...holder, sessionId: 'other' }, token, now)).toBe(false);
    expect(chatTokenValid({ ...holder, userId: '8' }, token, now)).toBe(false);
    expect(chatTokenValid({ ...holder, spaceId: 'nova' }, token, now)).toBe(false);
    expect(chatTokenValid(holder, token, now + 31 * 60 * 1000)).toBe(false);
    expect(chatTokenValid(holder, `${now + 99_999_999}.${token.split('.')[1]}`, now)).toBe(false);
  });
});
