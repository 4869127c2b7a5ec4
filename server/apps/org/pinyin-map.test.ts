import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/0009_contacts.sql');
const FIRST = 0x4e00;
const LAST = 0x9fff;
const initial = (text: string, surname = false) =>
  pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', ...(surname ? { surname: 'head' as const } : {}) })[0] ?? '';

/**
 * The database computes pinyin initials from a copy of pinyin-pro's readings frozen in migration org 0009
 * (decision 0038). This is the check that the copy is pinyin-pro's, character for character; after an upgrade of
 * pinyin-pro that reads a character differently, the fix is a new migration replacing `org_pinyin_map`.
 */
describe('pinyin initials map of migration org 0009', () => {
  const sql = fs.readFileSync(MIGRATION, 'utf8');
  const map = /select decode\('([a-z_]+)', 'escape'\)/.exec(sql)?.[1] ?? '';

  it('holds the initial pinyin-pro gives every character of U+4E00–U+9FFF', () => {
    expect(map.length).toBe(LAST - FIRST + 1);
    const differing: string[] = [];
    for (let code = FIRST; code <= LAST; code += 1) {
      const letter = initial(String.fromCodePoint(code));
      const expected = /^[a-z]$/.test(letter) ? letter : '_';
      if (map[code - FIRST] !== expected) differing.push(`${String.fromCodePoint(code)} ${map[code - FIRST]} ≠ ${expected}`);
    }
    expect(differing.slice(0, 20)).toEqual([]);
  });

  it('reads as pinyin-pro does the surnames that differ from the character alone', () => {
    const surnames = /surnames constant text := '([^']+)'/.exec(sql)?.[1] ?? '';
    const letters = /surname_letters constant text := '([a-z]+)'/.exec(sql)?.[1] ?? '';
    expect([...surnames].length).toBe(letters.length);
    [...surnames].forEach((ch, i) => expect(`${ch} ${letters[i]}`).toBe(`${ch} ${initial(`${ch}三`, true)}`));
    expect(surnames).toContain('曾');
  });
});
