import { afterEach, describe, expect, it } from 'vitest';
import { createKernelStorage, LOCAL_KEYS, readCookie, SESSION_KEYS, writeCookie } from './storage.ts';

/** A Storage whose every method throws, like Safari's private mode of old or a sandboxed frame. */
const broken = {
  getItem() {
    throw new Error('SecurityError');
  },
  setItem() {
    throw new Error('QuotaExceededError');
  },
  removeItem() {
    throw new Error('SecurityError');
  },
} as unknown as Storage;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of ['a', 'b c', 'qp_csrf']) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('kernel storage (spec §3 keys)', () => {
  it('uses the spec key names and defaults lang to zh-CN', () => {
    const storage = createKernelStorage();
    expect(storage.language()).toBe('zh-CN');
    storage.setLanguage('en');
    expect(localStorage.getItem('lang')).toBe('en');
    storage.setSocketStatus(1);
    expect(localStorage.getItem('socket_status')).toBe('1');
    storage.setSocketStatus(0);
    expect(localStorage.getItem('socket_status')).toBe('0');
    storage.setUserId('u1');
    storage.setRongToken('t1');
    storage.setSkin('lilac');
    expect([localStorage.getItem('userId'), localStorage.getItem('rongToken'), localStorage.getItem('skin')]).toEqual(['u1', 't1', 'lilac']);
    storage.setUserId(null);
    expect(localStorage.getItem(LOCAL_KEYS.userId)).toBeNull();
    storage.setNaked(true);
    expect(sessionStorage.getItem(SESSION_KEYS.naked)).toBe('1');
    expect(localStorage.getItem('__NAKED__')).toBeNull();
  });

  it('ignores unknown or corrupted values', () => {
    localStorage.setItem('lang', 'fr');
    localStorage.setItem('skin', 'neon');
    localStorage.setItem('i18nDict', '{not json');
    const storage = createKernelStorage();
    expect(storage.language()).toBe('zh-CN');
    expect(storage.skin()).toBeNull();
    expect(storage.dictionaries()).toEqual({});
  });

  it('keeps dictionaries per language with their version', () => {
    const storage = createKernelStorage();
    storage.setDictionaries({ en: { 'a.b': 'A' } }, 'v1');
    expect(JSON.parse(localStorage.getItem('i18nDict') ?? '')).toEqual({ en: { 'a.b': 'A' } });
    expect(localStorage.getItem('i18nDictVersion')).toBe('v1');
    expect(storage.dictionaries()).toEqual({ en: { 'a.b': 'A' } });
  });

  it('falls back to memory and never throws when storage is unavailable', () => {
    for (const pick of [() => broken, () => null, () => { throw new Error('denied'); }]) {
      const storage = createKernelStorage({ local: pick, session: pick });
      expect(storage.language()).toBe('zh-CN');
      storage.setLanguage('en');
      expect(storage.language()).toBe('en');
      storage.setDictionaries({ en: { k: 'v' } }, 'v9');
      expect(storage.dictionaryVersion()).toBe('v9');
      storage.setNaked(true);
      expect(storage.naked()).toBe(true);
      storage.setUserId('u');
      expect(storage.userId()).toBe('u');
      storage.setUserId(null);
      expect(storage.userId()).toBeNull();
    }
  });
});

describe('cookies', () => {
  it('writes and reads by name, encoded', () => {
    writeCookie('b c', 'x=y;z');
    writeCookie('a', '1');
    expect(readCookie('b c')).toBe('x=y;z');
    expect(readCookie('a')).toBe('1');
    expect(readCookie('missing')).toBeNull();
  });

  it('honours the lifetime in days', () => {
    writeCookie('a', 'gone', { days: 1, now: () => Date.now() - 86_400_000 - 1000 });
    expect(readCookie('a')).toBeNull();
    writeCookie('a', 'kept', { days: 1, now: () => Date.now() });
    expect(readCookie('a')).toBe('kept');
  });
});
