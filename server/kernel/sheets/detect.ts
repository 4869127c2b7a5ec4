import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { scanZip } from './zip.ts';
import { ImportFileError, importLimits, type ImportLimits, type SheetKind, type TextEncoding } from './types.ts';

/** OLE2 compound file: legacy .xls, and also every password-protected .xlsx (Excel wraps those in OLE2). */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream name Office gives the encrypted workbook inside the OLE2 container, as stored (UTF-16LE). */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
/** The `mimetype` entry of an OpenDocument spreadsheet (LibreOffice Calc, WPS "ods"). */
const ODS_MIMETYPE = Buffer.from('application/vnd.oasis.opendocument.spreadsheet');
/** file-type needs at most this many leading bytes to recognise any format it knows. */
const HEAD_BYTES = 4100;

/**
 * Decides from the CONTENT, never the name, what an uploaded file is. Browsers and users rename files
 * freely; the name only matters for the download dialog.
 */
export async function detectImportFile(
  path: string,
  limits: Partial<ImportLimits> = {},
): Promise<{ kind: SheetKind; encoding?: TextEncoding }> {
  const { maxBytes, zipMaxEntries } = importLimits(limits);
  const { size } = await stat(path);
  if (size > maxBytes) {
    throw new ImportFileError('forms.import.tooLarge', { max: Math.round(maxBytes / (1024 * 1024)) });
  }
  if (size === 0) throw new ImportFileError('forms.import.empty');

  const head = await readHead(path, Math.min(size, HEAD_BYTES));
  if (head.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) {
    const encrypted = await fileContains(path, ENCRYPTED_PACKAGE);
    throw new ImportFileError(encrypted ? 'forms.import.encrypted' : 'forms.import.xlsUnsupported');
  }
  // "PK": a zip. Only one holding xl/workbook.xml is a workbook (xlsb, ods, docx and plain zips are not).
  if (head[0] === 0x50 && head[1] === 0x4b) {
    // OpenDocument stores its media type uncompressed as the first entry: an .ods gets advice, not "bad type".
    if (head.includes(ODS_MIMETYPE)) throw new ImportFileError('forms.import.odsUnsupported');
    let found = false;
    await scanZip(
      path,
      (entry) => (found = entry.name === 'xl/workbook.xml'),
      (entryCount) => {
        if (entryCount > zipMaxEntries) throw new ImportFileError('forms.import.zipBomb');
      },
    );
    if (found) return { kind: 'xlsx' };
    throw new ImportFileError('forms.import.badType');
  }
  // Any magic number file-type knows (png, pdf, gif, mp4, …) is a binary that merely lacks a zip header.
  if (await fileTypeFromBuffer(head)) throw new ImportFileError('forms.import.badType');

  // Chinese Excel saves "CSV" in the ANSI code page (GBK, a subset of GB18030); everything else is UTF-8.
  for (const encoding of ['utf8', 'gb18030'] as const) {
    if (await isText(path, encoding)) return { kind: 'csv', encoding };
  }
  throw new ImportFileError('forms.import.badType');
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Streams the file once; the needle may straddle two chunks, so the tail of each chunk is carried over. */
async function fileContains(path: string, needle: Buffer): Promise<boolean> {
  let carry = Buffer.alloc(0);
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const window = Buffer.concat([carry, chunk]);
      if (window.includes(needle)) return true;
      carry = window.subarray(Math.max(0, window.length - needle.length + 1));
    }
    return false;
  } finally {
    stream.destroy();
  }
}

/**
 * True when the whole file decodes without error in `encoding` and holds no binary control bytes. The
 * byte test is valid for both encodings: neither UTF-8 nor GB18030 uses bytes below 0x20 inside a
 * multi-byte character, so a control byte is a real control character, which no spreadsheet text has
 * (tab, CR, LF and form feed excepted). Stops at the first failure.
 */
async function isText(path: string, encoding: TextEncoding): Promise<boolean> {
  const decoder = new TextDecoder(encoding === 'utf8' ? 'utf-8' : 'gb18030', { fatal: true });
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (hasControlBytes(chunk)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false; // TypeError from the fatal decoder: not this encoding
  } finally {
    stream.destroy();
  }
}

function hasControlBytes(chunk: Buffer): boolean {
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i]!;
    // 0x09 tab, 0x0A LF, 0x0C form feed, 0x0D CR; 0x1A is the DOS end-of-file marker old tools append.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) {
      return true;
    }
  }
  return false;
}
