import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../shared/org/appearance.ts';
import { matchRoute } from '../../shared/routes/match.ts';
import { baseInfoAtom, type BaseInfo } from '../kernel/atoms.ts';
import { appearanceAtom } from './appearance.ts';
import { Watermark } from './Watermark.tsx';
import { WATERMARK_ATTRIBUTE, mountWatermark } from './watermark-guard.ts';
import { tileLines, watermarkTile } from './watermark-image.ts';

const look = { density: 'normal', opacity: 'normal', fontSize: 16 } as const;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const marks = () => document.querySelectorAll(`[${WATERMARK_ATTRIBUTE}]`);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => document.body.replaceChildren());

describe('the watermark image', () => {
  it('carries the lines, escaped, and is wider for wider text', () => {
    const tile = watermarkTile(['acme admin', '<王工 & "co">'], look);
    expect(tile.url.startsWith('url("data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(tileLines(tile.url)).toEqual(['acme admin', '<王工 & "co">']);
    expect(watermarkTile(['a much longer line of text than before'], look).width).toBeGreaterThan(watermarkTile(['short'], look).width);
    expect(watermarkTile(['x'], { ...look, density: 'dense' }).width).toBeLessThan(watermarkTile(['x'], { ...look, density: 'sparse' }).width);
  });
});

describe('the watermark overlay resists removal', () => {
  it('covers the page without taking clicks, hidden from assistive technology', () => {
    const overlay = mountWatermark(document, watermarkTile(['acme admin'], look));
    expect(overlay.node.parentNode).toBe(document.body);
    expect(overlay.node.getAttribute('aria-hidden')).toBe('true');
    expect(overlay.node.getAttribute('style')).toContain('pointer-events: none !important');
    expect(overlay.node.getAttribute('style')).toContain('print-color-adjust: exact !important');
    overlay.destroy();
    expect(marks()).toHaveLength(0);
  });

  it('is put back when removed or when the body is emptied, and its attributes are restored', async () => {
    const overlay = mountWatermark(document, watermarkTile(['acme admin'], look));
    const style = overlay.node.getAttribute('style');
    overlay.node.remove();
    await settle();
    expect(overlay.node.parentNode).toBe(document.body);
    document.body.replaceChildren();
    await settle();
    expect(marks()).toHaveLength(1);
    overlay.node.style.display = 'none';
    overlay.node.setAttribute('hidden', '');
    overlay.node.setAttribute('class', 'gone');
    overlay.node.removeAttribute('aria-hidden');
    overlay.node.append(document.createElement('span'));
    await settle();
    expect(overlay.node.getAttribute('style')).toBe(style);
    expect(overlay.node.getAttributeNames().sort()).toEqual(['aria-hidden', 'data-qp-watermark', 'style']);
    expect(overlay.node.childNodes).toHaveLength(0);
    overlay.destroy();
    await settle();
    expect(marks()).toHaveLength(0);
  });
});

describe('the shell draws it on the pages its scope names', () => {
  const user = { id: '1', loginId: 'acme.admin', name: 'acme admin', entId: 'acme', entName: 'Acme', roles: ['admin'], ownSpaceId: 'acme', spaces: [] };

  it('on a chosen app’s pages only, with the viewer’s name and login', async () => {
    const store = createStore();
    store.set(baseInfoAtom, { user } as unknown as BaseInfo);
    store.set(appearanceAtom, { ...DEFAULT_APPEARANCE, watermark: { ...DEFAULT_APPEARANCE.watermark, enabled: true, scope: 'apps', appIds: ['42'], content: ['name', 'login'] } });
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const show = (path: string) => act(async () => root.render(<Provider store={store}><Watermark match={matchRoute(path, { ownSpaceId: 'acme' })!} /></Provider>));
    await show('/app/!/42');
    expect(marks()).toHaveLength(1);
    expect(tileLines(marks()[0]!.getAttribute('style') ?? '')).toEqual(['acme admin', 'acme.admin']);
    await show('/app/!/43');
    expect(marks()).toHaveLength(0);
    await show('/42/detail/7');
    expect(marks()).toHaveLength(1);
    await act(async () => store.set(appearanceAtom, DEFAULT_APPEARANCE));
    expect(marks()).toHaveLength(0);
    await act(async () => root.unmount());
  });
});
