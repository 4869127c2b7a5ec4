import type sharpModule from 'sharp';
import { fail } from './errors.ts';

/** sharp (libvips) is loaded on the first image, not at start: a server that never stores an image never maps it. */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));

/**
 * Bounds of a stored image (decisions 0027, 0103). A 50-megapixel frame holds every phone photo up to 50 MP; an
 * animation may have 100 frames and 100 megapixels over all of them, which bounds what a reader's browser (and our
 * own re-encoding) has to decode, whatever the few bytes on the wire claim. Each side is bounded too: decoding costs
 * per row as well as per pixel, and a 1 × 50,000,000 PNG of 97 KB took about a minute of CPU while 8000 × 6000 takes
 * well under a second; 20,000 still takes a 50 MP panorama. One request's images hold 100 megapixels at most (two
 * full 50 MP photos, eight of 12 MP), and each is decoded within a time limit whatever else slips through.
 */
export const IMAGE_LIMITS = { megapixels: 50, side: 20_000, frames: 100, totalMegapixels: 100, requestMegapixels: 100, seconds: 10 } as const;
export type ImageLimits = { readonly [K in keyof typeof IMAGE_LIMITS]: number };

const MEGA = 1_000_000;

interface Declared {
  width: number;
  height: number;
  frames: number;
}

/** BMP is not a format sharp reads: its size is in the header (BITMAPCOREHEADER or later), and it holds no EXIF. */
function bmpSize(bytes: Buffer): Declared | null {
  if (bytes.length < 26) return null;
  const core = bytes.readUInt32LE(14) === 12;
  const width = core ? bytes.readUInt16LE(18) : Math.abs(bytes.readInt32LE(18));
  const height = core ? bytes.readUInt16LE(20) : Math.abs(bytes.readInt32LE(22)); // negative: rows top-down
  return { width, height, frames: 1 };
}

/** What the header declares, read without decoding a pixel (sharp's metadata: one frame's size, the frame count). */
async function declared(bytes: Buffer, mime: string): Promise<Declared | null> {
  if (mime === 'image/bmp') return bmpSize(bytes);
  try {
    const sharp = await sharpLib();
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height, frames: meta.pages ?? 1 } : null;
  } catch {
    return null;
  }
}

/** Re-encoded in its own format with no metadata: EXIF (GPS, camera, owner), XMP, IPTC and comments are dropped. */
async function reencode(bytes: Buffer, mime: string, animated: boolean, limits: ImageLimits): Promise<Buffer> {
  const sharp = await sharpLib();
  // autoOrient: the EXIF orientation goes with the metadata, so it is applied to the pixels first.
  const image = sharp(bytes, { animated, limitInputPixels: limits.totalMegapixels * MEGA }).autoOrient().timeout({ seconds: limits.seconds });
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'image/png':
      return image.png().toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    default:
      throw new Error(`no encoder for ${mime}`);
  }
}

/** An upload as readUploads holds it; only those whose content is an image are bounded and re-encoded. */
export interface ImageUpload {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** The declared size of one image within the per-image bounds (422 otherwise), read without decoding a pixel. */
async function boundedSize({ bytes, name, mime }: ImageUpload, limits: ImageLimits): Promise<Declared> {
  const size = await declared(bytes, mime);
  if (!size) throw fail.unprocessable('forms.file.imageUnreadable', { name });
  const { width, height, frames } = size;
  if (width * height > limits.megapixels * MEGA) throw fail.unprocessable('forms.file.imageTooLarge', { name, width, height, max: limits.megapixels });
  if (Math.max(width, height) > limits.side) throw fail.unprocessable('forms.file.imageTooLong', { name, width, height, max: limits.side });
  if (frames > limits.frames || width * height * frames > limits.totalMegapixels * MEGA) {
    throw fail.unprocessable('forms.file.imageTooManyFrames', { name, frames, max: limits.frames, total: limits.totalMegapixels });
  }
  return size;
}

/**
 * One request's uploads as they may be stored: every image's declared size within the bounds, and all of them
 * together within the request's pixels, checked before anything is decoded (422 otherwise, nothing kept); then each
 * image re-encoded without metadata, within the time limit. Every image goes through here, whatever its purpose,
 * since an attachment's file id may also be put in an image field and shown inline.
 */
export async function boundedImages<T extends ImageUpload>(uploads: readonly T[], limits: ImageLimits = IMAGE_LIMITS): Promise<T[]> {
  const sizes = new Map<T, Declared>();
  for (const upload of uploads) if (upload.mime.startsWith('image/')) sizes.set(upload, await boundedSize(upload, limits));
  const pixels = [...sizes.values()].reduce((sum, { width, height, frames }) => sum + width * height * frames, 0);
  if (pixels > limits.requestMegapixels * MEGA) {
    throw fail.unprocessable('forms.file.imagesTooLarge', { total: Math.ceil((pixels / MEGA) * 10) / 10, max: limits.requestMegapixels });
  }
  const stored: T[] = [];
  for (const upload of uploads) {
    const size = sizes.get(upload);
    stored.push(size && upload.mime !== 'image/bmp' ? { ...upload, bytes: await reencoded(upload, size.frames > 1, limits) } : upload);
  }
  return stored;
}

async function reencoded({ bytes, name, mime }: ImageUpload, animated: boolean, limits: ImageLimits): Promise<Buffer> {
  try {
    return await reencode(bytes, mime, animated, limits);
  } catch (error) {
    // sharp's own words for a pipeline it stopped at the time limit.
    if (/^timeout/.test((error as Error).message)) throw fail.unprocessable('forms.file.imageTooSlow', { name, seconds: limits.seconds });
    // A header that reads but pixels that do not (truncated, corrupt): not an image we can store or show.
    throw fail.unprocessable('forms.file.imageUnreadable', { name });
  }
}
