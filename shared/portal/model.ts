import type { MessageCategory } from '../messages/notify.ts';

/**
 * The portal (aggregation page) of spec §3 and its components: one model read by the server (which enforces every
 * §5 limit), the layout designer (which refuses the same things before saving) and the portal viewers (web, `/m/`
 * and the applet terminal). Decision 0060.
 */
export const TERMINALS = ['web', 'app', 'applet'] as const;
export type Terminal = (typeof TERMINALS)[number];

/** §3 component types. */
export const COMPONENT_TYPES = ['messageAlert', 'myWork', 'chart', 'appData', 'quickEntry', 'custom'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** §5: "Custom, message-alert and my-work components may be added only once" (per portal). */
export const SINGLE_COMPONENTS: readonly ComponentType[] = ['custom', 'messageAlert', 'myWork'];

/** §3 component styles: list, card, announcement, grid, rotation (carousel), list I, list II. */
export const COMPONENT_STYLES = ['list', 'card', 'announcement', 'grid', 'rotation', 'listOne', 'listTwo'] as const;
export type ComponentStyle = (typeof COMPONENT_STYLES)[number];

/** The styles each type may take (the designer offers these; the server refuses others). */
export const STYLES_OF: Readonly<Record<ComponentType, readonly ComponentStyle[]>> = {
  messageAlert: ['list', 'card'],
  myWork: ['card', 'list'],
  chart: ['card'],
  appData: ['list', 'card', 'announcement', 'listOne', 'listTwo'],
  quickEntry: ['grid', 'list', 'rotation'],
  custom: ['card'],
};

/** §3 link types of a quick entry (or a title link). */
export const LINK_TYPES = ['app', 'system', 'chart', 'url', 'portal', 'circle', 'personalSetting', 'scan', 'search', 'none', 'dashboard', 'analysis'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** §3 icon type of a quick entry: a named icon, a colour block with the entry's first letter, or an uploaded image. */
export const ICON_TYPES = ['icon', 'colour', 'image'] as const;
export type IconType = (typeof ICON_TYPES)[number];

/** §5 and §9 limits, in one place for the server and the designer. */
export const PORTAL_LIMITS = {
  name: 40,
  description: 200,
  componentName: 40,
  components: 30,
  /** Data paging: a positive integer of at most three digits. */
  pageSize: 999,
  /** Displayed data at most 999 items. */
  maxItems: 999,
  /** Labels (tabs) of list and announcement styles. */
  labels: 10,
  /** Quick entries; switching to the carousel (rotation) keeps only the first `carouselItems`. */
  quickItems: 60,
  carouselItems: 10,
  itemsPerLine: { min: 1, max: 8 },
  customHtml: 20_000,
  url: 2048,
  /** The layout grid: 12 columns on the web, rows of a fixed height. */
  columns: 12,
  rows: 200,
} as const;

/** Image rules of §5 / §9; `exact` sizes must match, `minWidth` + `square` are the custom image's. */
export const IMAGE_RULES = {
  cover: { types: ['jpg', 'png'], maxBytes: 2 * 1024 * 1024, width: 640, height: 400 },
  carousel: { types: ['jpg', 'png'], maxBytes: 2 * 1024 * 1024, width: 1080, height: 420 },
  custom: { types: ['jpg', 'png', 'gif'], maxBytes: 300 * 1024, square: true, minWidth: 500 },
} as const;
export type ImageKind = keyof typeof IMAGE_RULES;

/** §5: an uploaded cover's file name has no special characters (letters of any script, digits, space, `_-.()`). */
export const SAFE_IMAGE_NAME = /^[\p{L}\p{N} _\-.()（）]{1,100}$/u;

/** Where a component sits on the grid (columns and rows of the layout). */
export interface GridPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where a link goes: `target` is a route id (+ params) for platform pages, an address for `url`, empty for `none`. */
export interface PortalLink {
  type: LinkType;
  /** app / system / chart / dashboard / analysis / portal / circle: the id of the thing; url: an http(s) address. */
  target: string;
}

/** A tab of an application-data component: records of one form, shown by a title (and content) field. */
export interface DataLabel {
  id: string;
  name: string;
  appId: string;
  formId: string;
  /** §5: only required fields can be title fields. */
  titleField: string;
  contentField?: string | null;
}

/** One entry of a quick-entry component. */
export interface QuickItem {
  id: string;
  name: string;
  description?: string;
  iconType: IconType;
  /** iconType icon: an icon name; colour: a #rrggbb colour; image: an uploaded image id (custom, or carousel in rotation). */
  icon: string;
  link: PortalLink;
}

interface ComponentBase<T extends ComponentType, C> {
  id: string;
  type: T;
  name: string;
  hideName: boolean;
  style: ComponentStyle;
  place: GridPlace;
  config: C;
}

export type MessageAlertComponent = ComponentBase<'messageAlert', { categories: MessageCategory[]; pageSize: number }>;
export type MyWorkComponent = ComponentBase<'myWork', { pageSize: number }>;
/** The chart comes from the dashboards app; until it lands the component says so honestly. */
export type ChartComponent = ComponentBase<'chart', { chartId: string | null }>;
export type AppDataComponent = ComponentBase<
  'appData',
  { labels: DataLabel[]; linkedLabel: string | null; pageSize: number; maxItems: number }
>;
export type QuickEntryComponent = ComponentBase<'quickEntry', { items: QuickItem[]; itemsPerLine: number }>;
/** Sanitised on the server when saved (no script; frames only from the allow-list). */
export type CustomComponent = ComponentBase<'custom', { html: string; image: string | null }>;

export type PortalComponent =
  | MessageAlertComponent
  | MyWorkComponent
  | ChartComponent
  | AppDataComponent
  | QuickEntryComponent
  | CustomComponent;

/** What is saved: the portal's description and its layout. */
export interface PortalDraft {
  terminal: Terminal;
  name: string;
  description: string;
  /** Uploaded cover image id, or none. */
  cover: string | null;
  /** Role groups that see the portal; empty = every member of the space. */
  roleGroups: string[];
  components: PortalComponent[];
}

export interface Portal extends PortalDraft {
  id: string;
  system: boolean;
  isDefault: boolean;
  creator: { id: string; name: string };
  editor: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
  /** Optimistic lock: a save names the version it edited. */
  version: number;
}

/** A portal as listed for switching or management (no layout). */
export type PortalSummary = Omit<Portal, 'components'> & { components: number };
