import type { WatermarkSettings } from '../../shared/org/appearance.ts';

/** One tile of the watermark: an SVG image the overlay repeats over the page. */
export interface WatermarkTile {
  /** A CSS `url("data:image/svg+xml,…")`: an image, not text, so it adds no words for screen readers or search. */
  url: string;
  width: number;
  height: number;
}

/** Space around each mark, as a multiple of the mark's own rotated size. */
const SPACING: Record<WatermarkSettings['density'], number> = { sparse: 2.2, normal: 1.6, dense: 1.2 };
/** Grey at these strengths reads on light and dark skins alike and stays behind the page's text. */
const STRENGTH: Record<WatermarkSettings['opacity'], number> = { light: 0.1, normal: 0.16, strong: 0.26 };
const ANGLE = -20;
const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

/** Width of a line in ems: CJK and other wide characters one em, the rest about six tenths. */
export function emWidth(line: string): number {
  let width = 0;
  for (const char of line) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(char) ? 1 : 0.6;
  return width;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function watermarkTile(lines: readonly string[], settings: Pick<WatermarkSettings, 'density' | 'opacity' | 'fontSize'>): WatermarkTile {
  const size = settings.fontSize;
  const lineHeight = Math.round(size * 1.4);
  const textWidth = Math.max(6, ...lines.map(emWidth)) * size;
  const textHeight = Math.max(1, lines.length) * lineHeight;
  const radians = (Math.abs(ANGLE) * Math.PI) / 180;
  const spacing = SPACING[settings.density];
  const width = Math.ceil((textWidth * Math.cos(radians) + textHeight * Math.sin(radians)) * spacing);
  const height = Math.ceil((textWidth * Math.sin(radians) + textHeight * Math.cos(radians)) * spacing);
  const cx = width / 2;
  const top = height / 2 - textHeight / 2 + size;
  const spans = lines.map((line, i) => `<tspan x="${cx}" y="${Math.round(top + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text transform="rotate(${ANGLE} ${cx} ${height / 2})" text-anchor="middle" font-family="${FONT}" font-size="${size}" fill="#808080" fill-opacity="${STRENGTH[settings.opacity]}">${spans}</text></svg>`;
  // encodeURIComponent leaves ' ( ) alone; escaped too, the url reads the same to every CSS parser, quoted or not.
  const encoded = encodeURIComponent(svg).replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return { url: `url("data:image/svg+xml;charset=utf-8,${encoded}")`, width, height };
}

/** The marks' lines back from a tile's url, or from a style holding it (what tests and the e2e read back). */
export function tileLines(css: string): string[] {
  const encoded = /data:image\/svg\+xml;charset=utf-8,([^"\s]+)/.exec(css)?.[1];
  if (!encoded) return [];
  const svg = decodeURIComponent(encoded);
  return [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => (m[1] ?? '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
}
