import { BOARD_LIMITS, type BoardDraft, type BoardItem, type BoardItemKind, type ScreenTheme } from '../../../../shared/dashboards/model.ts';
import { newItemId, type Place } from './board-model.ts';

/**
 * A data screen's free layout: items are pixel boxes at the screen's design resolution (1920 × 1080 …), the stage
 * is drawn at that size and scaled to the box it is shown in, keeping the aspect ratio. Pointer moves on the scaled
 * stage are divided by the scale to become design pixels. Pure functions, tested without a browser.
 */
export interface Size {
  width: number;
  height: number;
}

/** Smallest item, in design pixels: still grabbable on a 4K screen scaled down to a laptop. */
export const MIN_ITEM = 40;
/** Moves and resizes snap to this many design pixels, so items line up without a ruler. */
export const SNAP = 10;

export interface Fit {
  scale: number;
  /** Where the scaled stage's top-left corner sits inside the box (centred; letterbox bars on one axis). */
  left: number;
  top: number;
}

/** The largest scale that shows the whole stage inside the box without distorting it, centred. */
export function fitStage(stage: Size, box: Size): Fit {
  if (stage.width <= 0 || stage.height <= 0 || box.width <= 0 || box.height <= 0) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(box.width / stage.width, box.height / stage.height);
  return { scale, left: (box.width - stage.width * scale) / 2, top: (box.height - stage.height * scale) / 2 };
}

/** A pointer movement on the scaled stage, in design pixels. */
export const toDesign = (screenPixels: number, scale: number) => (scale > 0 ? screenPixels / scale : screenPixels);

const snap = (n: number) => Math.round(n / SNAP) * SNAP;

/** Whole pixels, at least MIN_ITEM, inside the stage. */
export function clampPixels(place: Place, stage: Size): Place {
  const finite = (n: number, fallback: number) => (Number.isFinite(n) ? n : fallback);
  const w = Math.round(Math.min(stage.width, Math.max(MIN_ITEM, finite(place.w, MIN_ITEM))));
  const h = Math.round(Math.min(stage.height, Math.max(MIN_ITEM, finite(place.h, MIN_ITEM))));
  const x = Math.round(Math.min(stage.width - w, Math.max(0, finite(place.x, 0))));
  const y = Math.round(Math.min(stage.height - h, Math.max(0, finite(place.y, 0))));
  return { x, y, w, h };
}

/** The place after dragging the item by (dx, dy) screen pixels at `scale`, snapped and kept on the stage. */
export function moved(place: Place, dx: number, dy: number, scale: number, stage: Size): Place {
  return clampPixels({ ...place, x: snap(place.x + toDesign(dx, scale)), y: snap(place.y + toDesign(dy, scale)) }, stage);
}

/** The place after dragging its bottom-right corner by (dx, dy) screen pixels at `scale`. */
export function resized(place: Place, dx: number, dy: number, scale: number, stage: Size): Place {
  const w = Math.min(stage.width - place.x, snap(place.w + toDesign(dx, scale)));
  const h = Math.min(stage.height - place.y, snap(place.h + toDesign(dy, scale)));
  return clampPixels({ ...place, w, h }, stage);
}

/** A new item's size as a share of the stage, so a 4K screen gets items as big on the wall as a 1080p one. */
const SHARE: Readonly<Record<BoardItemKind, { w: number; h: number }>> = {
  chart: { w: 0.32, h: 0.36 },
  text: { w: 0.5, h: 0.08 },
  device: { w: 0.16, h: 0.16 },
  clock: { w: 0.2, h: 0.08 },
};

const overlaps = (a: Place, b: Place) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a new item goes: the first free place of its size, row by row from the top-left (a share of the stage, so a
 * 4K screen gets items as big on the wall as a 1080p one); on a full stage, a cascade from the top-left.
 */
export function newScreenItemPlace(kind: BoardItemKind, items: readonly BoardItem[], stage: Size): Place {
  const share = SHARE[kind];
  const w = snap(stage.width * share.w);
  const h = snap(stage.height * share.h);
  const margin = snap(stage.width * 0.02);
  for (let y = margin; y + h <= stage.height; y += 2 * SNAP) {
    for (let x = margin; x + w <= stage.width; x += 2 * SNAP) {
      const place = { x, y, w, h };
      if (!items.some((item) => overlaps(item.place, place))) return place;
    }
  }
  const step = (items.length % 10) * 4 * SNAP;
  return clampPixels({ x: margin + step, y: margin + step, w, h }, stage);
}

export function addScreenItem(draft: BoardDraft, item: Omit<BoardItem, 'id' | 'place'>): { draft: BoardDraft; id: string } | { refused: 'tooMany' } {
  if (!draft.screen) return { refused: 'tooMany' };
  if (draft.items.length >= BOARD_LIMITS.items) return { refused: 'tooMany' };
  const id = newItemId();
  const place = newScreenItemPlace(item.kind, draft.items, draft.screen);
  return { draft: { ...draft, items: [...draft.items, { ...item, id, place }] }, id };
}

/** Dark themes draw charts with the dark palette. */
export const chartThemeOf = (theme: ScreenTheme | undefined): 'light' | 'dark' => (theme === 'light' ? 'light' : 'dark');

/**
 * What a device item shows of a payload: a number as it is, a JSON object's `value` (or its first number), else the
 * text itself, shortened. Devices publish all three.
 */
export function deviceReading(payload: string | null | undefined): string {
  if (payload === null || payload === undefined) return '—';
  const text = payload.trim();
  if (text === '') return '—';
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number' || typeof parsed === 'string' || typeof parsed === 'boolean') return String(parsed);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const record = parsed as Record<string, unknown>;
      if (record.value !== undefined && typeof record.value !== 'object') return String(record.value);
      const first = Object.values(record).find((v) => typeof v === 'number');
      if (first !== undefined) return String(first);
    }
  } catch {
    // Not JSON: the text as sent.
  }
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A screen moved to another resolution keeps its composition: every box scaled by the same factors, kept inside. */
export function rescaleItems(items: readonly BoardItem[], from: Size, to: Size): BoardItem[] {
  if (from.width === to.width && from.height === to.height) return [...items];
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return items.map((item) => ({ ...item, place: clampPixels({ x: item.place.x * sx, y: item.place.y * sy, w: item.place.w * sx, h: item.place.h * sy }, to) }));
}
