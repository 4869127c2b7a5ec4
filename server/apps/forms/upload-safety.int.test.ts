import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { pngDeclaring } from '../../../tests/support/png.ts';
import type { Platform } from '../../platform.ts';

/** Upload safety from the security review (decision 0027): image bombs, image metadata and control characters in file names. */
let platform: Platform;
let user: TestClient;

/** An animated GIF of `frames` 1×1 frames, 23 bytes each, looping forever. */
function gifOfFrames(frames: number): Buffer {
  const head = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 255, 255, 255, 0, 0, 0, 0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])]);
  const frame = Buffer.from([0x21, 0xf9, 0x04, 0x04, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([head, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}
/** A BMP header (BITMAPINFOHEADER) declaring 60000 × 60000 pixels, with one row of pixel data. */
function bmpDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(54 + 16);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(-height, 22); // top-down
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  return bytes;
}

const storedFiles = async () => Number((await platform.kernel.db.selectFrom('forms_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const upload = (name: string, bytes: Buffer, purpose = 'image', lang = 'en') => user.upload(`/api/forms/files?purpose=${purpose}&lang=${lang}`, [{ name, bytes }]);
const stored = async (fileId: string) => (await user.download(`/api/forms/files/${fileId}`)).bytes;

/** A multipart body written byte by byte: a browser's FormData would escape what this test must send raw. */
async function rawUpload(fileName: Buffer, lang = 'en') {
  const boundary = 'h6boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="`),
    fileName,
    Buffer.from(`"\r\nContent-Type: text/plain\r\n\r\nplain words\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${user.base}/api/forms/files?purpose=attachment&lang=${lang}`, {
    method: 'POST',
    headers: { cookie: user.cookieHeader, 'x-csrf-token': user.csrf!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as { msg: string; text: string } };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  user = await signedIn(platform.url, 'acme.user');
});
afterAll(async () => {
  await platform?.stop();
});

describe('image bombs are refused before anything is decoded', () => {
  it('a PNG declaring 100000 × 100000 pixels is a 422 in the caller language, as an image or an attachment', async () => {
    const before = await storedFiles();
    const bomb = pngDeclaring(100_000, 100_000);
    const en = await upload('huge.png', bomb);
    expect([en.status, en.body.text]).toEqual([422, 'Image huge.png is 100000 × 100000 pixels; at most 50 million pixels are allowed.']);
    const zh = await upload('huge.png', bomb, 'attachment', 'zh-CN');
    expect([zh.status, zh.body.text]).toEqual([422, '图片 huge.png 为 100000 × 100000 像素，最多允许 50 百万像素']);
    const bmp = await upload('huge.bmp', bmpDeclaring(60_000, 60_000));
    expect([bmp.status, bmp.body.msg]).toEqual([422, 'forms.file.imageTooLarge']);
    expect(await storedFiles()).toBe(before);
  });

  it('an animated GIF of 5000 frames is a 422; one of 3 frames is stored, still animated', async () => {
    const before = await storedFiles();
    const many = await upload('spinner.gif', gifOfFrames(5000));
    expect([many.status, many.body.text]).toEqual([422, 'Image spinner.gif has 5000 frames; at most 100 are allowed (and 100 million pixels over all frames).']);
    expect(await storedFiles()).toBe(before);
    const frames = await Promise.all(['red', 'green', 'blue'].map((background) => sharp({ create: { width: 4, height: 4, channels: 3, background } }).png().toBuffer()));
    const small = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const [file] = (await ok(upload('ok.gif', small))).files;
    expect((await sharp(await stored(file.fileId)).metadata()).pages).toBe(3);
  });

  it('a truncated image whose pixels cannot be read is a 422, not a 500', async () => {
    const truncated = pngDeclaring(20, 20).subarray(0, 40);
    const answer = await upload('broken.png', truncated, 'attachment');
    expect([answer.status, answer.body.text]).toEqual([422, 'Image broken.png cannot be read; it may be damaged.']);
  });
});

describe('stored images carry no metadata', () => {
  it('a JPEG with EXIF GPS, camera and orientation is stored upright, the same size, with no EXIF at all', async () => {
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: 'teal' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SecretPhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2406/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 792/100' } })
      .toBuffer();
    const source = await sharp(photo).metadata();
    expect(source.orientation).toBe(6);
    const gpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])); // tag 0x8825: the GPS IFD
    expect(gpsPointer(source.exif!)).toBe(true);
    expect(photo.includes(Buffer.from('SecretPhoneMaker'))).toBe(true);
    const [file] = (await ok(upload('site.jpg', photo, 'attachment'))).files;
    const copy = await stored(file.fileId);
    const meta = await sharp(copy).metadata();
    expect([meta.format, meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual(['jpeg', undefined, undefined, undefined, undefined]);
    expect(copy.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
    expect(copy.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([60, 80]); // orientation 6 applied to the pixels before EXIF went
    expect(file.size).toBe(copy.length);
  });
});

describe('file names with control characters', () => {
  it('NUL, other control characters and bidi overrides in a name are a 422 that stores nothing', async () => {
    const before = await storedFiles();
    const nul = await rawUpload(Buffer.from('report\0.txt'));
    expect([nul.status, nul.body.text]).toEqual([422, 'The file name report?.txt contains control characters; rename the file and upload it again.']);
    const zh = await rawUpload(Buffer.from('report\u0007.txt'), 'zh-CN');
    expect([zh.status, zh.body.text]).toEqual([422, '文件名 report?.txt 含有控制字符，请重命名后再上传']);
    const disguised = await rawUpload(Buffer.from('invoice\u202Etxt.exe', 'utf8'));
    expect([disguised.status, disguised.body.msg]).toEqual([422, 'forms.file.badName']);
    expect(await storedFiles()).toBe(before);
    const fine = await rawUpload(Buffer.from('报告 2026.txt', 'utf8'));
    expect(fine.status).toBe(200);
  });

  it('a record or a comment cannot name an uploaded file with such characters either', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    const fields = [
      { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
      { key: 'f2', type: 'attachment', label: 'Files' },
    ];
    const base = `/api/forms/forms/${(await publishedForm(admin, fields as never)).formId}`;
    const [file] = (await ok(upload('plan.txt', Buffer.from('plain words'), 'attachment'))).files;
    const renamed = await user.post(`${base}/records?lang=en`, { values: { f1: 'Plan', f2: [{ ...file, name: 'plan\u202Etxt.exe' }] } });
    expect([renamed.status, renamed.body.text]).toEqual([422, 'The file name plan?txt.exe contains control characters; rename the file and upload it again.']);
    const record = await ok(user.post(`${base}/records`, { values: { f1: 'Plan', f2: [file] } }));
    const comment = await user.post(`${base}/records/${record.id}/comments?lang=en`, { content: 'see', attachments: [{ ...file, name: 'bell\u0007.txt' }] });
    expect([comment.status, comment.body.text]).toEqual([422, 'The file name bell?.txt contains control characters; rename the file and upload it again.']);
  });
});
