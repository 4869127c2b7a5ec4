import { describe, expect, it } from 'vitest';
import { collect, readZipText, tempDir } from './fixtures.ts';
import { instantOf, offsetAt, openWriter, readSheet, wallOf } from './index.ts';

const utc = (text: string) => Date.parse(`${text}Z`);

describe('wall-clock time in a zone', () => {
  it('Shanghai is +08:00 all year; London and New York follow daylight saving', () => {
    expect(offsetAt(utc('2024-01-15T00:00:00'), 'Asia/Shanghai')).toBe(8 * 3600_000);
    expect(offsetAt(utc('2024-07-15T00:00:00'), 'Asia/Shanghai')).toBe(8 * 3600_000);
    expect(offsetAt(utc('2024-07-15T00:00:00'), 'Europe/London')).toBe(3600_000);
    expect(offsetAt(utc('2024-01-15T00:00:00'), 'America/New_York')).toBe(-5 * 3600_000);
  });

  it('wall → instant → wall is the identity, across the year and at day boundaries', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      for (let day = 0; day < 366; day += 7) {
        for (const hour of [0, 12, 23]) {
          const wall = utc('2024-01-01T00:00:00') + day * 86_400_000 + hour * 3600_000 + 59 * 60_000;
          const back = wallOf(instantOf(wall, zone), zone);
          // Only a clock time inside a spring-forward gap may move (it does not exist).
          if (back !== wall) expect(Math.abs(back - wall), `${zone} ${new Date(wall).toISOString()}`).toBeLessThanOrEqual(3600_000);
        }
      }
    }
    expect(new Date(instantOf(utc('2024-02-29T23:59:00'), 'Asia/Shanghai')).toISOString()).toBe('2024-02-29T15:59:00.000Z');
  });

  it('a time in a gap takes the later offset; a time in an overlap the earlier instant', () => {
    // New York, 2024-03-10 02:30 does not exist; 2024-11-03 01:30 happens twice.
    expect(new Date(instantOf(utc('2024-03-10T02:30:00'), 'America/New_York')).toISOString()).toBe('2024-03-10T06:30:00.000Z');
    expect(new Date(instantOf(utc('2024-11-03T01:30:00'), 'America/New_York')).toISOString()).toBe('2024-11-03T05:30:00.000Z');
  });
});

describe('export cell types', () => {
  it('long digit strings stay text in xlsx; numbers stay numbers; day and date-time columns get their formats', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file('types.xlsx');
      const writer = await openWriter(file, 'xlsx', ['id', 'phone', 'n', 'day', 'at'], 'S', [undefined, undefined, undefined, 'date', 'datetime']);
      await writer.write(['110105194912310021', '+8613900000000', 123456789012, new Date(Date.UTC(2024, 1, 29)), new Date(Date.UTC(2024, 1, 29, 23, 59))]);
      await writer.close();
      const [, row] = await collect(readSheet(file, 'xlsx'));
      expect(row).toEqual(['110105194912310021', '+8613900000000', 123456789012, new Date(Date.UTC(2024, 1, 29)), new Date(Date.UTC(2024, 1, 29, 23, 59))]);
      const sheet = await readZipText(file, 'xl/worksheets/sheet1.xml');
      expect(sheet).toMatch(/t="inlineStr"[^>]*><is><r><t>110105194912310021</);
    } finally {
      tmp.remove();
    }
  });

  it('text is an inline string that keeps its spaces (xml:space="preserve"), never a formula string office programs trim', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file('text.xlsx');
      const writer = await openWriter(file, 'xlsx', ['a', 'b', 'c'], 'S', [undefined, undefined, undefined]);
      await writer.write(['  indented', 'trailing  ', 'one\rtwo']);
      await writer.close();
      const [, row] = await collect(readSheet(file, 'xlsx'));
      expect(row).toEqual(['  indented', 'trailing  ', 'one\rtwo']);
      const sheet = await readZipText(file, 'xl/worksheets/sheet1.xml');
      expect(sheet).not.toContain('t="str"');
      expect(sheet).toContain('<t xml:space="preserve">  indented</t>');
      expect(sheet).toContain('<t>one_x000D_two</t>');
    } finally {
      tmp.remove();
    }
  });
});

