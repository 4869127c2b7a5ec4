import type { SocketStatus } from '../../shared/bridge.ts';
import { SKINS } from '../../shared/constants.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Dictionary, type Language } from '../../shared/i18n/index.ts';

/** The browser storage keys of spec §3 (names are part of the contract with older clients: keep them). */
export const LOCAL_KEYS = {
  lang: 'lang',
  i18nDict: 'i18nDict',
  i18nDictVersion: 'i18nDictVersion',
  socketStatus: 'socket_status',
  userId: 'userId',
  rongToken: 'rongToken',
  skin: 'skin',
} as const;
export const SESSION_KEYS = { naked: '__NAKED__' } as const;

export type Skin = (typeof SKINS)[number];
/** Stored dictionaries: one entry per language code, like the `data` of GET /napi/lang/json without `version`. */
export type StoredDictionaries = Partial<Record<Language, Dictionary>>;

interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * Web Storage that never throws: private mode, disabled storage or a full quota fall back to memory for this
 * page's lifetime. Values that failed to persist shadow the real storage so reads see the latest write.
 */
export function safeStore(pick: () => Storage | null | undefined): KeyValueStore {
  const memory = new Map<string, string>();
  const real = (): Storage | null => {
    try {
      return pick() ?? null;
    } catch {
      return null;
    }
  };
  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return real()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const store = real();
        if (!store) throw new Error('no storage');
        store.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        real()?.removeItem(key);
      } catch {
        // Nothing stored there we could reach anyway.
      }
    },
  };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only well-formed entries: a corrupted or hand-edited value must not break start-up. */
function toDictionaries(value: unknown): StoredDictionaries {
  const result: StoredDictionaries = {};
  if (!isRecord(value)) return result;
  for (const [language, dictionary] of Object.entries(value)) {
    if (!isLanguage(language) || !isRecord(dictionary)) continue;
    result[language] = Object.fromEntries(Object.entries(dictionary).filter(([, v]) => typeof v === 'string')) as Dictionary;
  }
  return result;
}

export interface KernelStorageSources {
  local?: () => Storage | null | undefined;
  session?: () => Storage | null | undefined;
}

export type KernelStorage = ReturnType<typeof createKernelStorage>;

/** Typed access to the §3 keys. Sources are injectable so tests can simulate storage being unavailable. */
export function createKernelStorage(sources: KernelStorageSources = {}) {
  const local = safeStore(sources.local ?? (() => globalThis.localStorage));
  const session = safeStore(sources.session ?? (() => globalThis.sessionStorage));
  const setOrRemove = (key: string, value: string | null): void => (value === null ? local.remove(key) : local.set(key, value));
  return {
    language(): Language {
      const stored = local.get(LOCAL_KEYS.lang);
      return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
    },
    setLanguage(language: Language): void {
      local.set(LOCAL_KEYS.lang, language);
    },
    dictionaries(): StoredDictionaries {
      return toDictionaries(parseJson(local.get(LOCAL_KEYS.i18nDict)));
    },
    dictionaryVersion(): string | null {
      return local.get(LOCAL_KEYS.i18nDictVersion);
    },
    setDictionaries(dictionaries: StoredDictionaries, version: string): void {
      local.set(LOCAL_KEYS.i18nDict, JSON.stringify(dictionaries));
      local.set(LOCAL_KEYS.i18nDictVersion, version);
    },
    socketStatus(): SocketStatus {
      return local.get(LOCAL_KEYS.socketStatus) === '1' ? 1 : 0;
    },
    setSocketStatus(status: SocketStatus): void {
      local.set(LOCAL_KEYS.socketStatus, status === 1 ? '1' : '0');
    },
    userId(): string | null {
      return local.get(LOCAL_KEYS.userId);
    },
    setUserId(userId: string | null): void {
      setOrRemove(LOCAL_KEYS.userId, userId);
    },
    rongToken(): string | null {
      return local.get(LOCAL_KEYS.rongToken);
    },
    setRongToken(token: string | null): void {
      setOrRemove(LOCAL_KEYS.rongToken, token);
    },
    skin(): Skin | null {
      const stored = local.get(LOCAL_KEYS.skin);
      return (SKINS as readonly string[]).includes(stored ?? '') ? (stored as Skin) : null;
    },
    /** null: no choice of one's own, the space's skin applies (decision 0037). */
    setSkin(skin: Skin | null): void {
      setOrRemove(LOCAL_KEYS.skin, skin);
    },
    /** Spec §2.1 naked mode: remembered for the tab (session storage), not across tabs. */
    naked(): boolean {
      return session.get(SESSION_KEYS.naked) === '1';
    },
    setNaked(naked: boolean): void {
      if (naked) session.set(SESSION_KEYS.naked, '1');
      else session.remove(SESSION_KEYS.naked);
    },
  };
}

/** The page's storage; modules take a KernelStorage parameter defaulting to this one. */
export const kernelStorage: KernelStorage = createKernelStorage();

export interface CookieOptions {
  /** Lifetime in days; without it the cookie ends with the browser session. */
  days?: number;
  /** Injectable clock for tests. */
  now?: () => number;
}

/** Reads a cookie by name from `document.cookie`; null when absent or when cookies are unavailable. */
export function readCookie(name: string): string | null {
  let all: string;
  try {
    all = globalThis.document?.cookie ?? '';
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Writes a site-wide cookie (path=/; SameSite=Lax) readable by the server. Never throws. */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (options.days !== undefined) {
    const expires = new Date((options.now ?? Date.now)() + options.days * 86_400_000);
    cookie += `; expires=${expires.toUTCString()}`;
  }
  try {
    if (globalThis.document) globalThis.document.cookie = cookie;
  } catch {
    // Cookies disabled (sandboxed frame): the caller works without them.
  }
}
