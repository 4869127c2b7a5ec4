import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The forms app's dictionaries, per language. */
function formsStrings(language: string): Array<[string, string]> {
  const folder = path.join(import.meta.dirname, language);
  return fs
    .readdirSync(folder)
    .filter((name) => name.startsWith('forms') && name.endsWith('.json'))
    .flatMap((name) => Object.entries(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Record<string, string>));
}

// A past defect: the person a record belongs to had three names (数据所有者, 数据负责人, 记录所有者). One, everywhere.
describe('the record owner has one name in the forms app', () => {
  it('zh-CN: 记录所有者', () => {
    const other = formsStrings('zh-CN').filter(([, text]) => /所有者|负责人/.test(text) && !text.includes('记录所有者'));
    expect(other).toEqual([]);
    expect(formsStrings('zh-CN').filter(([, text]) => /数据所有者|数据负责人/.test(text))).toEqual([]);
  });

  it('en: record owner', () => {
    expect(formsStrings('en').filter(([, text]) => /\bowners?\b/i.test(text) && !/record owners?/i.test(text))).toEqual([]);
  });
});
