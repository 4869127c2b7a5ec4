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
  }).withTypeProvider<TypeBoxTypeProvider>();

  installSecurityHeaders(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Uploads (form files, import sheets, member lists) are read by several apps: the parser is the kernel's.
  await app.register(multipart, { throwFileSizeLimit: true });
  installErrorHandling(app, kernel, await hostWebApp(app, webRoot));
  installKernelHooks(app, kernel);
  installNulRefusal(app);
  return app;
}
