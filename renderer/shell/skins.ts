import { generate } from '@arco-design/color';
import type { SKINS } from '../../shared/constants.ts';
import { DEFAULT_THEME } from '../../shared/org/appearance.ts';

export type Skin = (typeof SKINS)[number];

/** The nine skins of spec §9 as Arco theme inputs: a primary colour and light or dark. */
export const SKIN_THEMES: Record<Skin, { primary: string; dark: boolean | 'system' }> = {
  deepBlack: { primary: '#3C7EFF', dark: true },
  dreamPurple: { primary: '#722ED1', dark: false },
  interstellarBlue: { primary: '#0E42D2', dark: false },
  mistyRed: { primary: '#F53F3F', dark: false },
  sunsetOrange: { primary: '#F77234', dark: false },
  limeGreen: { primary: '#7BC616', dark: false },
  daybreakBlue: { primary: '#165DFF', dark: false },
  lilac: { primary: '#D91AD9', dark: false },
  system: { primary: '#165DFF', dark: 'system' },
};

/** A space's skin until its admin chooses one (shared/org/appearance.ts). */
export const DEFAULT_SKIN: Skin = DEFAULT_THEME.skin;

export function isSkin(value: unknown): value is Skin {
  return typeof value === 'string' && value in SKIN_THEMES;
}

const toRgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',');

/**
 * Applies a skin through Arco's own tokens: the `--primary-1…10` palette (Arco paints with
 * `rgb(var(--primary-6))`) and `arco-theme="dark"` on the body for dark skins.
 */
export function applySkin(skin: Skin, doc: Document = document, prefersDark = matchMedia?.('(prefers-color-scheme: dark)').matches ?? false): void {
  const theme = SKIN_THEMES[skin];
  const dark = theme.dark === 'system' ? prefersDark : theme.dark;
  const palette = generate(theme.primary, { list: true, dark }) as string[];
  palette.forEach((color, index) => doc.body.style.setProperty(`--primary-${index + 1}`, toRgb(color)));
  if (dark) doc.body.setAttribute('arco-theme', 'dark');
  else doc.body.removeAttribute('arco-theme');
  doc.body.dataset.skin = skin;
}
