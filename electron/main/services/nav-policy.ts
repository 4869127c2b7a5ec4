/**
 * Where desktop windows may go. The app shows the platform's pages only: navigation stays on the server's
 * origin, other http(s) links open in the OS browser, every other scheme is refused.
 */
export type NavigationDecision = 'allow' | 'external' | 'deny';

export function navigationDecision(target: string, serverOrigin: string): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  // Compared by scheme and host, not `origin`: a custom scheme (app://) has the opaque origin "null",
  // which every other custom-scheme URL shares.
  const own = new URL(serverOrigin);
  if (url.protocol === own.protocol && url.host === own.host) return 'allow';
  return url.protocol === 'https:' || url.protocol === 'http:' ? 'external' : 'deny';
}

/** Only the server's own pages may be opened in a new app window (pages marked "always open in a new window"). */
export function mayOpenWindow(target: string, serverOrigin: string): boolean {
  return navigationDecision(target, serverOrigin) === 'allow';
}

/** The Content-Security-Policy the main process adds to every answer shown in a window. */
export function contentSecurityPolicy(serverOrigin: string): string {
  const socket = serverOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `connect-src 'self' ${socket}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
