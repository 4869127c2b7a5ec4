import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { FORM_LIMITS } from '../../shared/forms/fields.ts';
import { UNSAFE_FILE_NAME, shownFileName } from '../../shared/forms/validate-values.ts';
import { AppError, fail } from './errors.ts';
import { boundedImages } from './images.ts';

// Uploads as every app that stores files reads them (forms' attachments and imports, chat's files): checked by
// content and bounded the same way everywhere, so this lives in the kernel rather than in one app (decision 0091).
// The limits and message keys are the ones §5 gave the forms' uploads first.

export type FilePurpose = 'attachment' | 'image' | 'import';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'];
const DOCUMENTS = [
  ...IMAGES,
  'application/pdf',
  'application/zip',
  'application/x-rar-compressed',
  'application/x-7z-compressed',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/x-cfb',
  'video/mp4',
  'audio/mpeg',
];
/** Plain text has no magic bytes: allowed for these extensions when the bytes really are UTF-8 text. */
const TEXT_EXTENSIONS = ['txt', 'csv', 'md', 'log', 'json'];
// .xls (x-cfb) and .ods pass here so the import's reader answers them with its own advice (save as xlsx).
const IMPORT_TYPES = ['application/zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/x-cfb', 'application/vnd.oasis.opendocument.spreadsheet'];

// Text has no NUL bytes; its encoding (UTF-8, or GB18030 from Chinese Excel) is the import reader's concern.
const isText = (bytes: Buffer) => !bytes.subarray(0, 1 << 20).includes(0);

/**
 * The type of an upload by its CONTENT, never by its name or the browser's word: a renamed executable or an
 * HTML page posing as an image is refused. Null = not allowed for this purpose.
 */
export async function sniff(bytes: Buffer, name: string, purpose: FilePurpose): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (purpose === 'image') return found && IMAGES.includes(found.mime) ? found.mime : null;
  if (purpose === 'import') {
    if (found) return IMPORT_TYPES.includes(found.mime) ? found.mime : null;
    return extension === 'csv' && isText(bytes) ? 'text/csv' : null;
  }
  if (found) return DOCUMENTS.includes(found.mime) ? found.mime : null;
  return TEXT_EXTENSIONS.includes(extension) && isText(bytes) ? 'text/plain' : null;
}

export interface Upload {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** §5: at most 5 files per upload, each within the size limit; every file checked by content, images bounded (images.ts). */
export async function readUploads(req: FastifyRequest, purpose: FilePurpose, maxBytes: number): Promise<Upload[]> {
  const uploads: Upload[] = [];
  try {
    for await (const part of req.files({ limits: { files: FORM_LIMITS.filesPerUpload + 1, fileSize: maxBytes, fields: 5, parts: 12 } })) {
      const name = part.filename.trim().slice(0, 255);
      if (!name) throw fail.unprocessable('forms.validation.fileName');
      // A 422 rather than a cleaned name: the user would not recognise their file under another name (decision 0027).
      if (UNSAFE_FILE_NAME.test(name)) throw fail.unprocessable('forms.file.badName', { name: shownFileName(name) });
      if (uploads.length >= FORM_LIMITS.filesPerUpload) throw fail.unprocessable('forms.file.tooMany', { max: FORM_LIMITS.filesPerUpload });
      const bytes = await part.toBuffer();
      const mime = await sniff(bytes, name, purpose);
      if (!mime) throw fail.unprocessable('forms.file.badType', { name });
      uploads.push({ name, mime, bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail.tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fail.unprocessable('forms.file.tooMany', { max: FORM_LIMITS.filesPerUpload });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fail.unprocessable('forms.file.none');
    throw error;
  }
  if (uploads.length === 0) throw fail.unprocessable('forms.file.none');
  // Images are bounded once every part is in: the request's total is known before the first one is decoded.
  return boundedImages(uploads);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
