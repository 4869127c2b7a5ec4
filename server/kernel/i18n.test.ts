import { describe, expect, it } from 'vitest';
import { createI18n, loadDictionaries } from './i18n.ts';

describe('server dictionaries', () => {
  it('the version changes whenever any string of any language changes, and only then', () => {
    const dictionaries = loadDictionaries();
    const base = createI18n(dictionaries).version;
    expect(createI18n(structuredClone(dictionaries)).version).toBe(base);
    const editedEn = structuredClone(dictionaries);
    editedEn.en['common.fetchFailed'] = 'Could not get data.';
    expect(createI18n(editedEn).version).not.toBe(base);
    const addedZh = structuredClone(dictionaries);
    addedZh['zh-CN']['common.extra'] = '新增';
    expect(createI18n(addedZh).version).not.toBe(base);
  });

  it('picks the language from the query, then the locale cookie, then Accept-Language, then zh-CN', () => {
    const i18n = createI18n();
    expect(i18n.pick('en', 'zh-CN', 'zh')).toBe('en');
    expect(i18n.pick(undefined, 'en', 'zh')).toBe('en');
    expect(i18n.pick(undefined, undefined, 'fr, en;q=0.5')).toBe('en');
    expect(i18n.pick('fr', undefined, undefined)).toBe('zh-CN');
  });
});
