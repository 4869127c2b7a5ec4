import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { BannerImageQuery, InstallBody, STORE_API, StoreIdParam, type InstalledApp, type StoreApp, type StoreAppDetail } from '../../../../shared/api/appcenter-store.ts';
import type { AppPackage } from '../../../../shared/appcenter/package.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { actorOf, admin, versionOf, versionQuery } from './actor.ts';
import { installVersion, releasedVersion, updateInstall } from './install.ts';

/** Released applications (row-level security: approved versions of listed apps), newest version first. */
async function releasedApps(trx: Trx, id?: string): Promise<StoreApp[]> {
  let query = trx
    .selectFrom('appcenter_store_app as a')
    .innerJoin('spaces as s', 's.id', 'a.space_id')
    .leftJoin('appcenter_store_install as i', 'i.store_app_id', 'a.id')
    .leftJoin('appcenter_store_version as iv', 'iv.id', 'i.version_id')
    .leftJoinLateral(
      (eb) => eb.selectFrom('appcenter_store_version as v').select(['v.id', 'v.label', 'v.channel', 'v.seq']).whereRef('v.store_app_id', '=', 'a.id').where('v.state', '=', 'approved').orderBy('v.seq', 'desc').limit(1).as('l'),
      (join) => join.onTrue(),
    )
    .select(['a.id', 'a.name', 'a.icon', 'a.description', 's.name as publisher', 'l.id as latest_id', 'l.label as latest_label', 'l.channel as latest_channel', 'l.seq as latest_seq', 'i.seq as installed_seq', 'iv.label as installed_label'])
    .where('a.released', '=', true)
    .where('a.listed', '=', true);
  if (id) query = query.where('a.id', '=', id);
  const rows = await query.orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    description: r.description,
    publisher: r.publisher,
    latest: r.latest_id ? { id: r.latest_id, label: r.latest_label!, channel: r.latest_channel!, seq: r.latest_seq! } : null,
    installed: r.installed_seq !== null ? { seq: r.installed_seq, label: r.installed_label ?? '' } : null,
  }));
}

/** The store (admin, `appstore` and `appstore/myapps`): browse, details, install, update, what the space has. */
export function registerBrowseRoutes(app: App, kernel: Kernel): void {
  app.get(`${STORE_API}/apps`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    actorOf(req);
    const apps = await kernel.transact(req, (trx) => releasedApps(trx));
    return { code: 200, msg: 'ok', data: { apps } };
  });

  app.get(`${STORE_API}/apps/:id`, { config: { access: admin }, schema: { params: StoreIdParam, querystring: NoQuery } }, async (req) => {
    actorOf(req);
    const detail = await kernel.transact(req, async (trx): Promise<StoreAppDetail> => {
      const [found] = await releasedApps(trx, req.params.id);
      if (!found) throw fail.notFound('appcenter.store.appNotFound');
      const versions = await trx
        .selectFrom('appcenter_store_version')
        .select(['id', 'label', 'channel', 'seq', 'notes', 'reviewed_at', 'package'])
        .where('store_app_id', '=', found.id)
        .where('state', '=', 'approved')
        .orderBy('seq', 'desc')
        .execute();
      return {
        ...found,
        versions: versions.map((v) => ({
          id: v.id,
          label: v.label,
          channel: v.channel,
          seq: v.seq,
          notes: v.notes,
          reviewedAt: v.reviewed_at?.toISOString() ?? null,
          forms: ((v.package as AppPackage).parts?.forms?.forms ?? []).map((f) => f.name),
        })),
      };
    });
    return { code: 200, msg: 'ok', data: detail };
  });

  app.post(`${STORE_API}/apps/:id/install`, { config: { access: admin, action: 'appcenter.store.install' }, schema: { params: StoreIdParam, querystring: NoQuery, body: InstallBody } }, async (req) => {
    const actor = actorOf(req);
    req.ctx.auditTarget = `${req.params.id}/${req.body.versionId}`;
    const result = await kernel.transact(req, async (trx) => installVersion(kernel, trx, actor, await releasedVersion(trx, req.params.id, req.body.versionId)));
    return { code: 200, msg: 'ok', data: result };
  });

  app.post(`${STORE_API}/apps/:id/update`, { config: { access: admin, action: 'appcenter.store.update' }, schema: { params: StoreIdParam, querystring: NoQuery, body: InstallBody } }, async (req) => {
    const actor = actorOf(req);
    req.ctx.auditTarget = `${req.params.id}/${req.body.versionId}`;
    const result = await kernel.transact(req, async (trx) => updateInstall(kernel, trx, actor, await releasedVersion(trx, req.params.id, req.body.versionId)));
    return { code: 200, msg: 'ok', data: result };
  });

  /** What the space installed (with a newer released version, when there is one) and what it published. */
  app.get(`${STORE_API}/mine`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    const actor = actorOf(req);
    const data = await kernel.transact(req, async (trx) => {
      const rows = await trx
        .selectFrom('appcenter_store_install as i')
        .innerJoin('appcenter_app as app', 'app.id', 'i.app_id')
        .leftJoin('appcenter_store_version as v', 'v.id', 'i.version_id')
        .leftJoinLateral(
          (eb) => eb.selectFrom('appcenter_store_version as n').select(['n.id', 'n.label', 'n.channel']).whereRef('n.store_app_id', '=', 'i.store_app_id').where('n.state', '=', 'approved').whereRef('n.seq', '>', 'i.seq').orderBy('n.seq', 'desc').limit(1).as('u'),
          (join) => join.onTrue(),
        )
        .select(['i.store_app_id', 'i.app_id', 'app.name', 'v.label', 'i.seq', 'i.installed_at', 'i.updated_at', 'i.kept', 'u.id as update_id', 'u.label as update_label', 'u.channel as update_channel'])
        .where('app.deleted_at', 'is', null)
        .orderBy('i.installed_at', 'desc')
        .execute();
      const installed: InstalledApp[] = rows.map((r) => ({
        storeAppId: r.store_app_id,
        appId: r.app_id,
        name: r.name,
        label: r.label ?? String(r.seq),
        seq: r.seq,
        installedAt: r.installed_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        kept: r.kept,
        update: r.update_id ? { id: r.update_id, label: r.update_label!, channel: r.update_channel! } : null,
      }));
      const published = (await versionQuery(trx).where('v.space_id', '=', actor.spaceId).orderBy('a.name').orderBy('v.seq', 'desc').execute()).map(versionOf);
      return { installed, published };
    });
    return { code: 200, msg: 'ok', data };
  });

  /** The store's banners: switched on and with an image, in their order. */
  app.get(`${STORE_API}/banners`, { config: { access: admin }, schema: { querystring: NoQuery } }, async () => {
    const banners = await kernel.db
      .selectFrom('appcenter_store_banner')
      .select(['id', 'title', 'link', sql<string>`extract(epoch from updated_at)::bigint::text`.as('version')])
      .where('enabled', '=', true)
      .where('image', 'is not', null)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { code: 200, msg: 'ok', data: { banners } };
  });

  app.get(`${STORE_API}/banners/:id/image`, { config: { access: 'signedIn' }, schema: { params: StoreIdParam, querystring: BannerImageQuery } }, async (req, reply) => {
    const row = await kernel.db.selectFrom('appcenter_store_banner').select('image').where('id', '=', req.params.id).executeTakeFirst();
    if (!row?.image) throw fail.notFound('appcenter.store.bannerNotFound');
    return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600').send(row.image);
  });
}
