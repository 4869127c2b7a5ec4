import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_STRING_COOKIE, ensureClientString } from './client-string.ts';
import { readCookie } from './storage.ts';

const DAY = 86_400_000;

afterEach(() => {
  document.cookie = `${CLIENT_STRING_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('client_string cookie', () => {
  it('is created once with a random UUID and reused afterwards', () => {
    const first = ensureClientString();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(readCookie(CLIENT_STRING_COOKIE)).toBe(first);
    const generate = vi.fn(() => 'other');
    expect(ensureClientString({ generate })).toBe(first);
    expect(generate).not.toHaveBeenCalled();
  });

  it('lasts about one day', () => {
    // Written as if a day and a minute ago: already expired, so a new id is made.
    ensureClientString({ generate: () => 'old', now: () => Date.now() - DAY - 60_000 });
    expect(readCookie(CLIENT_STRING_COOKIE)).toBeNull();
    // Written as if a day minus a minute ago: still alive.
    ensureClientString({ generate: () => 'young', now: () => Date.now() - DAY + 60_000 });
    expect(readCookie(CLIENT_STRING_COOKIE)).toBe('young');
  });

  it('sets path=/ and SameSite=Lax with an expiry one day ahead', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    const now = Date.UTC(2030, 0, 1);
    ensureClientString({ generate: () => 'id-1', now: () => now });
    expect(set).toHaveBeenCalledWith(`client_string=id-1; path=/; SameSite=Lax; expires=${new Date(now + DAY).toUTCString()}`);
    set.mockRestore();
  });
});
