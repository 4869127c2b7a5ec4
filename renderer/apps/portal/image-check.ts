import { IMAGE_RULES, SAFE_IMAGE_NAME, type ImageKind } from '../../../shared/portal/model.ts';

/**
 * The §5 image checks done in the browser before uploading (the server checks the content again with sharp): the
 * file type, its size, its name without special characters, and its pixel size — exactly 640×400 for a cover and
 * 1080×420 for a carousel image, a square of at least 500 px for a quick entry's own icon.
 */
export interface ImageProblem {
  key: string;
  params?: Record<string, string | number>;
}

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export type Measure = (file: File) => Promise<{ width: number; height: number } | null>;

/** Reads the pixel size by decoding the image (null when the browser cannot decode it: not a real image). */
export const measureImage: Measure = (file) =>
  new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => (URL.revokeObjectURL(url), resolve({ width: image.naturalWidth, height: image.naturalHeight }));
    image.onerror = () => (URL.revokeObjectURL(url), resolve(null));
    image.src = url;
  });

export async function imageProblem(kind: ImageKind, file: File, measure: Measure = measureImage): Promise<ImageProblem | null> {
  const rule = IMAGE_RULES[kind];
  const types = rule.types as readonly string[];
  const extension = (file.name.split('.').pop() ?? '').toLowerCase().replace('jpeg', 'jpg');
  if (!types.includes(extension) || (file.type && file.type !== MIME[extension])) return { key: 'portal.ui.image.type', params: { types: types.join(', ') } };
  if (!SAFE_IMAGE_NAME.test(file.name)) return { key: 'portal.ui.image.name' };
  if (file.size > rule.maxBytes) return { key: 'portal.ui.image.size', params: { kb: Math.round(rule.maxBytes / 1024) } };
  const size = await measure(file);
  if (!size) return { key: 'portal.ui.image.unreadable' };
  if ('width' in rule && (size.width !== rule.width || size.height !== rule.height)) {
    return { key: 'portal.ui.image.exact', params: { width: rule.width, height: rule.height } };
  }
  if ('square' in rule && (size.width !== size.height || size.width < rule.minWidth)) return { key: 'portal.ui.image.square', params: { min: rule.minWidth } };
  return null;
}
