import { describe, expect, it } from 'vitest';
import { formatMessage, languageFromAcceptHeader, normaliseLanguage, translate, type Dictionary, type Language } from './index.ts';

describe('formatMessage', () => {
  it('fills <%name%> markers, with or without spaces inside the markers', () => {
    expect(formatMessage('Hello <%name%>!', { name: 'Ada' })).toBe('Hello Ada!');
    expect(formatMessage('Hello <% name %>!', { name: 'Ada' })).toBe('Hello Ada!');
    expect(formatMessage('Hello <%  name%>!', { name: 'Ada' })).toBe('Hello Ada!');
  });

  it('fills every occurrence of a repeated marker and several different markers', () => {
    expect(formatMessage('<%a%>-<%b%>-<%a%>', { a: 'x', b: 'y' })).toBe('x-y-x');
    expect(formatMessage('<%field%> 至少 <%limit%> 个字符', { field: '名称', limit: 8 })).toBe('名称 至少 8 个字符');
  });

  it('writes falsy but present values (0, false, empty string)', () => {
    expect(formatMessage('n=<%n%>', { n: 0 })).toBe('n=0');
    expect(formatMessage('b=<%b%>', { b: false })).toBe('b=false');
    expect(formatMessage('s=[<%s%>]', { s: '' })).toBe('s=[]');
  });

  it('leaves a missing, undefined or null parameter visible', () => {
    expect(formatMessage('Request failed with status code <%status%>')).toBe('Request failed with status code <%status%>');
    expect(formatMessage('<%a%> and <% b %>', { a: 1 })).toBe('1 and <% b %>');
    expect(formatMessage('<%a%>', { a: undefined })).toBe('<%a%>');
    expect(formatMessage('<%a%>', { a: null })).toBe('<%a%>');
  });

  it('does not touch text without markers or other bracket styles', () => {
    expect(formatMessage('{{name}} and {name}', { name: 'x' })).toBe('{{name}} and {name}');
    expect(formatMessage('100% <done>', { done: 'x' })).toBe('100% <done>');
  });

  it('accepts dotted parameter names', () => {
    expect(formatMessage('<%user.name%>', { 'user.name': 'Ada' })).toBe('Ada');
  });
});

describe('languageFromAcceptHeader', () => {
  it('maps regional variants to the platform languages', () => {
    expect(languageFromAcceptHeader('zh-TW')).toBe('zh-CN');
    expect(languageFromAcceptHeader('zh')).toBe('zh-CN');
    expect(languageFromAcceptHeader('en-GB')).toBe('en');
    expect(languageFromAcceptHeader('en-US,en;q=0.9')).toBe('en');
  });

  it('honours q-weights rather than the order of the list', () => {
    expect(languageFromAcceptHeader('en;q=0.5, zh-CN;q=0.8')).toBe('zh-CN');
    expect(languageFromAcceptHeader('zh;q=0.1, en;q=0.2')).toBe('en');
    expect(languageFromAcceptHeader('fr;q=1, de;q=0.9, en;q=0.3, zh;q=0.2')).toBe('en');
  });

  it('keeps list order for equal weights', () => {
    expect(languageFromAcceptHeader('en, zh')).toBe('en');
    expect(languageFromAcceptHeader('zh, en')).toBe('zh-CN');
    expect(languageFromAcceptHeader('en;q=0.7, zh;q=0.7')).toBe('en');
  });

  it('skips unsupported languages and q=0 (explicitly refused) entries', () => {
    expect(languageFromAcceptHeader('fr-FR, de;q=0.9, en;q=0.1')).toBe('en');
    expect(languageFromAcceptHeader('en;q=0, zh;q=0.1')).toBe('zh-CN');
  });

  it('answers null when nothing supported is asked for', () => {
    expect(languageFromAcceptHeader('fr-FR, de;q=0.9')).toBeNull();
    expect(languageFromAcceptHeader('*')).toBeNull();
    expect(languageFromAcceptHeader('en;q=0')).toBeNull();
    expect(languageFromAcceptHeader('')).toBeNull();
    expect(languageFromAcceptHeader(null)).toBeNull();
    expect(languageFromAcceptHeader(undefined)).toBeNull();
  });

  it('survives garbage', () => {
    expect(languageFromAcceptHeader(';;;,,,')).toBeNull();
    expect(languageFromAcceptHeader('q=0.5')).toBeNull();
    expect(languageFromAcceptHeader('en;q=abc')).toBeNull();
    expect(languageFromAcceptHeader('en;q=abc, zh;q=0.3')).toBe('zh-CN');
    expect(languageFromAcceptHeader(' , ;q=1, en-GB ;q=0.4')).toBe('en');
  });
});

describe('normaliseLanguage', () => {
  it('maps any Chinese tag to zh-CN and any English tag to en, ignoring case and spaces', () => {
    expect(normaliseLanguage('zh-CN')).toBe('zh-CN');
    expect(normaliseLanguage('ZH-hans-CN')).toBe('zh-CN');
    expect(normaliseLanguage('zh_TW')).toBe('zh-CN');
    expect(normaliseLanguage('en')).toBe('en');
    expect(normaliseLanguage(' EN-us ')).toBe('en');
  });

  it('answers null for other or empty tags', () => {
    expect(normaliseLanguage('fr')).toBeNull();
    expect(normaliseLanguage('de-DE')).toBeNull();
    expect(normaliseLanguage('')).toBeNull();
    expect(normaliseLanguage(null)).toBeNull();
    expect(normaliseLanguage(undefined)).toBeNull();
  });
});

describe('translate', () => {
  const dictionaries: Partial<Record<Language, Dictionary>> = {
    'zh-CN': { 'a.both': '两者 <%n%>', 'a.zhOnly': '只有中文 <%n%>' },
    en: { 'a.both': 'both <%n%>' },
  };

  it('uses the requested language when it has the key', () => {
    expect(translate(dictionaries, 'en', 'a.both', { n: 1 })).toBe('both 1');
    expect(translate(dictionaries, 'zh-CN', 'a.both', { n: 1 })).toBe('两者 1');
  });

  it('falls back to zh-CN when the requested language lacks the key', () => {
    expect(translate(dictionaries, 'en', 'a.zhOnly', { n: 2 })).toBe('只有中文 2');
  });

  it('falls back to zh-CN when the requested language has no dictionary at all', () => {
    expect(translate({ 'zh-CN': { k: '中' } }, 'en', 'k')).toBe('中');
  });

  it('answers the key itself when no dictionary has it', () => {
    expect(translate(dictionaries, 'en', 'a.missing')).toBe('a.missing');
    expect(translate({}, 'zh-CN', 'x.y')).toBe('x.y');
  });
});
