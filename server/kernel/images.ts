import type sharpModule from 'sharp';
import { fail } from './errors.ts';

/** sharp (libvips) is loaded on the first image, not at start: a server that never stores an image never maps it. */
let loaded: Promise<typeof sharpModule> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((module) => module.default));

/**
 * Bounds of a stored image (decision 0027). A 50-megapixel frame holds every phone photo up to 50 MP; an animation
 * may have 100 frames and 100 megapixels over all of them, which bounds what a reader's browser (and our own
 * re-encoding) has to decode, whatever the few bytes on the wire claim.
 */
export const IMAGE_LIMITS = { megapixels: 50, frames: 100, totalMegapixels: 100 } as const;

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
async function reencode(bytes: Buffer, mime: string, animated: boolean): Promise<Buffer> {
  const sharp = await sharpLib();
  // autoOrient: the EXIF orientation goes with the metadata, so it is applied to the pixels first.
  const image = sharp(bytes, { animated, limitInputPixels: IMAGE_LIMITS.totalMegapixels * MEGA }).autoOrient();
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

/**
 * An image upload as it may be stored: its declared size and frames within IMAGE_LIMITS (checked before anything
 * is decoded; 422 otherwise), then re-encoded without metadata. Every image goes through here, whatever its
 * purpose, since an attachment's file id may also be put in an image field and shown inline.
 */
export async function boundedImage(bytes: Buffer, name: string, mime: string): Promise<Buffer> {
  const size = await declared(bytes, mime);
  if (!size) throw fail.unprocessable('forms.file.imageUnreadable', { name });
  const { width, height, frames } = size;
  if (width * height > IMAGE_LIMITS.megapixels * MEGA) throw fail.unprocessable('forms.file.imageTooLarge', { name, width, height, max: IMAGE_LIMITS.megapixels });
  if (frames > IMAGE_LIMITS.frames || width * height * frames > IMAGE_LIMITS.totalMegapixels * MEGA) {
    throw fail.unprocessable('forms.file.imageTooManyFrames', { name, frames, max: IMAGE_LIMITS.frames, total: IMAGE_LIMITS.totalMegapixels });
  }
  if (mime === 'image/bmp') return bytes;
  try {
    return await reencode(bytes, mime, frames > 1);
  } catch {
    // A header that reads but pixels that do not (truncated, corrupt): not an image we can store or show.
    throw fail.unprocessable('forms.file.imageUnreadable', { name });
  }
}
