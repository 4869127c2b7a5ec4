import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const I18N = path.join(ROOT, 'shared/i18n');
const LANGUAGES = ['zh-CN', 'en'] as const;
const MAX_LINES = 600;

type Dictionary = Record<string, unknown>;

function jsonFiles(language: string): string[] {
  return fs.readdirSync(path.join(I18N, language)).filter((name) => name.endsWith('.json')).sort();
}

function readDictionary(language: string, file: string): Dictionary {
  return JSON.parse(fs.readFileSync(path.join(I18N, language, file), 'utf8')) as Dictionary;
}

function merged(language: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const file of jsonFiles(language)) Object.assign(result, readDictionary(language, file));
  return result;
}

/** Names inside `<%name%>` markers (spaces allowed inside the markers), sorted and deduplicated. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/<%\s*([\w.]+)\s*%>/g)].map((m) => m[1] ?? ''))].sort();
}

/** Every file under `dir` (recursively, skipping node_modules) whose name ends with one of `extensions`. */
function walk(dir: string, extensions: readonly string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(full, extensions));
    else if (extensions.some((ext) => entry.name.endsWith(ext))) found.push(full);
  }
  return found;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split(/\r?\n/);
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
}

describe('i18n dictionaries', () => {
  it('every zh-CN file has an en twin and the other way round', () => {
    const zh = jsonFiles('zh-CN');
    expect(zh.length).toBeGreaterThan(0);
    expect(jsonFiles('en')).toEqual(zh);
  });

  it.each(jsonFiles('zh-CN'))('%s has exactly the same keys in zh-CN and en, all with a non-empty string', (file) => {
    const zh = readDictionary('zh-CN', file);
    const en = fs.existsSync(path.join(I18N, 'en', file)) ? readDictionary('en', file) : {};
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [language, dictionary] of [['zh-CN', zh], ['en', en]] as const) {
      for (const [key, message] of Object.entries(dictionary)) {
        expect(typeof message, `${language} ${key}`).toBe('string');
        expect(String(message).trim(), `${language} ${key} is empty`).not.toBe('');
      }
    }
  });

  it('no key is defined in two files of the same language (the server merges the files, one would silently win)', () => {
    for (const language of LANGUAGES) {
      const owner = new Map<string, string>();
      for (const file of jsonFiles(language)) {
        for (const key of Object.keys(readDictionary(language, file))) {
          expect(owner.get(key), `${language}: ${key} in ${file} and ${owner.get(key)}`).toBeUndefined();
          owner.set(key, file);
        }
      }
    }
  });

  it('each zh-CN message uses the same placeholders as its en twin, and every marker is well formed', () => {
    const zh = merged('zh-CN');
    const en = merged('en');
    for (const [key, zhMessage] of Object.entries(zh)) {
      const enMessage = en[key];
      if (enMessage === undefined) continue; // reported by the same-keys test
      // A text written by a person in both languages (an operator's announcement) is carried as two parameters named
      // after the languages; each dictionary picks its own, so only there may the two differ.
      const picksOwnLanguage = placeholders(zhMessage).join() === 'zh' && placeholders(enMessage).join() === 'en';
      if (!picksOwnLanguage) expect(placeholders(enMessage), key).toEqual(placeholders(zhMessage));
      for (const [language, message] of [['zh-CN', zhMessage], ['en', enMessage]] as const) {
        const opened = message.split('<%').length - 1;
        const closed = message.split('%>').length - 1;
        const wellFormed = [...message.matchAll(/<%\s*[\w.]+\s*%>/g)].length;
        expect({ opened, closed }, `${language} ${key}: unbalanced or malformed <% %> markers`).toEqual({
          opened: wellFormed,
          closed: wellFormed,
        });
      }
    }
  });
});

