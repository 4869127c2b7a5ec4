import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { Kernel } from '../kernel.ts';
import { BODY_LIMIT, frameworkErrorHandler, installErrorHandling } from './errors.ts';
import { installKernelHooks } from './hooks.ts';
import { installNulRefusal } from './nul-text.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { stripSpacePrefix } from './space-prefix.ts';
import { WEB_ROOT, hostWebApp } from '../web.ts';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Form-encoded bodies (spec §7: post/put are form-encoded unless JSON headers are given); repeated keys → arrays. */
function parseForm(body: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = result[key];
    result[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return result;
}

/** Service Restart (RFC 6455 §7.4.1, IANA registry): the client may reconnect at once, to another process. */
const SOCKET_RESTARTING = 1012;

export async function createHttpServer(kernel: Kernel, trustProxy = false, webRoot = WEB_ROOT): Promise<App> {
  const app: App = Fastify({
    loggerInstance: kernel.log as FastifyBaseLogger,
    // One line per request from the onResponse hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (a measurable share of a light call): our lines carry reqId themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: BODY_LIMIT,
    trustProxy,
    rewriteUrl: (req) => stripSpacePrefix(req),
    frameworkErrors: frameworkErrorHandler(kernel),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    // Above a proxy's idle timeout (HAProxy's and nginx's 60 s), so the proxy, not the server, closes idle connections.
    keepAliveTimeout: (kernel.config.keepAliveSeconds ?? 72) * 1000,
    // While draining, a request arriving on an open keep-alive connection is still served (with `Connection: close`),
    // not refused with a 503 the proxy would pass on: the proxy sends the next one to another process.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installSecurityHeaders(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });
  await app.register(cookie);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // A stopping process says "restarting" rather than nothing (1005): clients reconnect at once, to another process.
    preClose(done) {
      for (const client of app.websocketServer.clients) client.close(SOCKET_RESTARTING, 'restarting');
      app.websocketServer.close();
      done();
    },
  });
  // Uploads (form files, import sheets, member lists) are read by several apps: the parser is the kernel's.
  await app.register(multipart, { throwFileSizeLimit: true });
  installErrorHandling(app, kernel, await hostWebApp(app, webRoot));
  installKernelHooks(app, kernel);
  installNulRefusal(app);
  return app;
}
