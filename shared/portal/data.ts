import type { Chart, ChartResult } from '../dashboards/model.ts';
import type { MessageCategory } from '../messages/notify.ts';
import type { ComponentType, Portal } from './model.ts';

/**
 * What a component shows, as the server answers it. Each component's first page arrives with the portal in one call
 * (`GET /api/portal/open`); further pages and other labels come from the component's own call. A component that
 * failed carries its own error and the others still show.
 */
export interface MessageAlertData {
  type: 'messageAlert';
  unread: Partial<Record<MessageCategory, number>>;
  items: { id: string; category: MessageCategory; title: string; at: string; read: boolean; href: string | null }[];
}

export interface MyWorkData {
  type: 'myWork';
  /** Pending to-dos, pending entrusted, unread CCs, and the member's own running flows. */
  counts: { todo: number; entrusted: number; cc: number; initiated: number };
  items: { taskId: string; title: string; formName: string; nodeName: string; at: string; href: string }[];
}

export interface ChartData {
  type: 'chart';
  /**
   * `unavailable` when no chart is chosen; `ready` with the chart (as the viewer may read it) and its result, which
   * the renderer draws with the dashboards app's ChartView.
   */
  state: 'unavailable' | 'ready';
  chart?: Pick<Chart, 'id' | 'name' | 'type' | 'options' | 'tips' | 'query'>;
  result?: ChartResult;
}

export interface AppDataRow {
  recordId: string;
  title: string;
  content: string | null;
  at: string;
  href: string;
}

export interface AppDataData {
  type: 'appData';
  label: string;
  rows: AppDataRow[];
  /** Cursor of the next page, or null at the end or at `maxItems`. */
  next: string | null;
}

/** Quick entries and custom components need no data: the layout holds them (`none`). */
export interface NoData {
  type: 'quickEntry' | 'custom';
}

export type ComponentData = MessageAlertData | MyWorkData | ChartData | AppDataData | NoData;

/** One component's answer: its data, or the message of its own failure (in the viewer's language). */
export type ComponentResult = { ok: true; data: ComponentData } | { ok: false; error: string; status: number };

/** `GET /api/portal/open?terminal=&id=`: the portal the member opens (the default of the terminal when no id). */
export interface OpenPortalAnswer {
  /** Null when the member may see no portal of the terminal (the viewer shows the built-in workbench). */
  portal: Portal | null;
  /** The other portals of the terminal the member may switch to. */
  choices: { id: string; name: string; isDefault: boolean }[];
  components: Record<string, ComponentResult>;
}

/** Types whose data the server fetches through a registered source (the rest need none). */
export const SOURCED_TYPES: readonly ComponentType[] = ['messageAlert', 'myWork', 'chart', 'appData'];
