import type { Bridge } from '../../shared/bridge.ts';
import type { HttpAnswer, HttpMessage } from '../../shared/ipc.ts';


/** The desktop preload's bridge: the shared one plus HTTP through the main process (offline cache, outbox). */
export interface DesktopBridge extends Bridge {
  fetch(request: HttpMessage): Promise<HttpAnswer>;
  onOffline(handler: (offline: boolean) => void): () => void;
}

export function isDesktopBridge(bridge: Bridge | undefined): bridge is DesktopBridge {
  return !!bridge && bridge.kind === 'desktop' && typeof (bridge as DesktopBridge).fetch === 'function';
}

/**
 * A fetch for the renderer's transport and dictionary loader on desktop: the request travels to the main
 * process, which answers from the server, the offline cache or the outbox. Only the path and query cross.
 */
export function desktopFetch(bridge: DesktopBridge) {
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const method = request.method as HttpMessage['method'];
    const answer = await bridge.fetch({ method, url: url.pathname + url.search, headers, body });
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}
