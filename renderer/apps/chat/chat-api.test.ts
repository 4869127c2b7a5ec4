import { describe, expect, it } from 'vitest';
import { tokenFresh } from './chat-api.ts';

describe('the cached chat token (rongToken)', () => {
  it('is used until a minute before its expiry, then asked again', () => {
    const now = 1_000_000;
    expect(tokenFresh(`${now + 120_000}.proof`, now)).toBe(true);
    expect(tokenFresh(`${now + 30_000}.proof`, now)).toBe(false);
    expect(tokenFresh(null, now)).toBe(false);
    expect(tokenFresh('garbage', now)).toBe(false);
  });
});
