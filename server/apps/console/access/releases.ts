import type { Selectable } from 'kysely';
import { Type } from '@sinclair/typebox';
import { IdParam, NoQuery, Strict } from '../../../../shared/api/common.ts';
import { AppletBody, DESKTOP_PLATFORMS, FEED_FILES, RELEASE_PLATFORMS, ReleaseBody, UPDATE_FEED_PATH, type AppRelease, type AppletSettings } from '../../../../shared/api/console-access.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { secretBoxFor } from '../../../kernel/secrets.ts';
import { ROOT_ONLY } from './api-keys.ts';
import type { AppReleaseTable } from './tables.ts';

const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data });
const APPLET_SECRET = 'console.applet';
const LatestParam = Strict({ platform: Type.Union(RELEASE_PLATFORMS.map((p) => Type.Literal(p))) });
const FeedParam = Strict({ file: Type.Union(Object.keys(FEED_FILES).map((f) => Type.Literal(f))) });

function releaseOf(row: Selectable<AppReleaseTable>): AppRelease {
  return {
    id: String(row.id),
    platform: row.platform,
    version: row.version,
    notesZh: row.notes_zh,
    notesEn: row.notes_en,
    downloadUrl: row.download_url,
    sha512: row.sha512,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    mandatory: row.mandatory,
    publishedAt: row.published_at.toISOString(),
  };
}

/** Versions compare part by part as numbers (1.10.0 is newer than 1.9.3), not as text. */
const versionKey = (version: string) => version.split('.').map(Number);
export function newer(a: string, b: string): boolean {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

/** A YAML scalar electron-updater reads back as the same text (quoted, quotes and backslashes escaped). */
const yamlText = (text: string) => JSON.stringify(text);

/**
 * electron-updater's generic-provider feed (`latest.yml`): the newest release of the platform, its file (an
 * absolute URL, which the updater takes as is), the SHA-512 it verifies the download with, and the notes.
 */
export function feedYaml(release: AppRelease): string {
  const lines = [
    `version: ${release.version}`,
    'files:',
    `  - url: ${yamlText(release.downloadUrl)}`,
    `    sha512: ${release.sha512}`,
    ...(release.sizeBytes ? [`    size: ${release.sizeBytes}`] : []),
    `path: ${yamlText(release.downloadUrl)}`,
    `sha512: ${release.sha512}`,
    `releaseDate: ${yamlText(release.publishedAt)}`,
    `releaseNotes: ${yamlText(release.notesEn ? `${release.notesZh}\n\n${release.notesEn}` : release.notesZh)}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `/sysop/miniprogram` and `/sysop/apkconfig` (decision 0083), and the desktop's update feed served from them. */
export function registerReleaseRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/access/applet', { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const row = await kernel.db.selectFrom('applet_settings').selectAll().executeTakeFirst();
    const settings: AppletSettings | null = row ? { appId: row.app_id, name: row.name, enabled: row.enabled, hasSecret: row.secret_sealed !== null } : null;
    return ok({ settings });
  });

  app.put('/api/console/access/applet', { config: { access: ROOT_ONLY, action: 'console.applet.update' }, schema: { querystring: NoQuery, body: AppletBody } }, async (req) => {
    const { appId, name, enabled, secret } = req.body;
    const sealed = secret ? { secret_sealed: secretBoxFor(kernel.config).seal(secret, APPLET_SECRET) } : {};
    const row = await kernel.transact(req, (trx) =>
      trx
        .insertInto('applet_settings')
        .values({ app_id: appId, name: name.trim(), enabled, secret_sealed: null, ...sealed, updated_at: new Date() })
        .onConflict((oc) => oc.column('id').doUpdateSet({ app_id: appId, name: name.trim(), enabled, ...sealed, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    req.ctx.auditTarget = row.app_id;
    return ok({ appId: row.app_id, name: row.name, enabled: row.enabled, hasSecret: row.secret_sealed !== null });
  });

  app.get('/api/console/access/releases', { config: { access: ROOT_ONLY }, schema: { querystring: NoQuery } }, async () => {
    const rows = await kernel.db.selectFrom('app_release').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
    return ok({ releases: rows.map(releaseOf) });
  });

  app.post('/api/console/access/releases', { config: { access: ROOT_ONLY, action: 'console.release.create' }, schema: { querystring: NoQuery, body: ReleaseBody } }, async (req) => {
    const body = req.body;
    // The updater refuses a download it cannot verify: a desktop release without its checksum would strand clients.
    if (DESKTOP_PLATFORMS.includes(body.platform) && !body.sha512) throw fail.unprocessable('consoleAccess.release.sha512Required');
    req.ctx.auditTarget = `${body.platform}@${body.version}`;
    const row = await kernel
      .transact(req, (trx) =>
        trx
          .insertInto('app_release')
          .values({ platform: body.platform, version: body.version, notes_zh: body.notesZh, notes_en: body.notesEn, download_url: body.downloadUrl, sha512: body.sha512 ?? null, size_bytes: body.sizeBytes ?? null, mandatory: body.mandatory })
          .returningAll()
          .executeTakeFirstOrThrow(),
      )
      .catch((error: unknown) => {
        if (pgErrorCode(error) === '23505') throw fail.conflict('consoleAccess.release.exists', { version: body.version });
        throw error;
      });
    return ok(releaseOf(row));
  });

  app.delete('/api/console/access/releases/:id', { config: { access: ROOT_ONLY, action: 'console.release.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const gone = await kernel.transact(req, (trx) => trx.deleteFrom('app_release').where('id', '=', req.params.id).executeTakeFirst());
    if (gone.numDeletedRows === 0n) throw fail.notFound('consoleAccess.release.notFound');
    return ok(null);
  });

  // The mobile apps ask for their newest version (and whether it is mandatory) signed out, at start.
  app.get('/api/app-versions/:platform/latest', { config: { access: 'public' }, schema: { params: LatestParam, querystring: NoQuery } }, async (req) => {
    const rows = await kernel.db.selectFrom('app_release').selectAll().where('platform', '=', req.params.platform).execute();
    const newest = rows.map(releaseOf).reduce<AppRelease | null>((best, r) => (!best || newer(r.version, best.version) ? r : best), null);
    if (!newest) throw fail.notFound('consoleAccess.release.none');
    return ok(newest);
  });

  // The desktop app's default update feed (electron/main/index.ts): public, as electron-updater fetches it signed out.
  // Root's feed (`/root/systemConfig`) wins: the same file there (electron-updater follows the redirect), so
  // installers may live on a download server while desktops keep asking this one.
  app.get(`${UPDATE_FEED_PATH}/:file`, { config: { access: 'public' }, schema: { params: FeedParam, querystring: NoQuery } }, async (req, reply) => {
    const elsewhere = kernel.platform.current.desktopUpdateFeed;
    if (elsewhere) return reply.header('cache-control', 'no-cache').redirect(`${elsewhere.replace(/\/+$/, '')}/${req.params.file}`, 302);
    const platform = FEED_FILES[req.params.file]!;
    const rows = await kernel.db.selectFrom('app_release').selectAll().where('platform', '=', platform).execute();
    const newest = rows.map(releaseOf).reduce<AppRelease | null>((best, r) => (!best || newer(r.version, best.version) ? r : best), null);
    if (!newest) throw fail.notFound('consoleAccess.release.none');
    return reply.header('content-type', 'text/yaml; charset=utf-8').header('cache-control', 'no-cache').send(feedYaml(newest));
  });
}
