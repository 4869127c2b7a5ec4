import type { FetchLike } from './offline-cache.ts';

/** API paths, with or without the space prefix: what the renderer's links, images and uploads point at. */
const API_PATH = /^\/(space-[A-Za-z0-9]+\/)?api\//;
/** Headers of the page's request that are the browser's own business, not the server's. */
const DROPPED = ['cookie', 'origin', 'referer', 'host', 'x-csrf-token'];

export interface ApiProxyDeps {
  serverUrl: string;
  /** The session's cookies for the server (the main process's cookie store). */
  cookie: () => string;
  fetch: FetchLike;
}

/**
 * The renderer is loaded from app://renderer, so a plain link, an <img> or a multipart upload to `/api/…` (files
 * of the forms app: attachments, images, import sheets, export and failure files) lands on the app:// protocol.
 * Those requests go to the server here, with the session cookie and its CSRF token, as bytes both ways; every
 * other API call keeps going through the IPC transport (offline cache, outbox). Null: not an API request.
 */
export async function proxyApiRequest(request: Request, deps: ApiProxyDeps): Promise<Response | null> {
  const url = new URL(request.url);
  if (!API_PATH.test(url.pathname)) return null;
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!DROPPED.includes(name.toLowerCase())) headers.set(name, value);
  });
  const cookie = deps.cookie();
  if (cookie) headers.set('cookie', cookie);
  const method = request.method.toUpperCase();
  const writes = method !== 'GET' && method !== 'HEAD';
  if (writes) headers.set('x-csrf-token', /(?:^|;\s*)qp_csrf=([^;]+)/.exec(cookie)?.[1] ?? 'web');
  const answer = await deps.fetch(`${deps.serverUrl}${url.pathname}${url.search}`, {
    method,
    headers,
    body: writes ? new Uint8Array(await request.arrayBuffer()) : undefined,
  });
  const back = new Headers(answer.headers);
  back.delete('set-cookie'); // the session lives in the main process, never in the page
  return new Response(answer.body, { status: answer.status, headers: back });
}
