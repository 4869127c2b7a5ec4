import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../docs/decisions');

describe('the decisions index', () => {
  it('lists every decision note once, with a status, and links only notes that exist', () => {
    const notes = fs.readdirSync(folder).filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)];
    expect(rows.map((r) => r[2])).toEqual(notes);
    for (const row of rows) {
      expect(row[2]!.startsWith(row[1]!)).toBe(true);
      expect(row[4]).toMatch(/^(accepted|.*superseded by \d{4}.*)$/);
    }
  });
});
