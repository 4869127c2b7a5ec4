import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, tempDir } from './fixtures.ts';
import { sniffDelimiter } from './read-csv.ts';
import { readSheet } from './read.ts';

let scratch: ReturnType<typeof tempDir> | null = null;
afterEach(() => scratch?.remove());

describe("a csv's separator", () => {
  it('is the one of comma, semicolon and tab its first lines hold most, quoted text aside', () => {
    expect(sniffDelimiter('名称;数量;单价\r\n螺栓;3;1,25\r\n')).toBe(';');
    expect(sniffDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(sniffDelimiter('"a;b;c;d",e\n"x;y;z",1\n')).toBe(',');
    expect(sniffDelimiter('just a title\n')).toBe(',');
  });

  it('reads a semicolon file, as Excel writes it where a comma is the decimal mark, into its columns', async () => {
    scratch = tempDir();
    const file = scratch.file('semicolon.csv');
    fs.writeFileSync(file, '\ufeffName;Qty;Price\r\n"Bolt; M8";3;1,25\r\nWasher;10;0,05\r\n');
    expect(await collect(readSheet(file, 'csv'))).toEqual([
      ['Name', 'Qty', 'Price'],
      ['Bolt; M8', '3', '1,25'],
      ['Washer', '10', '0,05'],
    ]);
  });

  it('is read from GB18030 text as well', async () => {
    scratch = tempDir();
    const file = scratch.file('gb.csv');
    const gb = (text: string) => Buffer.from([...text].flatMap((c) => (c.charCodeAt(0) < 128 ? [c.charCodeAt(0)] : [0xc3, 0xfb])));
    fs.writeFileSync(file, gb('名;qty\r\n名;2\r\n'));
    expect(await collect(readSheet(file, 'csv', { encoding: 'gb18030' }))).toEqual([
      ['名', 'qty'],
      ['名', '2'],
    ]);
  });
});
