import type { App } from './server.ts';

/**
 * The page policy, sent as a header (a `<meta>` policy cannot carry frame-ancestors). No inline script and no
 * eval: the build emits module files only. Inline styles stay allowed: React and Arco set style attributes.
 * `'self'` in connect-src also covers the push socket (ws/wss to the same host, CSP Level 3).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Every answer — pages, assets, API answers, errors and 404s — carries these headers. Set when the request
 * arrives (before anything can fail), so a route may still narrow them (file downloads send `default-src 'none'`).
 */
export function installSecurityHeaders(app: App): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
