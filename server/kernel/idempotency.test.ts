import { describe, expect, it } from 'vitest';
import { streamHasher } from './idempotency.ts';

const multipart = (boundary: string, content: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`);

function hashInChunks(bytes: Buffer, boundary: string, size: number): string {
  const hasher = streamHasher(Buffer.from(`--${boundary}`));
  for (let at = 0; at < bytes.length; at += size) hasher.update(bytes.subarray(at, at + size));
  return hasher.digest();
}

describe('the body hash of a multipart request', () => {
  it('ignores the random boundary however the bytes are chunked, and still tells different contents apart', () => {
    const one = hashInChunks(multipart('----formdata-a1b2', 'first file'), '----formdata-a1b2', 1 << 20);
    for (const size of [1, 2, 3, 7, 16, 33]) {
      expect(hashInChunks(multipart('----formdata-zz99', 'first file'), '----formdata-zz99', size), `chunks of ${size}`).toBe(one);
    }
    expect(hashInChunks(multipart('----formdata-zz99', 'other file'), '----formdata-zz99', 5)).not.toBe(one);
  });
});
