import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths.ts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  languageFromAcceptHeader,
  normaliseLanguage,
  translate,
  type Dictionary,
  type Language,
  type MessageParams,
} from '../../shared/i18n/index.ts';

const I18N_DIR = path.join(PROJECT_ROOT, 'shared/i18n');

export interface I18n {
  dictionaries: Record<Language, Dictionary>;
  /** Changes whenever any string of any language changes (clients re-fetch only then). */
  version: string;
  t(language: Language, key: string, params?: MessageParams): string;
  /** The request's language: `lang` query, then the locale cookie, then Accept-Language, then zh-CN. */
  /** `platformDefault`: the default root chose (decision 0080); it comes before the browser's Accept-Language. */
  pick(query: unknown, cookie: string | undefined, acceptLanguage: string | undefined, platformDefault?: Language): Language;
}

/** Every `<lang>/*.json` file is one namespace of flat `key: message` pairs. */
export function loadDictionaries(dir = I18N_DIR): Record<Language, Dictionary> {
  const result = {} as Record<Language, Dictionary>;
  for (const language of LANGUAGES) {
    const folder = path.join(dir, language);
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.json')).sort();
    result[language] = Object.assign({}, ...files.map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'))));
  }
  return result;
}

export function createI18n(dictionaries = loadDictionaries()): I18n {
  const version = createHash('sha256').update(JSON.stringify(dictionaries)).digest('hex').slice(0, 16);
  return {
    dictionaries,
    version,
    t: (language, key, params) => translate(dictionaries, language, key, params),
    pick(query, cookie, acceptLanguage, platformDefault) {
      if (isLanguage(query)) return query;
      return normaliseLanguage(cookie) ?? platformDefault ?? languageFromAcceptHeader(acceptLanguage) ?? DEFAULT_LANGUAGE;
    },
  };
}
