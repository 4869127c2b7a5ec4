import { createStore } from 'jotai';
import type { Bridge, SocketStatus } from '../../shared/bridge.ts';
import { DEFAULT_APPEARANCE } from '../../shared/org/appearance.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import { allowedRoutesAtom, baseInfoAtom, languageAtom, nakedAtom, skinAtom, socketStatusAtom, spaceRefusedAtom, offlineAtom, type BaseInfo } from '../kernel/atoms.ts';
import { createBrowserBridge } from '../kernel/bridge-browser.ts';
import { desktopFetch, isDesktopBridge } from '../kernel/desktop-fetch.ts';
import { ensureClientString } from '../kernel/client-string.ts';
import { setLanguage, startI18n, translatorFor } from '../kernel/i18n.ts';
import { kernelStorage } from '../kernel/storage.ts';
import { createTransport, pagePath } from '../kernel/transport.ts';
import type { i18n as I18n } from 'i18next';
import { loginPathFor } from './mobile/mobile-paths.ts';
import type { Services } from './services.tsx';
import { nakedFromQuery } from './naked.ts';
import { appearanceAtom, loadAppearance, showSkin } from './appearance.ts';

declare global {
  interface Window {
    /** Set by the desktop preload (contextBridge); absent in the browser. */
    qpaasBridge?: Bridge;
  }
}

const SPACE_PREFIX = /^\/space-([a-z0-9]+)(?=\/|$)/i;

/**
 * Start-up of the renderer: client id, naked mode, transport, global configuration (qycloudBaseInfo),
 * dictionaries (cached by version), the routes this user may open, the space's appearance and skin, and the push
 * socket.
 */
export async function boot() {
  ensureClientString();
  const storage = kernelStorage;
  const naked = nakedFromQuery(location.search);
  if (naked !== null) storage.setNaked(naked);
  const language = storage.language();
  const spacePrefix = SPACE_PREFIX.exec(location.pathname)?.[0].toLowerCase() ?? '';
  let i18n: I18n | null = null;
  const hardNavigate = (url: string) => location.assign(url);
  // On desktop every call goes through the main process (offline cache and outbox).
  const desktop = isDesktopBridge(window.qpaasBridge) ? window.qpaasBridge : null;
  const viaDesktop = desktop ? desktopFetch(desktop) : undefined;
  const transportFor = (prefix: string) =>
    createTransport({
      fetch: viaDesktop,
      spacePrefix: prefix,
      language: () => language,
      translate: (key, params) => (i18n ? translatorFor(i18n)(key, params) : null),
      // A phone page's expired session signs in again on the phone's own page.
      onUnauthorized: (returnTo) => hardNavigate(pagePath('', loginPathFor(returnTo))),
      onMaintenance: () => hardNavigate(pagePath('', '/maintenance')),
    });
  const api = transportFor(spacePrefix);

  let spaceRefused = false;
  const baseInfo = (transport: typeof api) => transport.get<BaseInfo>('/napi/micro-apps/qycloudBaseInfo').then((a) => a.data);
  let info = await baseInfo(api).catch((error: { code?: number }) => {
    spaceRefused = error.code === 403;
    return null;
  });
  // A space this member is not in: the header, menus and strings are those of their own space (they are still
  // signed in), and the page says they are not a member.
  const own = spaceRefused ? transportFor('') : api;
  if (spaceRefused) info = await baseInfo(own).catch(() => null);
  i18n = (await startI18n({ language, spacePrefix: spaceRefused ? '' : spacePrefix, knownVersion: info?.langVersion ?? null, fetch: viaDesktop })).i18n;
  // The space's watermark and skin (decision 0037) come with the routes: both before the first paint.
  const [routes, appearance] = await Promise.all([
    own.get<{ entries: RouteEntry[] }>('/napi/routes').then((a) => a.data.entries, () => []),
    info?.user && !spaceRefused ? loadAppearance(api) : Promise.resolve(DEFAULT_APPEARANCE),
  ]);

  const store = createStore();
  store.set(baseInfoAtom, info);
  store.set(languageAtom, language);
  store.set(allowedRoutesAtom, routes);
  store.set(nakedAtom, storage.naked());
  store.set(spaceRefusedAtom, spaceRefused);
  store.set(appearanceAtom, appearance);
  store.set(skinAtom, showSkin(appearance.theme, storage));
  document.documentElement.lang = language;

  const bridge = window.qpaasBridge ?? createBrowserBridge();
  desktop?.onOffline((offline) => store.set(offlineAtom, offline));
  const user = info?.user ?? null;
  storage.setUserId(user?.id ?? null);
  if (user && info) {
    const socket = JSON.parse(info.websocketConfig) as { socketDomain: string; loginIp: string };
    bridge.push.onStatus((status: SocketStatus) => store.set(socketStatusAtom, status));
    bridge.push.connect({ socketDomain: socket.socketDomain, uid: user.id, loginIp: socket.loginIp });
  }

  const services: Services = { api, bridge, hardNavigate, setLanguage: (next) => setLanguage(next) };
  return { store, i18n, services, language };
}
