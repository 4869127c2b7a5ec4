import {
  BOARD_LIMITS,
  EVERYONE,
  NOBODY_ELSE,
  type Board,
  type BoardDraft,
  type BoardItem,
  type BoardItemKind,
  type ScreenTheme,
} from '../../../../shared/dashboards/model.ts';
import { DASHBOARD_COLUMNS, DASHBOARD_ROWS } from '../../../../shared/dashboards/validate.ts';

/**
 * A dashboard's edits as pure functions over a `BoardDraft`: its 12-column grid (react-grid-layout reports cell
 * boxes, these keep them inside the grid), adding charts and text, removing. Screens use screen-model.ts (pixels).
 */
export const GRID_COLUMNS = DASHBOARD_COLUMNS;
export const GRID_ROWS = DASHBOARD_ROWS;
export const GRID_ROW_HEIGHT = 40;

/** The size a new item takes on a dashboard, in columns × rows. */
export const GRID_SIZE: Readonly<Record<BoardItemKind, { w: number; h: number }>> = {
  chart: { w: 6, h: 8 },
  text: { w: 12, h: 2 },
  device: { w: 3, h: 3 },
  clock: { w: 3, h: 2 },
};

export interface Place {
  x: number;
  y: number;
  w: number;
  h: number;
}

let counter = 0;
/** Item ids only need to be unique within the board; time + counter + random keeps copies apart too. */
export function newItemId(): string {
  counter += 1;
  return `i${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const whole = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(n) ? n : min)));

/** Whole cells, at least 1×1, never past the 12th column or the last row. */
export function clampCell(place: Place): Place {
  const w = whole(place.w, 1, GRID_COLUMNS);
  const h = whole(place.h, 1, GRID_ROWS);
  return { w, h, x: whole(place.x, 0, GRID_COLUMNS - w), y: whole(place.y, 0, GRID_ROWS - h) };
}

/** The first row below every item: where an item added by click goes. */
export function bottomRow(items: readonly BoardItem[]): number {
  return items.reduce((bottom, item) => Math.max(bottom, item.place.y + item.place.h), 0);
}

const overlaps = (a: Place, b: Place) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first free place of a w × h item, row by row from the top (a second chart goes beside the first). */
export function freeSpot(items: readonly BoardItem[], w: number, h: number): { x: number; y: number } {
  const bottom = bottomRow(items);
  for (let y = 0; y < bottom; y += 1) {
    for (let x = 0; x + w <= GRID_COLUMNS; x += 1) {
      const place = { x, y, w, h };
      if (!items.some((item) => overlaps(item.place, place))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/** Adds an item where it first fits, or says the board is full (BOARD_LIMITS.items). */
export function addGridItem(draft: BoardDraft, item: Omit<BoardItem, 'id' | 'place'>, place?: Partial<Place>): { draft: BoardDraft; id: string } | { refused: 'tooMany' } {
  if (draft.items.length >= BOARD_LIMITS.items) return { refused: 'tooMany' };
  const size = GRID_SIZE[item.kind];
  const id = newItemId();
  const w = place?.w ?? size.w;
  const h = place?.h ?? size.h;
  const spot = place?.x !== undefined && place.y !== undefined ? { x: place.x, y: place.y } : freeSpot(draft.items, w, h);
  const full: BoardItem = { ...item, id, place: clampCell({ ...spot, w, h }) };
  return { draft: { ...draft, items: [...draft.items, full] }, id };
}

/** The grid library's layout of the items (cells by item id). */
export function toGridLayout(items: readonly BoardItem[]): Array<Place & { i: string }> {
  return items.map((item) => ({ i: item.id, ...clampCell(item.place) }));
}

/** Takes the grid's positions; the same draft object when nothing moved (so no needless "unsaved" state). */
export function applyGridLayout(draft: BoardDraft, cells: ReadonlyArray<Place & { i: string }>): BoardDraft {
  const byId = new Map(cells.map((cell) => [cell.i, cell]));
  let changed = false;
  const items = draft.items.map((item) => {
    const cell = byId.get(item.id);
    if (!cell) return item;
    const place = clampCell(cell);
    if (samePlace(place, item.place)) return item;
    changed = true;
    return { ...item, place };
  });
  return changed ? { ...draft, items } : draft;
}

export const samePlace = (a: Place, b: Place) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

export function updateItem(draft: BoardDraft, id: string, change: (item: BoardItem) => BoardItem): BoardDraft {
  return { ...draft, items: draft.items.map((item) => (item.id === id ? change(item) : item)) };
}

export function removeItem(draft: BoardDraft, id: string): BoardDraft {
  return { ...draft, items: draft.items.filter((item) => item.id !== id) };
}

/** The chart ids a board shows, each once, in the order they appear. */
export function chartIdsOf(items: readonly BoardItem[]): string[] {
  return [...new Set(items.filter((item) => item.kind === 'chart' && item.chartId).map((item) => item.chartId!))];
}

export function draftOf(board: Board): BoardDraft {
  const { kind, name, description, items, filters, refreshSeconds, screen, viewers, editors } = board;
  return { kind, name, description, items, filters, refreshSeconds, screen, viewers, editors };
}

/** A new dashboard: only its author sees it until he shares it (nothing half-made shows up in others' lists). */
export function newDashboard(name: string, description = ''): BoardDraft {
  return { kind: 'dashboard', name: name.trim(), description, items: [], filters: [], refreshSeconds: 0, screen: null, viewers: NOBODY_ELSE, editors: NOBODY_ELSE };
}

export function newScreen(name: string, size: readonly [number, number], theme: ScreenTheme): BoardDraft {
  return {
    kind: 'screen',
    name: name.trim(),
    description: '',
    items: [],
    filters: [],
    refreshSeconds: 0,
    screen: { width: size[0], height: size[1], theme },
    viewers: EVERYONE,
    editors: NOBODY_ELSE,
  };
}

/** The label a size option shows: "1920 × 1080". */
export const sizeLabel = (size: readonly [number, number]) => `${size[0]} × ${size[1]}`;

/** The raw keys of one result row, one per dimension (the server's `keys` holds one array per row), for drill-down. */
export function rowKeys(keys: ReadonlyArray<ReadonlyArray<string | number | null>>, row: number): Array<string | number | null> {
  return [...(keys[row] ?? [])];
}
