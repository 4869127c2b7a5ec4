import zlib from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG with this header (8-bit, colour type 0 greyscale or 2 RGB) and these already deflated pixel rows. */
function png(width: number, height: number, colourType: 0 | 2, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A complete, valid black greyscale PNG of width × height, written by hand: every row is a filter byte and zeros,
 * which deflate to almost nothing (1 × 50,000,000 is 97 KB), so a test can send what would be costly to decode.
 */
export function blankPng(width: number, height: number): Buffer {
  return png(width, height, 0, zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }));
}

/** A valid PNG of 74 bytes whose header declares width × height RGB pixels (what a decoder would have to allocate). */
export function pngDeclaring(width: number, height: number): Buffer {
  return png(width, height, 2, zlib.deflateSync(Buffer.alloc(64)));
}
