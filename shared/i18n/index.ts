/** Languages of the platform (spec §9): zh-CN is the default and the fallback. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Placeholder markers of spec §9: `<%name%>`. Also the i18next interpolation prefix/suffix on the client. */
export const PLACEHOLDER_PREFIX = '<%';
export const PLACEHOLDER_SUFFIX = '%>';

export type MessageParams = Record<string, string | number | boolean | null | undefined>;
export type Dictionary = Record<string, string>;

const placeholder = /<%\s*([\w.]+)\s*%>/g;

/** Fills `<%name%>` markers; an unknown name stays visible so a missing parameter is noticed, not hidden. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(placeholder, (marker, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? marker : String(value);
  });
}

/** The placeholder names a message uses (a space's override must use the same ones as the platform's text). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(placeholder)].map((m) => m[1]!))].sort();
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps any tag ("en-US", "zh", "zh-Hans-CN") to a platform language, or null. */
export function normaliseLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/** Picks the first supported language of an Accept-Language header, honouring q-weights. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = normaliseLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}

/** Translate with the zh-CN fallback of spec §9; the key itself when neither dictionary has it. */
export function translate(
  dictionaries: Partial<Record<Language, Dictionary>>,
  language: Language,
  key: string,
  params?: MessageParams,
): string {
  const template = dictionaries[language]?.[key] ?? dictionaries[DEFAULT_LANGUAGE]?.[key] ?? key;
  return formatMessage(template, params);
}