describe('spec §8: every user-visible message has a key in both languages', () => {
  const SECTION_8_KEYS = [
    'common.serviceUnavailable',
    'common.fetchFailed',
    'common.operationFailed',
    'common.submitFailed',
    'common.saveFailed',
    'common.saveMainFailed',
    'common.noPermission',
    'common.pageNoPermission',
    'common.pageNoPermissionHintAddress',
    'common.pageNoPermissionHintAdmin',
    'common.pageNoPermissionHintBack',
    'common.numberRepeated',
    'common.alreadyOccupied',
    'common.refreshTimeout',
    'common.positioningFailed',
    'common.uploadError',
    'account.wrongPassword',
    'common.wrongVerificationCode',
    'common.alreadyBound',
    'common.importFailed',
    'common.importFailedDownload',
    'common.chartMissing',
    'common.chartLoadError',
    'common.chartNoEditPermission',
    'common.appConfigFailed',
    'common.chatUnavailable',
    'account.tooManyAttempts',
    'http.requestFailed',
    'http.networkError',
    'http.timeout',
    'http.cancelled',
  ];

  it.each(LANGUAGES)('%s has a non-empty message for every §8 key', (language) => {
    const dictionary = merged(language);
    const missing = SECTION_8_KEYS.filter((key) => !dictionary[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('the English transport messages read exactly like the HTTP client rejections of §8', () => {
    const en = merged('en');
    expect(en['http.requestFailed']).toBe('Request failed with status code <%status%>');
    expect(en['http.networkError']).toBe('Network Error');
    expect(en['http.timeout']).toBe('timeout of <%ms%>ms exceeded');
  });

  it('the three-wrong-passwords message mentions the one-minute wait in both languages', () => {
    expect(merged('en')['account.tooManyAttempts']).toMatch(/1 minute/);
    expect(merged('zh-CN')['account.tooManyAttempts']).toMatch(/1 分钟/);
  });
});

describe('source size', () => {
  it(`no .ts/.tsx file is over ${MAX_LINES} lines`, () => {
    const files = ['server', 'shared', 'tests', 'bench', 'renderer', 'electron'].flatMap((dir) =>
      walk(path.join(ROOT, dir), ['.ts', '.tsx']),
    );
    expect(files.length).toBeGreaterThan(10);
    const tooLong = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(fs.readFileSync(file, 'utf8')) }))
      .filter((entry) => entry.lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});

describe('i18n keys used by the server', () => {
  const KEY = String.raw`([A-Za-z]\w*(?:\.\w+)+)`;
  const PATTERNS = [
    // fail.forbidden('space.notMember'), fail.conflict('org.departmentExists', …)
    new RegExp(String.raw`\bfail\.\w+\(\s*'${KEY}'`, 'g'),
    // new AppError(413, 'request.tooLarge', …)
    new RegExp(String.raw`\bnew AppError\(\s*\d+\s*,\s*'${KEY}'`, 'g'),
    // { msg: 'account.signedOut' }
    new RegExp(String.raw`\bmsg:\s*'${KEY}'`, 'g'),
    // default keys of the fail helpers: (key = 'common.noPermission')
    new RegExp(String.raw`\(\s*key\s*=\s*'${KEY}'`, 'g'),
  ];

  function usedKeys(): Map<string, string> {
    const used = new Map<string, string>();
    for (const file of walk(path.join(ROOT, 'server'), ['.ts'])) {
      if (file.endsWith('.test.ts')) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) {
        for (const match of text.matchAll(pattern)) if (match[1]) used.set(match[1], path.relative(ROOT, file));
      }
    }
    return used;
  }

  it('the scan finds the keys it is meant to find', () => {
    const used = usedKeys();
    // One of each pattern, so a broken pattern cannot make the next test pass vacuously.
    expect(used.has('space.notMember')).toBe(true); // fail.forbidden('…')
    expect(used.has('request.tooLarge')).toBe(true); // new AppError(413, '…')
    expect(used.has('account.signedOut')).toBe(true); // msg: '…'
    expect(used.has('common.noPermission')).toBe(true); // key = '…'
    expect(used.has('ok')).toBe(false);
  });

  it.each(LANGUAGES)('every key the server answers with exists in %s', (language) => {
    const dictionary = merged(language);
    const missing = [...usedKeys()].filter(([key]) => dictionary[key] === undefined).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
