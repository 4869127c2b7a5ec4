import sharp from 'sharp';
import { expect } from 'vitest';
import type { Answer, TestClient } from '../../../tests/support/client.ts';
import type { PortalComponent, PortalDraft } from '../../../shared/portal/model.ts';

/** Helpers of the portal suites: drafts, components and generated pictures of exact sizes and formats. */
export function ok<T = any>(answer: Answer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body.data;
}

export const draft = (overrides: Partial<PortalDraft> = {}): PortalDraft => ({
  terminal: 'web',
  name: 'Plant portal',
  description: '',
  cover: null,
  roleGroups: [],
  components: [],
  ...overrides,
});

let next = 0;
const place = () => ({ x: 0, y: next++ % 100, w: 6, h: 2 });

export const messageAlert = (config: Partial<{ categories: string[]; pageSize: number }> = {}): PortalComponent =>
  ({ id: `ma${next++}`, type: 'messageAlert', name: 'Messages', hideName: false, style: 'list', place: place(), config: { categories: [], pageSize: 5, ...config } }) as PortalComponent;

export const myWork = (): PortalComponent => ({ id: `mw${next++}`, type: 'myWork', name: 'My work', hideName: false, style: 'card', place: place(), config: { pageSize: 5 } });

export const chart = (): PortalComponent => ({ id: `ch${next++}`, type: 'chart', name: 'Output', hideName: false, style: 'card', place: place(), config: { chartId: null } });

export interface LabelSpec {
  appId: string;
  formId: string;
  titleField?: string;
  contentField?: string | null;
  id?: string;
}

export const appData = (labels: LabelSpec[], config: Partial<{ pageSize: number; maxItems: number }> = {}, style: 'list' | 'card' = 'list'): PortalComponent => ({
  id: `ad${next++}`,
  type: 'appData',
  name: 'Orders',
  hideName: false,
  style,
  place: place(),
  config: {
    labels: labels.map((l, i) => ({ id: l.id ?? `l${i}`, name: `Label ${i}`, appId: l.appId, formId: l.formId, titleField: l.titleField ?? 'f1', contentField: l.contentField ?? null })),
    linkedLabel: null,
    pageSize: 5,
    maxItems: 50,
    ...config,
  },
});

export const quickEntry = (items: Array<{ iconType?: 'icon' | 'colour' | 'image'; icon?: string; link?: { type: string; target: string } }>, style: 'grid' | 'rotation' = 'grid'): PortalComponent =>
  ({
    id: `qe${next++}`,
    type: 'quickEntry',
    name: 'Shortcuts',
    hideName: false,
    style,
    place: place(),
    config: {
      itemsPerLine: 4,
      items: items.map((item, i) => ({ id: `it${i}`, name: `Entry ${i}`, iconType: item.iconType ?? 'colour', icon: item.icon ?? '#165dff', link: item.link ?? { type: 'none', target: '' } })),
    },
  }) as PortalComponent;

export const custom = (html: string, image: string | null = null): PortalComponent => ({
  id: `cu${next++}`,
  type: 'custom',
  name: 'Notice',
  hideName: false,
  style: 'card',
  place: place(),
  config: { html, image },
});

/** A picture of exactly this size and format; `noise` makes it big (incompressible) for the size limits. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png', noise = false): Promise<Buffer> {
  if (noise) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
    return sharp(raw, { raw: { width, height, channels: 3 } })[format]().toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 22, g: 93, b: 255 } } })[format]().toBuffer();
}

export const upload = (client: TestClient, kind: 'cover' | 'carousel' | 'custom', bytes: Buffer, name = 'picture.png') =>
  client.upload(`/api/portal/images?kind=${kind}`, [{ name, bytes, type: 'image/png' }]);
