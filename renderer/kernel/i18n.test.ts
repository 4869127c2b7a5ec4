import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, loadDictionary, LOCALE_COOKIE, setLanguage, translatorFor, type FetchLike } from './i18n.ts';
import { createKernelStorage, readCookie } from './storage.ts';

function answer(language: string, version: string, dictionary: Record<string, string>): Response {
  return new Response(JSON.stringify({ code: 200, data: { version, [language]: dictionary } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that records its calls and answers from `reply`. */
function fakeFetch(reply: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input, 'http://localhost');
    calls.push({ url, init });
    return reply(url, init);
  };
  return { fetch, calls };
}

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

afterEach(() => {
  localStorage.clear();
  document.cookie = `${LOCALE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('loadDictionary', () => {
  it('GETs {base}{space}/napi/lang/json?lang= with Accept-Language and stores dictionary and version', async () => {
    const storage = createKernelStorage();
    const { fetch, calls } = fakeFetch((url) => answer(url.searchParams.get('lang') ?? '', 'v1', { k: `k-${url.searchParams.get('lang')}` }));
    const loaded = await loadDictionary({ language: 'en', base: '/sub/', spacePrefix: '/space-abc', fetch, storage });
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`).sort()).toEqual([
      '/sub/space-abc/napi/lang/json?lang=en',
      '/sub/space-abc/napi/lang/json?lang=zh-CN',
    ]);
    const enCall = calls.find((c) => c.url.search === '?lang=en');
    expect(new Headers(enCall?.init.headers).get('Accept-Language')).toBe('en');
    expect(loaded.dictionaries).toEqual({ en: { k: 'k-en' }, 'zh-CN': { k: 'k-zh-CN' } });
    expect(storage.dictionaryVersion()).toBe('v1');
    expect(JSON.parse(localStorage.getItem('i18nDict') ?? '{}')).toEqual({ en: { k: 'k-en' }, 'zh-CN': { k: 'k-zh-CN' } });
  });

  it('sends no request at all when the known version equals the stored one', async () => {
    const storage = createKernelStorage();
    storage.setDictionaries({ 'zh-CN': { k: '旧' }, en: { k: 'old' } }, 'v1');
    const { fetch, calls } = fakeFetch(() => answer('en', 'v2', {}));
    const loaded = await loadDictionary({ language: 'en', knownVersion: 'v1', fetch, storage });
    expect(calls).toHaveLength(0);
    expect(loaded.dictionaries.en).toEqual({ k: 'old' });
  });

  it('fetches again and replaces storage when the version differs', async () => {
    const storage = createKernelStorage();
    storage.setDictionaries({ 'zh-CN': { k: '旧' }, en: { k: 'old' } }, 'v1');
    const { fetch, calls } = fakeFetch(() => answer('zh-CN', 'v2', { k: '新' }));
    const loaded = await loadDictionary({ language: 'zh-CN', knownVersion: 'v2', fetch, storage });
    expect(calls).toHaveLength(1);
    expect(loaded.dictionaries['zh-CN']).toEqual({ k: '新' });
    expect(storage.dictionaryVersion()).toBe('v2');
    // The en entry belonged to v1: dropped rather than served as if current.
    expect(storage.dictionaries()).toEqual({ 'zh-CN': { k: '新' } });
  });

  it('with the same version fetches only a language not stored yet', async () => {
    const storage = createKernelStorage();
    storage.setDictionaries({ 'zh-CN': { k: '中' } }, 'v1');
    const { fetch, calls } = fakeFetch(() => answer('en', 'v1', { k: 'en' }));
    await loadDictionary({ language: 'en', knownVersion: 'v1', fetch, storage });
    expect(calls.map((c) => c.url.search)).toEqual(['?lang=en']);
    expect(storage.dictionaries()).toEqual({ 'zh-CN': { k: '中' }, en: { k: 'en' } });
  });

  it('retries 5 times with 350 ms doubling, then gives up silently with the stored dictionary', async () => {
    const storage = createKernelStorage();
    storage.setDictionaries({ 'zh-CN': { k: '存' } }, 'v1');
    const { delays, sleep } = recordingSleep();
    const { fetch, calls } = fakeFetch(() => new Response('down', { status: 502 }));
    const loaded = await loadDictionary({ language: 'zh-CN', knownVersion: 'v2', fetch, sleep, storage });
    expect(delays).toEqual([350, 700, 1400, 2800, 5600]);
    expect(calls).toHaveLength(6);
    expect(loaded.dictionaries['zh-CN']).toEqual({ k: '存' });
    expect(storage.dictionaryVersion()).toBe('v1');
  });

  it('uses an empty dictionary when nothing is stored and every attempt fails (thrown or malformed)', async () => {
    const { delays, sleep } = recordingSleep();
    let n = 0;
    const { fetch } = fakeFetch(() => {
      n += 1;
      if (n % 2) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 500 }), { status: 200 });
    });
    const loaded = await loadDictionary({ language: 'zh-CN', fetch, sleep, storage: createKernelStorage() });
    expect(loaded.dictionaries).toEqual({ 'zh-CN': {} });
    expect(delays).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('stops retrying at the first success', async () => {
    const { delays, sleep } = recordingSleep();
    let n = 0;
    const { fetch } = fakeFetch(() => (++n < 3 ? new Response('', { status: 503 }) : answer('zh-CN', 'v3', { k: 'ok' })));
    const loaded = await loadDictionary({ language: 'zh-CN', fetch, sleep, storage: createKernelStorage() });
    expect(delays).toEqual([350, 700]);
    expect(loaded.dictionaries['zh-CN']).toEqual({ k: 'ok' });
  });
});

describe('createI18n', () => {
  const dictionaries = {
    'zh-CN': { greet: '你好，<%name%>', onlyZh: '只有中文' },
    en: { greet: 'Hello, <% name %>!', html: '<b><%x%></b>' },
  };

  it('fills <% name %> placeholders and does not escape (React does)', () => {
    const i18n = createI18n({ language: 'en', dictionaries, react: false });
    expect(i18n.t('greet', { name: 'Ann' })).toBe('Hello, Ann!');
    expect(i18n.t('html', { x: '<i>' })).toBe('<b><i></b>');
    expect(createI18n({ language: 'zh-CN', dictionaries, react: false }).t('greet', { name: '安' })).toBe('你好，安');
  });

  it('falls back to zh-CN for a key missing in en', () => {
    const i18n = createI18n({ language: 'en', dictionaries, react: false });
    expect(i18n.t('onlyZh')).toBe('只有中文');
    expect(i18n.options.fallbackLng).toEqual(['zh-CN']);
  });

  it('works as a react-i18next instance', () => {
    const i18n = createI18n({ language: 'en', dictionaries });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.modules.external.some((m) => m.type === '3rdParty')).toBe(true);
  });

  it('gives the transport a translator that answers null for unknown keys', () => {
    const translate = translatorFor(createI18n({ language: 'en', dictionaries, react: false }));
    expect(translate('greet', { name: 'Bo' })).toBe('Hello, Bo!');
    expect(translate('onlyZh')).toBe('只有中文');
    expect(translate('nope.key')).toBeNull();
  });
});

describe('setLanguage', () => {
  it('stores lang, writes the locale cookie, then reloads', () => {
    const storage = createKernelStorage();
    const reload = vi.fn(() => {
      expect(localStorage.getItem('lang')).toBe('en');
      expect(readCookie(LOCALE_COOKIE)).toBe('en');
    });
    setLanguage('en', { storage, reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.language()).toBe('en');
  });
});
