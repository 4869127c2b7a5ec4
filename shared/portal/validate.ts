import { safeUrl } from '../org/navigation.ts';
import {
  PORTAL_LIMITS as L,
  SINGLE_COMPONENTS,
  STYLES_OF,
  type ComponentStyle,
  type PortalComponent,
  type PortalDraft,
  type PortalLink,
  type QuickItem,
} from './model.ts';

/**
 * The §5 rules a portal must keep, checked the same way by the designer (before saving) and the server (which never
 * trusts the designer). What needs the database — a title field being required, role groups and images existing —
 * the server checks on top. Keys are `portal.validation.*` in the dictionaries.
 */
export interface PortalProblem {
  /** Where: `name`, `components.3.config.pageSize`… */
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

const chars = (text: string) => [...text].length;
const count = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;
const COLOUR = /^#[0-9a-fA-F]{6}$/;
/** Labels beyond one only in the list and announcement styles (§5: "up to 10 labels for list and announcement"). */
const TABBED: readonly ComponentStyle[] = ['list', 'announcement'];

export function portalProblems(draft: PortalDraft): PortalProblem[] {
  const out: PortalProblem[] = [];
  const add = (path: string, key: string, params?: PortalProblem['params']) => out.push({ path, key, ...(params ? { params } : {}) });
  const name = draft.name.trim();
  if (!name) add('name', 'portal.validation.nameRequired');
  else if (chars(name) > L.name) add('name', 'portal.validation.nameTooLong', { max: L.name });
  if (chars(draft.description) > L.description) add('description', 'portal.validation.descriptionTooLong', { max: L.description });
  if (draft.components.length > L.components) add('components', 'portal.validation.tooManyComponents', { max: L.components });
  const ids = new Set<string>();
  const seenTypes = new Set<string>();
  draft.components.forEach((component, i) => {
    const at = `components.${i}`;
    if (ids.has(component.id)) add(`${at}.id`, 'portal.validation.duplicateId');
    ids.add(component.id);
    if (SINGLE_COMPONENTS.includes(component.type) && seenTypes.has(component.type)) add(at, 'portal.validation.onlyOnce', { type: component.type });
    seenTypes.add(component.type);
    componentProblems(component, at, add);
  });
  return out;
}

type Add = (path: string, key: string, params?: PortalProblem['params']) => void;

function componentProblems(c: PortalComponent, at: string, add: Add): void {
  const name = c.name.trim();
  if (!name) add(`${at}.name`, 'portal.validation.componentNameRequired');
  else if (chars(name) > L.componentName) add(`${at}.name`, 'portal.validation.componentNameTooLong', { max: L.componentName });
  if (!STYLES_OF[c.type].includes(c.style)) add(`${at}.style`, 'portal.validation.style');
  const { x, y, w, h } = c.place;
  const whole = [x, y, w, h].every(Number.isInteger);
  if (!whole || x < 0 || y < 0 || w < 1 || h < 1 || x + w > L.columns || y + h > L.rows) add(`${at}.place`, 'portal.validation.place');
  switch (c.type) {
    case 'messageAlert':
    case 'myWork':
      if (!count(c.config.pageSize, L.pageSize)) add(`${at}.config.pageSize`, 'portal.validation.pageSize', { max: L.pageSize });
      break;
    case 'appData': {
      const { labels, linkedLabel, pageSize, maxItems } = c.config;
      if (!count(pageSize, L.pageSize)) add(`${at}.config.pageSize`, 'portal.validation.pageSize', { max: L.pageSize });
      if (!count(maxItems, L.maxItems)) add(`${at}.config.maxItems`, 'portal.validation.maxItems', { max: L.maxItems });
      if (labels.length === 0) add(`${at}.config.labels`, 'portal.validation.labelRequired');
      if (labels.length > L.labels) add(`${at}.config.labels`, 'portal.validation.tooManyLabels', { max: L.labels });
      else if (labels.length > 1 && !TABBED.includes(c.style)) add(`${at}.config.labels`, 'portal.validation.oneLabel');
      labels.forEach((label, j) => {
        if (!label.name.trim() || chars(label.name) > L.componentName) add(`${at}.config.labels.${j}.name`, 'portal.validation.labelName', { max: L.componentName });
        if (!label.formId || !label.appId) add(`${at}.config.labels.${j}.formId`, 'portal.validation.labelForm');
        if (!label.titleField) add(`${at}.config.labels.${j}.titleField`, 'portal.validation.titleField');
      });
      if (linkedLabel !== null && !labels.some((label) => label.id === linkedLabel)) add(`${at}.config.linkedLabel`, 'portal.validation.linkedLabel');
      break;
    }
    case 'quickEntry': {
      const { items, itemsPerLine } = c.config;
      const max = c.style === 'rotation' ? L.carouselItems : L.quickItems;
      if (items.length > max) add(`${at}.config.items`, 'portal.validation.tooManyItems', { max });
      if (!Number.isInteger(itemsPerLine) || itemsPerLine < L.itemsPerLine.min || itemsPerLine > L.itemsPerLine.max) {
        add(`${at}.config.itemsPerLine`, 'portal.validation.itemsPerLine', { min: L.itemsPerLine.min, max: L.itemsPerLine.max });
      }
      items.forEach((item, j) => quickItemProblems(item, c.style, `${at}.config.items.${j}`, add));
      break;
    }
    case 'custom':
      if (chars(c.config.html) > L.customHtml) add(`${at}.config.html`, 'portal.validation.htmlTooLong', { max: L.customHtml });
      break;
    case 'chart':
      break;
  }
}

function quickItemProblems(item: QuickItem, style: ComponentStyle, at: string, add: Add): void {
  if (!item.name.trim() || chars(item.name) > L.componentName) add(`${at}.name`, 'portal.validation.itemName', { max: L.componentName });
  if (item.description && chars(item.description) > L.description) add(`${at}.description`, 'portal.validation.descriptionTooLong', { max: L.description });
  if (style === 'rotation' && item.iconType !== 'image') add(`${at}.icon`, 'portal.validation.carouselImage');
  if (item.iconType === 'colour' && !COLOUR.test(item.icon)) add(`${at}.icon`, 'portal.validation.colour');
  if (item.iconType !== 'colour' && !item.icon) add(`${at}.icon`, 'portal.validation.icon');
  if (!linkOk(item.link)) add(`${at}.link`, 'portal.validation.link');
}

export function linkOk(link: PortalLink): boolean {
  if (link.type === 'none' || link.type === 'scan' || link.type === 'search' || link.type === 'personalSetting') return link.target === '';
  if (link.type === 'url') return safeUrl(link.target);
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(link.target);
}

/** Changing a component's style: a carousel keeps only its first ten entries (§5); the designer and server agree. */
export function withStyle<C extends PortalComponent>(component: C, style: ComponentStyle): C {
  if (component.type !== 'quickEntry' || style !== 'rotation') return { ...component, style };
  return { ...component, style, config: { ...component.config, items: component.config.items.slice(0, L.carouselItems) } } as C;
}
