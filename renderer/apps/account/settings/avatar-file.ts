import { PORTRAIT_LIMITS } from '../../../../shared/api/org-self.ts';

/**
 * The browser's own check of a chosen avatar (§5), before anything is sent: the type by its first bytes (a PDF
 * renamed .png is no image), the size, and the dimensions by decoding it. The server checks all of it again.
 */
export type AvatarKind = 'jpeg' | 'gif' | 'png' | 'bmp';

const starts = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

export function sniffAvatar(head: Uint8Array): AvatarKind | null {
  if (starts(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'gif';
  if (starts(head, [0x42, 0x4d]) && head.length >= 26) return 'bmp';
  return null;
}

/** A problem as a dictionary key with its parameters (the same keys the server answers with). */
export interface AvatarProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** Before decoding: type and size. */
export function fileProblem(kind: AvatarKind | null, size: number): AvatarProblem | null {
  if (!kind) return { key: 'orgSelf.portrait.badType' };
  if (size > PORTRAIT_LIMITS.maxBytes) return { key: 'orgSelf.portrait.tooLarge', params: { max: PORTRAIT_LIMITS.maxBytes / 1024 / 1024 } };
  return null;
}

/** After decoding: at least 340×260, and not more pixels than the server will decode. */
export function sizeProblem(width: number, height: number): AvatarProblem | null {
  const { minWidth, minHeight, maxPixels } = PORTRAIT_LIMITS;
  if (width * height > maxPixels) return { key: 'orgSelf.portrait.tooManyPixels', params: { width, height } };
  if (width < minWidth || height < minHeight) return { key: 'orgSelf.portrait.tooSmall', params: { width, height, minWidth, minHeight } };
  return null;
}

export interface ChosenAvatar {
  file: File;
  image: HTMLImageElement;
  /** An object URL of the file; revoke it when the cropper closes. */
  url: string;
  width: number;
  height: number;
}

function decode(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable'));
    image.src = url;
  });
}

/** The first bytes of a file (FileReader: every browser, and jsdom in the tests). */
function headOf(file: Blob, bytes = 32): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/** Reads and checks a chosen file: the avatar to crop, or the first problem found. */
export async function readAvatar(file: File): Promise<ChosenAvatar | AvatarProblem> {
  let head: Uint8Array;
  try {
    head = await headOf(file);
  } catch {
    return { key: 'orgSelf.avatar.unreadable' };
  }
  const early = fileProblem(sniffAvatar(head), file.size);
  if (early) return early;
  const url = URL.createObjectURL(file);
  try {
    const image = await decode(url);
    const problem = sizeProblem(image.naturalWidth, image.naturalHeight);
    if (problem) throw problem;
    return { file, image, url, width: image.naturalWidth, height: image.naturalHeight };
  } catch (failure) {
    URL.revokeObjectURL(url);
    return 'key' in (failure as object) ? (failure as AvatarProblem) : { key: 'orgSelf.avatar.unreadable' };
  }
}

/** The square of the source image the member chose, in source pixels. */
export interface Square {
  x: number;
  y: number;
  size: number;
}

/** The largest square, centred: where the cropper starts. */
export const centredSquare = (width: number, height: number): Square => {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
};

/** Keeps a square inside the image and no smaller than a quarter of its short side. */
export function clampSquare(square: Square, width: number, height: number): Square {
  const size = Math.round(Math.min(Math.max(square.size, Math.min(width, height) / 4), width, height));
  return { size, x: Math.round(Math.min(Math.max(square.x, 0), width - size)), y: Math.round(Math.min(Math.max(square.y, 0), height - size)) };
}

/** Draws the square scaled to 256×256 and encodes it as PNG (what the server expects beside the original). */
export function cropToPng(image: HTMLImageElement, square: Square): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PORTRAIT_LIMITS.crop;
  canvas.height = PORTRAIT_LIMITS.crop;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, square.x, square.y, square.size, square.size, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/png'));
}
