import fs from 'node:fs';
import path from 'node:path';
import { createStore, Provider } from 'jotai';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { matchRoute } from '../../shared/routes/match.ts';
import type { Role } from '../../shared/roles.ts';
import { baseInfoAtom, type BaseInfo } from '../kernel/atoms.ts';
import { createI18n } from '../kernel/i18n.ts';
import { TransportError, type Transport } from '../kernel/transport.ts';
import { ServicesProvider, type Services } from '../shell/services.tsx';
import type { PageProps } from '../apps/types.ts';

/** Test-only helpers for renderer pages: a fake API by "METHOD path", every dictionary, a rendered page. */

const I18N = path.resolve(__dirname, '../../shared/i18n');
export const dictionary = (language: string) =>
  Object.assign({}, ...fs.readdirSync(path.join(I18N, language)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(I18N, language, f), 'utf8')) as object)) as Record<string, string>;

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}
/** A handler answers `data`, or throws (e.g. `refuse(...)`) to fail the call. */
export type Handler = (call: Call) => unknown;

/** A failure as the transport raises it: the server's translated text, its key and its data. */
export const refuse = (code: number, msg: string, message: string, data: unknown = null) => new TransportError({ code, msg, message, data });

export function fakeApi(routes: Record<string, Handler | unknown>) {
  const calls: Call[] = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    const call = { method, path, body };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) throw refuse(404, 'common.notFound', `no fake for ${key}`);
    const route = routes[key];
    const data = typeof route === 'function' ? await (route as Handler)(call) : route;
    return { code: 200, msg: 'ok', params: {}, data };
  };
  const api = {
    get: (p: string) => answer('GET', p),
    delete: (p: string) => answer('DELETE', p),
    post: (p: string, body?: unknown) => answer('POST', p, body),
    put: (p: string, body?: unknown) => answer('PUT', p, body),
  } as unknown as Transport;
  return { api, calls };
}

let root: Root | null = null;
let host: HTMLElement | null = null;

/** Where the in-page router is, so tests can see navigations (delete → back to the application view). */
export const routerAt = { current: '' };
function Where() {
  const at = useLocation();
  routerAt.current = at.pathname + at.search;
  return null;
}

/** Renders `Page` at `url` in the shell's providers; `roles`, when given, are the signed-in user's. */
/** `services` replaces parts of the shell's services (a fake push socket in `bridge`, for live pages). */
/** `prepare` sets atoms the shell would have filled at boot (the space's appearance, say) before the page renders. */
export async function renderPage(
  Page: ComponentType<PageProps>,
  url: string,
  api: Transport,
  language: 'en' | 'zh-CN' = 'en',
  roles?: Role[],
  services: Partial<Services> = {},
  prepare?: (store: ReturnType<typeof createStore>) => void,
) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Arco's responsive grid asks for media queries, which jsdom does not implement.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  const provided = { api, bridge: {}, setLanguage() {}, hardNavigate() {}, ...services } as unknown as Services;
  const i18n = createI18n({ language, dictionaries: { en: dictionary('en'), 'zh-CN': dictionary('zh-CN') } });
  const match = matchRoute(url, { ownSpaceId: 'acme' })!;
  const store = createStore();
  if (roles) store.set(baseInfoAtom, { user: { id: '1', loginId: 'x', name: 'X', entId: 'acme', entName: 'Acme', roles, ownSpaceId: 'acme', spaces: [] } } as unknown as BaseInfo);
  prepare?.(store);
  host = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = createRoot(host!);
    root.render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ServicesProvider services={provided}>
            <MemoryRouter initialEntries={[url]}>
              <Where />
              <Page match={match} />
            </MemoryRouter>
          </ServicesProvider>
        </I18nextProvider>
      </Provider>,
    );
  });
  await settle();
  return host;
}

export function cleanup() {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  host = null;
  document.body.innerHTML = '';
}

/** Lets pending answers land (each await of the fake API is a microtask or two). */
export async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => undefined);
}

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

export async function click(id: string) {
  const element = byTestId(id);
  if (!element) throw new Error(`no element ${id}`);
  await act(async () => element.click());
  await settle();
}

/** Types into an input or textarea the way React sees a user do it. */
export async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
