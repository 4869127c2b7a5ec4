import ky, { TimeoutError, type Options as KyOptions } from 'ky';
import type { MessageParams } from '../../shared/i18n/index.ts';
import { apiUrl, encodeForm, pagePath, TransportError, type Answer, type AppStatus, type BaseInfo } from './transport-support.ts';
import { kernelStorage, readCookie } from './storage.ts';

export { TransportError, apiUrl, pagePath, encodeForm, parseWebsocketConfig } from './transport-support.ts';
export type { Answer, AppStatus, BaseInfo, WebsocketConfig } from './transport-support.ts';

/** Sessions set this readable cookie; state-changing calls echo it in CSRF_HEADER (server/kernel/sessions.ts). */
export const CSRF_COOKIE = 'qp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Without a session the server accepts any non-empty token; 'web' names the client kind. */
const ANONYMOUS_CSRF = 'web';
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The app-status call must never bounce to the maintenance page: the maintenance page itself polls it. */
export const APP_STATUS_PATH = '/sapi/appstore/app/status';
const LOGIN_PAGE = '/home/login';
const MAINTENANCE_PAGE = '/maintenance';

/** A translation when one exists, else null (so the caller can fall back to the server's text). */
export type Translate = (key: string, params?: MessageParams) => string | null;

/** Query or body values: scalars, arrays (repeated keys) or objects (JSON text); see encodeForm. */
export type Params = object;

export interface TransportOptions {
  /** Deployment base path ('' when served at the root). */
  base?: string;
  /** `/space-{id}` for space-prefixed pages; a function because the space can change without a reload. */
  spacePrefix?: string | (() => string);
  language?: () => string;
  translate?: Translate;
  /** Receives the current path with query; the app sends the user to `{base}home/login?url=…`. */
  onUnauthorized?: (returnTo: string) => void;
  onMaintenance?: () => void;
  /** The page's path with query (default: location). Used for the 401 return url and the 503 exceptions. */
  currentPath?: () => string;
  fetch?: KyOptions['fetch'];
  timeoutMs?: number;
  csrfToken?: () => string | null;
}

export interface CallOptions {
  /** Query parameters. */
  params?: Params;
  /** post/put: form-encoded unless `json`; get: sent as query parameters. */
  body?: Params;
  json?: boolean;
  headers?: Record<string, string>;
  timeout?: number;
  signal?: AbortSignal;
  /** The caller handles 401 itself (the login form: a wrong password is a 401 too). */
  ignoreUnauthorized?: boolean;
}

export type Method = 'get' | 'delete' | 'post' | 'put' | 'patch';

