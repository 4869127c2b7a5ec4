import { createHash } from 'node:crypto';
import * as constants from '../../../shared/constants.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { LangQuery } from '../../../shared/api/kernel.ts';
import { routesFor } from '../../../shared/routes/access.ts';
import type { RequestContext } from '../http/context.ts';
import type { App } from '../http/server.ts';
import type { Kernel } from '../kernel.ts';
import { publicOrigin } from '../http/origin.ts';

/** A stamp of this build: changes with the package version and the server start, for cache busting. */
const PROJECT_STAMP = createHash('sha256').update(`${process.env.npm_package_version ?? '0'}:${Date.now()}`).digest('hex').slice(0, 12);

/** The spec's named calls of §7 with their exact shapes. */
export function registerNapiRoutes(app: App, kernel: Kernel): void {
  // Strings answer during maintenance too: the maintenance page itself needs them.
  app.get('/napi/lang/json', { config: { access: 'public', allowInMaintenance: true }, schema: { querystring: LangQuery } }, async (req) => {
    const language = req.ctx.language;
    // The space's own wording over the platform's, with its own version so clients refresh.
    const { version, dictionary } = await kernel.dictionaries.dictionary(req.ctx.space?.id, language);
    return { code: 200, data: { version, [language]: dictionary } };
  });

  // The answer depends only on the principal (a new object whenever the session's data changes) and on the
  // request's space, language, host and address; spec §7 caches it on the client too. Serialised and encoded
  // once: names in Chinese make the JSON a two-byte string, and measuring and encoding it per request cost a
  // tenth of a light call (bench:kernel).
  const answers = new WeakMap<object, Map<string, Buffer>>();
  const guestKey = {};
  // Not an async handler: the common call knows everything without waiting (a promise per call is measurable).
  app.get('/napi/micro-apps/qycloudBaseInfo', { config: { access: 'public' }, schema: { querystring: NoQuery } }, (req, reply) => {
    const send = (langVersion: string) => {
      const { principal, space, language, isCrossSpace, ip } = req.ctx;
      const { secure, host } = publicOrigin(kernel.config, req);
      // Root's download link and role permissions are part of the answer: a change must not be served stale.
      const key = `${space?.id}|${language}|${host}|${secure}|${ip}|${isCrossSpace}|${langVersion}|${kernel.platform.current.desktopDownloadUrl}|${kernel.rolePermissions.version}`;
      let forPrincipal = answers.get(principal ?? guestKey);
      if (!forPrincipal || forPrincipal.size > 20) answers.set(principal ?? guestKey, (forPrincipal = new Map()));
      let json = forPrincipal.get(key);
      if (json === undefined) forPrincipal.set(key, (json = Buffer.from(JSON.stringify(baseInfo(req.ctx, secure, host, langVersion)))));
      // Personal, and built from the request's Host: never for shared caches.
      return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(json);
    };
    const spaceId = req.ctx.space?.id;
    const known = kernel.dictionaries.versionNow(spaceId);
    return known === undefined ? kernel.dictionaries.version(spaceId).then(send) : send(known);
  });

  function baseInfo({ principal, space, language, roles, delegated, isCrossSpace, ip }: RequestContext, secure: boolean, host: string, langVersion: string) {
    const origin = `${secure ? 'https' : 'http'}://${host}`;
    return {
      code: 200,
      msg: 'ok',
      data: {
        user: principal
          ? {
              id: principal.userId,
              loginId: principal.loginId,
              name: principal.name,
              entId: space?.id ?? null,
              entName: space?.name ?? null,
              roles,
              delegated,
              // What the roles hold now, root's changes included (decision 0081): buttons follow them.
              permissions: kernel.rolePermissions.heldBy(roles, delegated),
              ownSpaceId: principal.spaceId,
              spaces: principal.memberships.map((m) => ({ id: m.spaceId, name: m.spaceName, roles: m.roles })),
            }
          : null,
        csrfToken: principal?.csrfToken ?? null,
        isCrossSpace,
        language,
        websocketConfig: JSON.stringify({ socketDomain: `${secure ? 'wss' : 'ws'}://${host}/napi/socket`, loginIp: ip }),
        server: { api: origin, sapi: `${origin}/sapi`, napi: `${origin}/napi` },
        projectStamp: PROJECT_STAMP,
        // Root's setting over DESKTOP_DOWNLOAD_URL (`/root/systemConfig`).
        desktopDownloadUrl: kernel.platform.current.desktopDownloadUrl,
        publishVersion: constants.PUBLISH_VERSION,
        langVersion,
        constants: {
          errorReporting: constants.ERROR_REPORTING,
          apiVersionCaching: constants.API_VERSION_CACHING,
          baseRoute: constants.BASE_ROUTE,
          previewPort: constants.PREVIEW_PORT,
          imageCompression: constants.IMAGE_COMPRESSION,
          ruleVersion: constants.RULE_VERSION,
          pageCacheSize: constants.PAGE_CACHE_SIZE,
          pageSizeMax: constants.PAGE_SIZE_MAX,
          searchResultsCap: constants.SEARCH_RESULTS_CAP,
          attachmentsPerUpload: constants.ATTACHMENTS_PER_UPLOAD,
          socketReconnect: constants.SOCKET_RECONNECT,
          pushOn: constants.PUSH_ON_BY_DEFAULT,
          imPushFlag: constants.IM_PUSH_FLAG_DEFAULT,
          clientStringCookieDays: constants.CLIENT_STRING_COOKIE_DAYS,
          bridgeReadyTimeoutMs: constants.BRIDGE_READY_TIMEOUT_MS,
        },
      },
    };
  }

  app.get('/napi/routes', { config: { access: 'public' }, schema: { querystring: NoQuery } }, async (req) => {
    const viewer = req.ctx.principal ? { roles: req.ctx.roles, delegated: req.ctx.delegated } : null;
    return { code: 200, msg: 'ok', data: { entries: routesFor(viewer) } };
  });
}
