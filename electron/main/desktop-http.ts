import path from 'node:path';
import type { HttpAnswerMessage, HttpRequestMessage } from './ipc.ts';
import { OFFLINE_HEADER, OfflineCache, cachedFetch, type CacheScope, type FetchLike } from './services/offline-cache.ts';
import { Outbox, type OutboxRequest } from './services/outbox.ts';
import { openDatabase } from './services/sqlite.ts';

const BASE_INFO = /\/napi\/micro-apps\/qycloudBaseInfo$/;
/** Writes that make sense later: everything under /api/ but signing in or out and changing a password. */
const NOT_QUEUED = /\/api\/account\//;
const REPLAY_EVERY_MS = 15_000;

export interface DesktopHttpDeps {
  serverUrl: string;
  dataDir: string;
  fetch: FetchLike;
  /** The session's cookies for the server (the main process's cookie store). */
  cookie: () => string;
  onOffline(offline: boolean): void;
  onOutboxChange(stats: unknown): void;
}

/** The renderer sends JSON or form-encoded bodies (spec §7); the outbox keeps them as JSON. */
function parseBody(request: HttpRequestMessage): unknown {
  if (!request.body) return undefined;
  const type = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return type.includes('application/json') ? (JSON.parse(request.body) as unknown) : Object.fromEntries(new URLSearchParams(request.body));
}

function csrfOf(cookie: string): string {
  return /(?:^|;\s*)qp_csrf=([^;]+)/.exec(cookie)?.[1] ?? 'web';
}

/**
 * Every HTTP call of the desktop renderer goes through here: GETs through the offline cache (per user and
 * space), writes straight to the server, or — when it cannot be reached — into the outbox, replayed in order
 * with their idempotency keys once it can.
 */
export function createDesktopHttp(deps: DesktopHttpDeps) {
  // Two files: a damaged cache can be thrown away without touching queued writes.
  const cache = new OfflineCache(openDatabase(path.join(deps.dataDir, 'cache.sqlite')));
  let scope: CacheScope | null = null;
  let offline = false;
  const setOffline = (next: boolean) => {
    if (next !== offline) deps.onOffline((offline = next));
  };
  const serverFetch: FetchLike = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', deps.cookie());
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') headers.set('x-csrf-token', csrfOf(deps.cookie()));
    return deps.fetch(input, { ...init, headers });
  };
  const get = cachedFetch({ cache, fetch: serverFetch, scope: () => scope });
  const outbox = new Outbox(openDatabase(path.join(deps.dataDir, 'outbox.sqlite')), {
    send: async (request: OutboxRequest, key: string) => {
      const answer = await serverFetch(`${deps.serverUrl}${request.url}`, {
        method: request.method,
        headers: { ...request.headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      return { status: answer.status, body: await answer.json().catch(() => null), replayed: answer.headers.get('idempotent-replayed') === 'true' };
    },
  });
  outbox.onChange(() => deps.onOutboxChange(outbox.stats()));
  const replay = async () => {
    if (!scope) return; // only the signed-in user's writes, in their space
    const result = await outbox.replay(scope);
    setOffline(result.stopped === 'offline');
  };
  setInterval(() => void replay().catch(() => undefined), REPLAY_EVERY_MS).unref();

  async function toMessage(response: Response): Promise<HttpAnswerMessage> {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  }

  async function fetch(request: HttpRequestMessage): Promise<HttpAnswerMessage> {
    const url = `${deps.serverUrl}${request.url.startsWith('/') ? request.url : `/${request.url}`}`;
    if (request.method === 'GET') {
      const answer = await toMessage(await get(url, { headers: request.headers }));
      setOffline(answer.headers[OFFLINE_HEADER] === '1');
      if (BASE_INFO.test(new URL(url).pathname) && answer.status === 200) {
        const user = (JSON.parse(answer.body) as { data?: { user?: { id: string; entId: string | null } | null } }).data?.user;
        scope = user ? { userId: user.id, spaceId: user.entId ?? '' } : null;
      }
      return answer;
    }
    try {
      const answer = await toMessage(await serverFetch(url, { method: request.method, headers: request.headers, body: request.body }));
      setOffline(false);
      void replay().catch(() => undefined);
      return answer;
    } catch (error) {
      if (!scope || NOT_QUEUED.test(request.url)) throw error;
      setOffline(true);
      const entry = outbox.enqueue({
        scope,
        method: request.method as OutboxRequest['method'],
        url: request.url,
        body: parseBody(request),
        label: `${request.method} ${request.url}`,
      });
      return {
        status: 202,
        headers: { 'content-type': 'application/json', [OFFLINE_HEADER]: '1' },
        body: JSON.stringify({ code: 202, msg: 'desktop.queued', data: { outboxId: entry.id } }),
      };
    }
  }

  return {
    fetch,
    outboxList: () => outbox.entries(),
    outboxResolve: (id: number, action: 'discard' | 'retry') => outbox.resolve(id, action),
  };
}
