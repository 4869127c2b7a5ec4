import { afterAll, describe, expect, it } from 'vitest';
import { collect, tempDir } from './fixtures.ts';
import { openWriter, readSheet, type Cell } from './index.ts';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Two-, three- and four-byte UTF-8: Greek, CJK, rare CJK (extension B), emoji (with a variation selector). */
const ALPHABET = ['é', 'Ω', '中', '文', '螺', '栓', '垫', '片', '𠀀', '𪚥', '😀', '👍🏽', '❤️', '，', '。', '￥'];

/** Deterministic multi-byte text of varying length, so characters land on every offset of the zip's chunks. */
function text(seed: number): string {
  let value = '';
  let state = seed * 2654435761;
  const length = 1 + (seed % 13);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    value += ALPHABET[state % ALPHABET.length];
  }
  return value;
}

describe('multi-byte text in a large xlsx', () => {
  it('50,000 rows whose every cell is multi-byte text come back identical (no U+FFFD at chunk boundaries)', async () => {
    const rows: Cell[][] = Array.from({ length: 50_000 }, (_, i) => [text(i * 3), text(i * 3 + 1), text(i * 3 + 2)]);
    const file = tmp.file('multibyte.xlsx');
    const writer = await openWriter(file, 'xlsx', ['名称', '规格', '备注']);
    for (const row of rows) await writer.write(row);
    await writer.close();
    const back = await collect(readSheet(file, 'xlsx'));
    expect(back[0]).toEqual(['名称', '规格', '备注']);
    expect(back.length).toBe(rows.length + 1);
    const broken = back.slice(1).flatMap((row, i) => (JSON.stringify(row) === JSON.stringify(rows[i]) ? [] : [i + 2]));
    expect(broken).toEqual([]);
    expect(Buffer.from(JSON.stringify(back.slice(1)), 'utf8').equals(Buffer.from(JSON.stringify(rows), 'utf8'))).toBe(true);
  }, 120_000);
});
