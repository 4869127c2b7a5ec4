import type { MessageParams } from '../../shared/i18n/index.ts';

/** Every answer of the server: `{ code, msg, params, text, data }` (server/kernel/http/errors.ts). */
export interface Answer<T = unknown> {
  code: number;
  /** An i18n key ('' when the server sent none). */
  msg: string;
  params: MessageParams;
  /** The server's own translation of `msg`, in the request's language. */
  text?: string;
  data: T;
}

export type TransportErrorKind = 'http' | 'network' | 'timeout' | 'cancelled';

export interface TransportErrorInit {
  /** HTTP status, or 0 when no answer arrived (network, timeout, cancel). */
  code: number;
  message: string;
  msg?: string | null;
  params?: MessageParams | undefined;
  data?: unknown;
  kind?: TransportErrorKind;
}

/** What every failed call rejects with: `message` is ready to show, `msg` is the server's key for logic. */
export class TransportError extends Error {
  readonly code: number;
  readonly msg: string | null;
  readonly params: MessageParams;
  readonly data: unknown;
  readonly kind: TransportErrorKind;

  constructor(init: TransportErrorInit) {
    super(init.message);
    this.name = 'TransportError';
    this.code = init.code;
    this.msg = init.msg ?? null;
    this.params = init.params ?? {};
    this.data = init.data ?? null;
    this.kind = init.kind ?? 'http';
  }
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/** `{base}{space prefix}{path}` with exactly one slash between parts; '' base means the site root. */
export function apiUrl(base: string, spacePrefix: string, path: string): string {
  const parts = [base, spacePrefix, path].map(trimSlashes).filter(Boolean);
  return `/${parts.join('/')}`;
}

/** A page of the web app under the deployment base (pages are not space-prefixed: login, maintenance). */
export function pagePath(base: string, page: string): string {
  const root = trimSlashes(base);
  const rest = trimSlashes(page);
  return `/${[root, rest].filter(Boolean).join('/')}${page.endsWith('/') && rest ? '/' : ''}`;
}

/**
 * The encoding of form bodies and query strings: arrays repeat the key (the server folds repeats into an array),
 * objects travel as JSON text, undefined is left out and null is sent empty.
 */
export function encodeForm(values: object): URLSearchParams {
  const form = new URLSearchParams();
  const scalar = (value: unknown): string =>
    value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as unknown[]) form.append(key, scalar(item));
    else form.append(key, scalar(value));
  }
  return form;
}

/** `data` of GET /napi/micro-apps/qycloudBaseInfo (server/kernel/routes/napi.ts). */
export interface BaseInfo {
  user: {
    id: string;
    loginId: string;
    name: string;
    entId: string | null;
    entName: string | null;
    roles: string[];
    ownSpaceId: string | null;
    spaces: { id: string; name: string; roles: string[] }[];
  } | null;
  csrfToken: string | null;
  isCrossSpace: boolean;
  language: string;
  /** JSON text `{ socketDomain, loginIp }`: parse with parseWebsocketConfig. */
  websocketConfig: string;
  server: { api: string; sapi: string; napi: string };
  projectStamp: string;
  publishVersion: string;
  /** Compare with the stored i18nDictVersion: equal → the stored dictionary is current. */
  langVersion: string;
  constants: Record<string, unknown>;
}

/** `data` of GET /sapi/appstore/app/status (server/kernel/routes/status.ts). */
export interface AppStatus {
  status: 'normal' | 'maintenance';
  maintenance: boolean;
  message: string | null;
  publishVersion: string;
  serverTime: string;
}

export interface WebsocketConfig {
  socketDomain: string;
  loginIp: string;
}

/** The base info carries the socket settings as JSON text (spec §3); null when absent or malformed. */
export function parseWebsocketConfig(text: string | null | undefined): WebsocketConfig | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<WebsocketConfig>;
    return typeof value.socketDomain === 'string' ? { socketDomain: value.socketDomain, loginIp: String(value.loginIp ?? '') } : null;
  } catch {
    return null;
  }
}
