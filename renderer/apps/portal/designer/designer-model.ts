import { MESSAGE_CATEGORIES } from '../../../../shared/messages/notify.ts';
import {
  PORTAL_LIMITS,
  SINGLE_COMPONENTS,
  type ComponentStyle,
  type ComponentType,
  type GridPlace,
  type PortalComponent,
  type PortalDraft,
} from '../../../../shared/portal/model.ts';
import { withStyle, type PortalProblem } from '../../../../shared/portal/validate.ts';

/**
 * The layout designer's edits as pure functions over a `PortalDraft`, so placing, resizing, the singletons and the
 * style switch are tested without a browser. The grid library reports positions; these functions keep them inside
 * the 12 columns and the §5 limits the server enforces again.
 */

/** The size a new component takes when dropped (columns × rows of the grid). */
export const DEFAULT_SIZE: Readonly<Record<ComponentType, { w: number; h: number }>> = {
  messageAlert: { w: 6, h: 6 },
  myWork: { w: 6, h: 6 },
  chart: { w: 6, h: 6 },
  appData: { w: 6, h: 7 },
  quickEntry: { w: 12, h: 4 },
  custom: { w: 12, h: 5 },
};

let counter = 0;
/** Component ids only need to be unique within the portal; time + counter + random keeps copies apart too. */
export function newComponentId(): string {
  counter += 1;
  return `c${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function blankComponent(type: ComponentType, name: string, place: GridPlace, id = newComponentId()): PortalComponent {
  const base = { id, name, hideName: false, place };
  switch (type) {
    case 'messageAlert':
      return { ...base, type, style: 'list', config: { categories: [...MESSAGE_CATEGORIES], pageSize: 5 } };
    case 'myWork':
      return { ...base, type, style: 'card', config: { pageSize: 5 } };
    case 'chart':
      return { ...base, type, style: 'card', config: { chartId: null } };
    case 'appData':
      return { ...base, type, style: 'list', config: { labels: [], linkedLabel: null, pageSize: 5, maxItems: 50 } };
    case 'quickEntry':
      return { ...base, type, style: 'grid', config: { items: [], itemsPerLine: 4 } };
    case 'custom':
      return { ...base, type, style: 'card', config: { html: '', image: null } };
  }
}

/** The single-use types already on the portal: the palette greys them out (§5). */
export function usedSingletons(components: readonly PortalComponent[]): Set<ComponentType> {
  return new Set(components.map((c) => c.type).filter((type) => SINGLE_COMPONENTS.includes(type)));
}

export type AddRefusal = 'onlyOnce' | 'tooMany';

/** Keeps a place inside the grid: whole cells, at least 1×1, never past the 12th column or the last row. */
export function clampPlace(place: GridPlace): GridPlace {
  const whole = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number.isFinite(n) ? n : min)));
  const w = whole(place.w, 1, PORTAL_LIMITS.columns);
  const h = whole(place.h, 1, PORTAL_LIMITS.rows);
  return { w, h, x: whole(place.x, 0, PORTAL_LIMITS.columns - w), y: whole(place.y, 0, PORTAL_LIMITS.rows - h) };
}

/** The first row below every component: where a component added by click goes. */
export function bottomRow(components: readonly PortalComponent[]): number {
  return components.reduce((bottom, c) => Math.max(bottom, c.place.y + c.place.h), 0);
}

/**
 * Adds a component of `type` at `at` (a drop) or below the others (a click), or says why it cannot: a singleton
 * already used, or the portal full.
 */
export function addComponent(
  draft: PortalDraft,
  type: ComponentType,
  name: string,
  at?: { x: number; y: number; w?: number; h?: number },
): { draft: PortalDraft; id: string } | { refused: AddRefusal } {
  if (usedSingletons(draft.components).has(type)) return { refused: 'onlyOnce' };
  if (draft.components.length >= PORTAL_LIMITS.components) return { refused: 'tooMany' };
  const size = DEFAULT_SIZE[type];
  const place = clampPlace({ x: at?.x ?? 0, y: at?.y ?? bottomRow(draft.components), w: at?.w ?? size.w, h: at?.h ?? size.h });
  const component = blankComponent(type, name, place);
  return { draft: { ...draft, components: [...draft.components, component] }, id: component.id };
}

/** What the grid reports after a move or resize: each component's new cell box, by id. */
export interface GridCell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Takes the grid's positions; the same draft object when nothing moved (so no needless "unsaved" state). */
export function applyLayout(draft: PortalDraft, cells: readonly GridCell[]): PortalDraft {
  const byId = new Map(cells.map((cell) => [cell.i, cell]));
  let changed = false;
  const components = draft.components.map((c) => {
    const cell = byId.get(c.id);
    if (!cell) return c;
    const place = clampPlace(cell);
    if (place.x === c.place.x && place.y === c.place.y && place.w === c.place.w && place.h === c.place.h) return c;
    changed = true;
    return { ...c, place };
  });
  return changed ? { ...draft, components } : draft;
}

export function updateComponent(draft: PortalDraft, id: string, change: (c: PortalComponent) => PortalComponent): PortalDraft {
  return { ...draft, components: draft.components.map((c) => (c.id === id ? change(c) : c)) };
}

export function removeComponent(draft: PortalDraft, id: string): PortalDraft {
  return { ...draft, components: draft.components.filter((c) => c.id !== id) };
}

/** A style switch through the shared `withStyle`, with how many quick entries the carousel dropped (to say so). */
export function changeStyle(component: PortalComponent, style: ComponentStyle): { component: PortalComponent; dropped: number } {
  const next = withStyle(component, style);
  const count = (c: PortalComponent) => (c.type === 'quickEntry' ? c.config.items.length : 0);
  return { component: next, dropped: count(component) - count(next) };
}

/** The problems that belong to the component at `index` (its own path or anything under it). */
export function problemsAt(problems: readonly PortalProblem[], index: number): PortalProblem[] {
  const at = `components.${index}`;
  return problems.filter((p) => p.path === at || p.path.startsWith(`${at}.`));
}

/** Problems of the portal itself (name, description, component count), shown above the grid. */
export function portalLevelProblems(problems: readonly PortalProblem[]): PortalProblem[] {
  return problems.filter((p) => !/^components\.\d+/.test(p.path));
}
