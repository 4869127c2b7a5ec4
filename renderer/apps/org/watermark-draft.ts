import { DEFAULT_WATERMARK, WATERMARK_CONTENT, WATERMARK_DENSITIES, WATERMARK_LIMITS, WATERMARK_OPACITIES, type WatermarkSettings } from '../../../shared/org/appearance.ts';
import { buildPath, type RouteMatch } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';

export type WatermarkLook = Pick<WatermarkSettings, 'content' | 'density' | 'opacity' | 'fontSize'>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const member = <T extends string>(list: readonly T[], value: string, fallback: T): T => ((list as readonly string[]).includes(value) ? (value as T) : fallback);

/**
 * The preview's address: the look being edited travels in the query, so the preview shows unsaved choices without
 * saving anything, and the settings page (kept by the page cache) still holds them on the way back.
 */
export function previewPath(match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>, look: WatermarkLook): string {
  const route = ROUTES.find((r) => r.id === 'org.watermarkPreview')!;
  const query = new URLSearchParams({ content: look.content.join(','), density: look.density, opacity: look.opacity, fontSize: String(look.fontSize) });
  return `${buildPath(route, {}, match.spaceUri ? match.spaceId : null)}?${query}`;
}

/** The look a preview address asks for; what it does not say (or says wrongly) is the saved `fallback`'s. */
export function lookFromQuery(query: RouteMatch['query'], fallback: WatermarkLook = DEFAULT_WATERMARK): WatermarkLook {
  const content = one(query['content'])
    .split(',')
    .filter((c, i, all): c is WatermarkSettings['content'][number] => (WATERMARK_CONTENT as readonly string[]).includes(c) && all.indexOf(c) === i);
  const size = Number(one(query['fontSize']));
  return {
    content: content.length ? content : fallback.content,
    density: member(WATERMARK_DENSITIES, one(query['density']), fallback.density),
    opacity: member(WATERMARK_OPACITIES, one(query['opacity']), fallback.opacity),
    fontSize: Number.isInteger(size) && size >= WATERMARK_LIMITS.fontMin && size <= WATERMARK_LIMITS.fontMax ? size : fallback.fontSize,
  };
}