function currentLocationPath(): string {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}` : '/';
}

/** Resolves `abort` independently of fetch: jsdom's AbortSignal and Node's fetch do not talk to each other. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function queryString(values: Params | undefined): string {
  const encoded = values ? encodeForm(values).toString() : '';
  return encoded ? `?${encoded}` : '';
}

async function readAnswer(response: Response): Promise<Partial<Answer> | null> {
  try {
    const text = await response.text();
    if (!text) return null;
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Answer>) : null;
  } catch {
    return null;
  }
}

export type Transport = ReturnType<typeof createTransport>;

/** The request conventions of spec §7 and the transport handling of spec §8, on ky. */
export function createTransport(options: TransportOptions = {}) {
  const base = options.base ?? '';
  const spacePrefix = () => (typeof options.spacePrefix === 'function' ? options.spacePrefix() : options.spacePrefix ?? '');
  const language = options.language ?? (() => kernelStorage.language());
  const translate: Translate = options.translate ?? (() => null);
  const currentPath = options.currentPath ?? currentLocationPath;
  const onUnauthorized =
    options.onUnauthorized ?? ((returnTo: string) => globalThis.location.assign(`${pagePath(base, LOGIN_PAGE)}?url=${encodeURIComponent(returnTo)}`));
  const onMaintenance = options.onMaintenance ?? (() => globalThis.location.assign(pagePath(base, MAINTENANCE_PAGE)));
  const csrfToken = options.csrfToken ?? (() => readCookie(CSRF_COOKIE));
  const text = (key: string, fallback: string, params?: MessageParams) => translate(key, params) ?? fallback;

  /** The page without base and space prefix, lower-cased: '/home/login', '/maintenance', … */
  function pageRoute(): string {
    let path = (currentPath().split(/[?#]/)[0] ?? '/').toLowerCase();
    const root = pagePath(base, '/').toLowerCase().replace(/\/$/, '');
    if (root && path.startsWith(root)) path = path.slice(root.length);
    path = path.replace(/^\/space-[a-z0-9]+(?=\/|$)/, '');
    return path.replace(/\/+$/, '') || '/';
  }

  /** Spec §7: a translation of the server's key when one exists, else its text, else the given fallback. */
  function serverMessage(answer: Partial<Answer> | null, fallback: () => string): string {
    if (answer && typeof answer.msg === 'string' && answer.msg) {
      // Parameters may be keys themselves (field labels), as the server does for its own `text`.
      const params = Object.fromEntries(
        Object.entries(answer.params ?? {}).map(([name, value]) => [name, typeof value === 'string' ? translate(value) ?? value : value]),
      );
      const translated = translate(answer.msg, params);
      if (translated !== null) return translated;
    }
    if (answer && typeof answer.text === 'string' && answer.text) return answer.text;
    return fallback();
  }

  function httpError(status: number, answer: Partial<Answer> | null, path: string, call: CallOptions): TransportError {
    const page = pageRoute();
    if (status === 401 && !call.ignoreUnauthorized && page !== LOGIN_PAGE) onUnauthorized(currentPath());
    if (status === 503 && page !== LOGIN_PAGE && page !== MAINTENANCE_PAGE && path.split('?')[0] !== APP_STATUS_PATH) onMaintenance();
    const message = serverMessage(answer, () =>
      status === 403
        ? text('common.noPermission', 'No permission to use this function.')
        : text('http.requestFailed', `Request failed with status code ${status}`, { status }),
    );
    return new TransportError({ code: status, message, msg: answer?.msg ?? null, params: answer?.params, data: answer?.data ?? null });
  }

  function failure(error: unknown, call: CallOptions, timeout: number): TransportError {
    if (error instanceof TransportError) return error;
    if (call.signal?.aborted) return new TransportError({ code: 0, message: text('http.cancelled', 'The request was cancelled.'), kind: 'cancelled' });
    if (error instanceof TimeoutError) {
      return new TransportError({ code: 0, message: text('http.timeout', `timeout of ${timeout}ms exceeded`, { ms: timeout }), kind: 'timeout' });
    }
    return new TransportError({ code: 0, message: text('http.networkError', 'Network Error'), kind: 'network' });
  }

  async function request<T = unknown>(method: Method, path: string, call: CallOptions = {}): Promise<Answer<T>> {
    const timeout = call.timeout ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers = new Headers(call.headers);
    headers.set('Accept-Language', language());
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (method !== 'get') headers.set(CSRF_HEADER, csrfToken() || ANONYMOUS_CSRF);
    const asJson = call.json === true || (headers.get('Content-Type') ?? '').includes('application/json');
    // Spec §7: a get with a body sends it as query parameters.
    const query = method === 'get' ? { ...call.params, ...call.body } : call.params;
    let body: BodyInit | undefined;
    if (method !== 'get' && call.body !== undefined) {
      if (asJson) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(call.body);
      } else {
        headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
        body = encodeForm(call.body).toString();
      }
    }
    const url = new URL(`${apiUrl(base, spacePrefix(), path)}${queryString(query)}`, globalThis.location?.href ?? 'http://localhost/').href;
    try {
      const response = await abortable(
        ky(url, {
          method,
          headers,
          body,
          timeout,
          signal: call.signal,
          retry: 0,
          throwHttpErrors: false,
          credentials: 'include',
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
        call.signal,
      );
      const answer = await readAnswer(response);
      if (!response.ok) throw httpError(response.status, answer, path, call);
      // Success answers may omit msg/params (GET /napi/lang/json does): callers can rely on both.
      return { code: response.status, msg: '', params: {}, data: null, ...answer } as Answer<T>;
    } catch (error) {
      throw failure(error, call, timeout);
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, call?: CallOptions) => request<T>('get', path, call),
    delete: <T = unknown>(path: string, call?: CallOptions) => request<T>('delete', path, call),
    post: <T = unknown>(path: string, body?: Params, call?: CallOptions) => request<T>('post', path, { ...call, body }),
    put: <T = unknown>(path: string, body?: Params, call?: CallOptions) => request<T>('put', path, { ...call, body }),
  };
}

/** The named calls of spec §7, typed. */
export function createApi(transport: Transport) {
  return {
    getBaseInfo: (call?: CallOptions) => transport.get<BaseInfo>('/napi/micro-apps/qycloudBaseInfo', call),
    getAppStatus: (call?: CallOptions) => transport.get<AppStatus>(APP_STATUS_PATH, call),
  };
}
