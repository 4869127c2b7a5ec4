import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http/server.ts';
import { PROJECT_ROOT } from './paths.ts';

export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');
const API_PREFIXES = ['/api/', '/napi/', '/sapi/'];

/**
 * Hosts the web build of the renderer. Pages are client-routed (spec §2.1), so every GET that is neither an
 * API call nor an existing file answers index.html; hashed assets are cached for good, index.html never.
 * Returns the handler the not-found path calls (true when it answered), or null when no web build exists. It
 * answers with a boolean, not the reply: a reply is thenable, so awaiting one that is still sending its file
 * yields undefined, and the caller would then answer a second time.
 */
export async function hostWebApp(app: App, root = WEB_ROOT) {
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
  // Our own cache-control below (the plugin's default would overwrite it with max-age=0).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  return (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.url.split('?')[0] ?? '/');
    } catch {
      return false;
    }
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    const file = path.resolve(root, `.${pathname}`);
    const inside = file.startsWith(root + path.sep);
    if (inside && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(path.relative(root, file));
      return true;
    }
    // A missing asset is a 404 (the page then says "the asset does not exist"); any other path is a page.
    if (pathname.startsWith('/assets/') || path.extname(pathname)) return false;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    return true;
  };
}
