import { SKINS } from '../constants.ts';
import { DEFAULT_WEBCHAT, type WebchatSetting } from './webchat.ts';

/**
 * How a space looks (spec §2.6 watermark, themeColor / console/stylesheet; decision 0037): the page watermark and
 * the space's skin. The renderer reads both once at boot (GET /api/org/appearance); the page and the server check
 * an edit with the same rules below, so both refuse the same things in the same words.
 */
export type Skin = (typeof SKINS)[number];

export const WATERMARK_CONTENT = ['name', 'login', 'time'] as const;
export type WatermarkContent = (typeof WATERMARK_CONTENT)[number];
export const WATERMARK_DENSITIES = ['sparse', 'normal', 'dense'] as const;
export type WatermarkDensity = (typeof WATERMARK_DENSITIES)[number];
export const WATERMARK_OPACITIES = ['light', 'normal', 'strong'] as const;
export type WatermarkOpacity = (typeof WATERMARK_OPACITIES)[number];

export interface WatermarkSettings {
  enabled: boolean;
  /** 'all': every page of the space; 'apps': only the pages of the listed application-centre apps. */
  scope: 'all' | 'apps';
  appIds: string[];
  /** What each mark says, in this order: the viewer's name, login ID, and the current date and minute. */
  content: WatermarkContent[];
  density: WatermarkDensity;
  opacity: WatermarkOpacity;
  /** Pixels. */
  fontSize: number;
}

export interface ThemeSetting {
  /** The space's skin: what members see unless they chose their own (and may). */
  skin: Skin;
  /** Whether a member's own choice in the header wins over the space's skin. */
  membersChoose: boolean;
}

export interface Appearance {
  watermark: WatermarkSettings;
  theme: ThemeSetting;
  webchat: WebchatSetting;
  /** The space's logo (`logo` page): its version for the image address, or null for the platform's name. */
  logo?: { version: string } | null;
}

export const APPEARANCE_PATH = '/api/org/appearance';
export const WATERMARK_LIMITS = { apps: 200, fontMin: 12, fontMax: 28 } as const;

export const DEFAULT_WATERMARK: WatermarkSettings = { enabled: false, scope: 'all', appIds: [], content: ['name', 'login', 'time'], density: 'normal', opacity: 'normal', fontSize: 16 };
export const DEFAULT_THEME: ThemeSetting = { skin: 'daybreakBlue', membersChoose: true };
export const DEFAULT_APPEARANCE: Appearance = { watermark: DEFAULT_WATERMARK, theme: DEFAULT_THEME, webchat: DEFAULT_WEBCHAT, logo: null };

export interface AppearanceProblem {
  key: string;
  params?: Record<string, string | number>;
}

const APP_ID = /^[0-9]{1,18}$/;
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The first thing wrong with a watermark edit, or null. Which app ids exist is the server's to say. */
export function watermarkProblem(w: WatermarkSettings): AppearanceProblem | null {
  if (w.scope !== 'all' && w.scope !== 'apps') return { key: 'org.watermark.badScope' };
  if (w.appIds.length > WATERMARK_LIMITS.apps) return { key: 'org.watermark.tooManyApps', params: { max: WATERMARK_LIMITS.apps } };
  const bad = w.appIds.find((id) => !APP_ID.test(id));
  if (bad !== undefined) return { key: 'org.watermark.unknownApp', params: { id: bad.slice(0, 20) } };
  // An empty list would switch the watermark off without saying so: the admin chooses "off" for that.
  if (w.enabled && w.scope === 'apps' && w.appIds.length === 0) return { key: 'org.watermark.noApps' };
  if (w.content.length === 0) return { key: 'org.watermark.noContent' };
  if (w.content.some((c) => !oneOf(WATERMARK_CONTENT, c)) || new Set(w.content).size !== w.content.length) return { key: 'org.watermark.badContent' };
  if (!oneOf(WATERMARK_DENSITIES, w.density)) return { key: 'org.watermark.badDensity' };
  if (!oneOf(WATERMARK_OPACITIES, w.opacity)) return { key: 'org.watermark.badOpacity' };
  if (!Number.isInteger(w.fontSize) || w.fontSize < WATERMARK_LIMITS.fontMin || w.fontSize > WATERMARK_LIMITS.fontMax) {
    return { key: 'org.watermark.badFontSize', params: { min: WATERMARK_LIMITS.fontMin, max: WATERMARK_LIMITS.fontMax } };
  }
  return null;
}

export function themeProblem(theme: ThemeSetting): AppearanceProblem | null {
  return isSkin(theme.skin) ? null : { key: 'org.theme.badSkin', params: { skin: String(theme.skin).slice(0, 40) } };
}

export const isSkin = (value: unknown): value is Skin => typeof value === 'string' && oneOf(SKINS, value);

/** Spec §2.6 "the user's own choice still wins where the admin allows it": otherwise the space's skin. */
export function effectiveSkin(theme: ThemeSetting, own: Skin | null): Skin {
  return theme.membersChoose && own ? own : theme.skin;
}

/** Whether the watermark is drawn on a page of app `appId` (null: a page outside any app). */
export function watermarkShownOn(w: WatermarkSettings, appId: string | null): boolean {
  if (!w.enabled) return false;
  return w.scope === 'all' || (appId !== null && w.appIds.includes(appId));
}

/**
 * The application-centre app a page belongs to, from its route and path parameters. `{appId}` names an app except
 * on the pages where the route table reads it as a system id (the system page, the app recycle bin); the record
 * page names it `{app}`.
 */
export function pageAppId(routeId: string, params: Readonly<Record<string, string | undefined>>): string | null {
  if (routeId === 'appcenter.system' || routeId === 'forms.recycle') return null;
  const id = routeId === 'forms.detail' ? params['app'] : params['appId'];
  return id && APP_ID.test(id) ? id : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The lines of one mark, in the chosen order; the time as 'YYYY-MM-DD HH:MM' on the viewer's clock. */
export function watermarkLines(content: readonly WatermarkContent[], viewer: { name: string; loginId: string }, now: Date): string[] {
  const time = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const text: Record<WatermarkContent, string> = { name: viewer.name, login: viewer.loginId, time };
  return content.map((c) => text[c]).filter((line) => line.trim() !== '');
}
