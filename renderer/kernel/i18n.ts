import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANG_LOAD_FIRST_DELAY_MS, LANG_LOAD_RETRIES } from '../../shared/constants.ts';
import {
  DEFAULT_LANGUAGE,
  PLACEHOLDER_PREFIX,
  PLACEHOLDER_SUFFIX,
  type Dictionary,
  type Language,
  type MessageParams,
} from '../../shared/i18n/index.ts';
import { kernelStorage, writeCookie, type KernelStorage, type StoredDictionaries } from './storage.ts';
import { apiUrl, type Translate } from './transport.ts';

/** The cookie the server reads to pick the language of its answers (server/kernel/http/hooks.ts). */
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_DAYS = 365;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoadDictionaryOptions {
  language: Language;
  /** Deployment base path ('' or '/sub'). */
  base?: string;
  /** `/space-{id}` when the page is space-prefixed. */
  spacePrefix?: string;
  /** The server's current version (qycloudBaseInfo `langVersion`): equal to the stored one → no fetch at all. */
  knownVersion?: string | null;
  fetch?: FetchLike;
  sleep?: Sleep;
  storage?: KernelStorage;
}

export interface LoadedDictionaries {
  /** The version the dictionaries belong to; null when nothing was ever loaded. */
  version: string | null;
  /** The requested language and the zh-CN fallback; an empty dictionary where nothing could be had. */
  dictionaries: StoredDictionaries;
  /** How many GETs were sent (retries included): lets callers and tests see the cache at work. */
  requests: number;
}

interface LangAnswer {
  code?: unknown;
  data?: { version?: unknown } & Record<string, unknown>;
}

function isDictionary(value: unknown): value is Dictionary {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Loads the dictionary of `language` (and of zh-CN, the fallback) from GET {base}{space}/napi/lang/json, using
 * the stored copy when its version is current. Failures are silent (spec §7): LANG_LOAD_RETRIES retries with a
 * doubling delay, then the stored dictionary or an empty one — the page shows keys rather than not starting.
 */
export async function loadDictionary(options: LoadDictionaryOptions): Promise<LoadedDictionaries> {
  const storage = options.storage ?? kernelStorage;
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const wanted = [...new Set<Language>([options.language, DEFAULT_LANGUAGE])];
  const stored = storage.dictionaries();
  const storedVersion = storage.dictionaryVersion();
  const current = options.knownVersion != null && options.knownVersion === storedVersion;
  // Same version: only languages never fetched are missing. Otherwise every stored entry may be stale.
  const toFetch = current ? wanted.filter((language) => !stored[language]) : wanted;
  let requests = 0;

  async function fetchOnce(language: Language): Promise<{ version: string; dictionary: Dictionary }> {
    requests += 1;
    const url = `${apiUrl(options.base ?? '', options.spacePrefix ?? '', '/napi/lang/json')}?lang=${encodeURIComponent(language)}`;
    const response = await fetchFn(url, { headers: { 'Accept-Language': language }, credentials: 'include' });
    if (!response.ok) throw new Error(`lang ${response.status}`);
    const answer = (await response.json()) as LangAnswer;
    const dictionary = answer.data?.[language];
    const version = answer.data?.version;
    if (answer.code !== 200 || typeof version !== 'string' || !isDictionary(dictionary)) throw new Error('lang answer');
    return { version, dictionary };
  }

  async function fetchWithRetries(language: Language) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { language, ...(await fetchOnce(language)) };
      } catch {
        // Ignored on purpose (spec §7): the next attempt or the stored copy takes over.
      }
      if (attempt >= LANG_LOAD_RETRIES) return null;
      await sleep(LANG_LOAD_FIRST_DELAY_MS * 2 ** attempt);
    }
  }

  const results = await Promise.all(toFetch.map(fetchWithRetries));
  let version = storedVersion;
  let next: StoredDictionaries = { ...stored };
  for (const result of results) {
    if (!result) continue;
    // A new version invalidates every other stored language: start the stored set afresh.
    if (result.version !== version) {
      next = {};
      version = result.version;
    }
    next[result.language] = result.dictionary;
  }
  if (results.some(Boolean) && version !== null) storage.setDictionaries(next, version);
  const dictionaries: StoredDictionaries = {};
  for (const language of wanted) dictionaries[language] = next[language] ?? stored[language] ?? {};
  return { version, dictionaries, requests };
}

/** The i18next settings of the platform: dotted keys are flat, `<% name %>` placeholders, zh-CN fallback. */
export const I18N_OPTIONS: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  // Resources are given up front: initialise synchronously so the first render is already translated.
  initAsync: false,
  // No advertising line in users' consoles.
  showSupportNotice: false,
  // React escapes what it renders; escaping here would show entities twice.
  interpolation: { prefix: PLACEHOLDER_PREFIX, suffix: PLACEHOLDER_SUFFIX, escapeValue: false },
};

export interface CreateI18nOptions {
  language: Language;
  dictionaries: StoredDictionaries;
  /** Register react-i18next (default true); plain instances serve non-React code and tests. */
  react?: boolean;
}

/** A fresh i18next instance (never the global one, so tests and windows do not share state). */
export function createI18n(options: CreateI18nOptions): I18n {
  const instance = i18next.createInstance();
  if (options.react !== false) instance.use(initReactI18next);
  const resources = Object.fromEntries(
    Object.entries(options.dictionaries).map(([language, dictionary]) => [language, { translation: dictionary }]),
  );
  void instance.init({ ...I18N_OPTIONS, lng: options.language, resources });
  return instance;
}

/** The transport's translate dependency: a translation only when one exists (zh-CN fallback included). */
export function translatorFor(instance: I18n): Translate {
  return (key: string, params?: MessageParams) => (instance.exists(key) ? instance.t(key, { ...params }) : null);
}

export interface StartI18nOptions extends Omit<LoadDictionaryOptions, 'language'> {
  language?: Language;
  react?: boolean;
}

/** Start-up: the stored language (default zh-CN), its dictionary (cached by version), a ready instance. */
export async function startI18n(options: StartI18nOptions = {}): Promise<{ i18n: I18n; version: string | null }> {
  const language = options.language ?? (options.storage ?? kernelStorage).language();
  const loaded = await loadDictionary({ ...options, language });
  return { i18n: createI18n({ language, dictionaries: loaded.dictionaries, react: options.react }), version: loaded.version };
}

export interface SetLanguageOptions {
  storage?: KernelStorage;
  /** Injectable for tests; the page reloads so every module starts over in the new language (spec §4). */
  reload?: () => void;
}

/** Spec §4/§9: the choice goes to storage `lang` and the `locale` cookie (the server's answers follow it). */
export function setLanguage(language: Language, options: SetLanguageOptions = {}): void {
  (options.storage ?? kernelStorage).setLanguage(language);
  writeCookie(LOCALE_COOKIE, language, { days: LOCALE_COOKIE_DAYS });
  (options.reload ?? (() => globalThis.location.reload()))();
}
