import type { WatermarkTile } from './watermark-image.ts';

export interface WatermarkOverlay {
  draw(tile: WatermarkTile): void;
  destroy(): void;
  /** The overlay's node (tests). */
  readonly node: HTMLElement;
}

export const WATERMARK_ATTRIBUTE = 'data-qp-watermark';

/**
 * Every property is inline and `!important`: in the cascade an element's own important declarations beat any
 * stylesheet rule of the page, so a `[data-qp-watermark] { display: none !important }` injected later loses.
 * It lets every click through and is hidden from assistive technology (it is decoration, and says nothing a
 * screen reader user needs).
 */
function styleFor(tile: WatermarkTile): string {
  const rules: Array<[string, string]> = [
    ['position', 'fixed'],
    ['inset', '0'],
    ['margin', '0'],
    ['z-index', '2147483000'],
    ['pointer-events', 'none'],
    ['user-select', 'none'],
    ['display', 'block'],
    ['visibility', 'visible'],
    ['opacity', '1'],
    ['transform', 'none'],
    ['filter', 'none'],
    ['clip-path', 'none'],
    ['background-color', 'transparent'],
    ['background-image', tile.url],
    ['background-repeat', 'repeat'],
    ['background-position', '0 0'],
    ['background-size', `${tile.width}px ${tile.height}px`],
    // Browsers leave background images out of print unless told: printed pages carry the watermark too.
    ['-webkit-print-color-adjust', 'exact'],
    ['print-color-adjust', 'exact'],
  ];
  return rules.map(([name, value]) => `${name}: ${value} !important;`).join(' ');
}

/**
 * Puts the watermark over the whole document and keeps it there: a MutationObserver puts the node back when it is
 * removed (or the body emptied) and restores its attributes when they are edited (a `style`, `hidden` or `class`
 * added in the developer tools). What it cannot stop is written in docs/decisions/0036.
 */
export function mountWatermark(doc: Document, initial: WatermarkTile): WatermarkOverlay {
  const node = doc.createElement('div');
  let style = styleFor(initial);

  const repair = () => {
    for (const name of node.getAttributeNames()) {
      if (name !== 'style' && name !== 'aria-hidden' && name !== WATERMARK_ATTRIBUTE) node.removeAttribute(name);
    }
    if (node.getAttribute('aria-hidden') !== 'true') node.setAttribute('aria-hidden', 'true');
    if (node.getAttribute(WATERMARK_ATTRIBUTE) !== '') node.setAttribute(WATERMARK_ATTRIBUTE, '');
    if (node.getAttribute('style') !== style) node.setAttribute('style', style);
    if (node.firstChild) node.replaceChildren();
    if (node.parentNode !== doc.body) doc.body.appendChild(node);
  };

  // Reacting to our own repairs finds nothing left to change, so the observer settles after one round.
  const observer = new MutationObserver(repair);
  repair();
  observer.observe(doc.body, { childList: true });
  observer.observe(node, { attributes: true, childList: true });

  return {
    node,
    draw(tile) {
      style = styleFor(tile);
      repair();
    },
    destroy() {
      observer.disconnect();
      node.remove();
    },
  };
}
