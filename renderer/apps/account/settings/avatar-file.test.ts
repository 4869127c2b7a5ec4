import { describe, expect, it } from 'vitest';
import { clampSquare, centredSquare, fileProblem, sizeProblem, sniffAvatar } from './avatar-file.ts';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(32).fill(0)]);

describe('the browser\'s avatar check (§5)', () => {
  it('knows JPG, PNG, GIF and BMP by their first bytes, not their names', () => {
    expect(sniffAvatar(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffAvatar(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffAvatar(bytes(...Buffer.from('GIF89a')))).toBe('gif');
    expect(sniffAvatar(bytes(...Buffer.from('BM')))).toBe('bmp');
    expect(sniffAvatar(bytes(...Buffer.from('%PDF-1.4')))).toBeNull();
    expect(sniffAvatar(bytes(...Buffer.from('<svg')))).toBeNull();
  });

  it('refuses another type and more than 3 MB before decoding', () => {
    expect(fileProblem(null, 10)).toEqual({ key: 'orgSelf.portrait.badType' });
    expect(fileProblem('png', 3 * 1024 * 1024)).toBeNull();
    expect(fileProblem('png', 3 * 1024 * 1024 + 1)).toEqual({ key: 'orgSelf.portrait.tooLarge', params: { max: 3 } });
  });

  it('wants at least 340×260 and no decompression bomb', () => {
    expect(sizeProblem(340, 260)).toBeNull();
    expect(sizeProblem(339, 260)?.key).toBe('orgSelf.portrait.tooSmall');
    expect(sizeProblem(340, 259)?.params).toMatchObject({ width: 340, height: 259 });
    expect(sizeProblem(8000, 8000)?.key).toBe('orgSelf.portrait.tooManyPixels');
  });

  it('the crop square starts centred and stays inside the image', () => {
    expect(centredSquare(800, 600)).toEqual({ x: 100, y: 0, size: 600 });
    expect(clampSquare({ x: 700, y: -50, size: 300 }, 800, 600)).toEqual({ x: 500, y: 0, size: 300 });
    expect(clampSquare({ x: 0, y: 0, size: 10 }, 800, 600).size).toBe(150);
    expect(clampSquare({ x: 0, y: 0, size: 5000 }, 800, 600).size).toBe(600);
  });
});
