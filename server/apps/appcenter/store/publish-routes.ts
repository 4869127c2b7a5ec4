import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { PublishBody, STORE_API, type PublishSource } from '../../../../shared/api/appcenter-store.ts';
import { fail, pgErrorCode } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { actorOf, admin, versionOf, versionQuery } from './actor.ts';
import { buildPackage, packageHash } from './package.ts';

/**
 * Publishing (admin, `appstore/upload` and `appstore/audit`): the space's applications that can be published, a new
 * version of one as a package waiting for review, and the space's own submissions with their review states.
 */
export function registerPublishRoutes(app: App, kernel: Kernel): void {
  app.get(`${STORE_API}/sources`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    actorOf(req);
    const sources = await kernel.transact(req, async (trx): Promise<PublishSource[]> => {
      const rows = await trx
        .selectFrom('appcenter_app as a')
        .innerJoin('appcenter_system as s', 's.id', 'a.system_id')
        .leftJoin('appcenter_store_app as st', (join) => join.onRef('st.source_app_id', '=', 'a.id').onRef('st.space_id', '=', 'a.space_id'))
        .select(['a.id', 'a.name', 's.name as system_name', 'st.id as store_app_id'])
        .select(sql<number>`(select count(*) from forms_form f where f.app_id = a.id and f.deleted_at is null and f.version > 0)::int`.as('forms'))
        .select(sql<string | null>`(select v.label from appcenter_store_version v where v.store_app_id = st.id order by v.seq desc limit 1)`.as('last_label'))
        .where('a.deleted_at', 'is', null)
        .orderBy('s.sort')
        .orderBy('a.sort')
        .orderBy('a.id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, systemName: r.system_name, forms: r.forms, storeAppId: r.store_app_id, lastLabel: r.last_label }));
    });
    return { code: 200, msg: 'ok', data: { sources } };
  });

  app.post(`${STORE_API}/versions`, { config: { access: admin, action: 'appcenter.store.publish' }, schema: { querystring: NoQuery, body: PublishBody } }, async (req) => {
    const actor = actorOf(req);
    req.ctx.auditTarget = req.body.appId;
    try {
      const version = await kernel.transact(req, async (trx) => {
        const pkg = await buildPackage(kernel, trx, actor, req.body.appId);
        const values = { name: pkg.app.name, icon: pkg.app.icon, description: pkg.app.description, updated_at: sql<Date>`clock_timestamp()` };
        const store = await trx
          .insertInto('appcenter_store_app')
          .values({ space_id: actor.spaceId, source_app_id: req.body.appId, ...values })
          .onConflict((oc) => oc.columns(['space_id', 'source_app_id']).doUpdateSet(values))
          .returning('id')
          .executeTakeFirstOrThrow();
        const pending = await trx.selectFrom('appcenter_store_version').select('id').where('store_app_id', '=', store.id).where('state', '=', 'pending').executeTakeFirst();
        if (pending) throw fail.conflict('appcenter.store.pendingExists');
        const inserted = await trx
          .insertInto('appcenter_store_version')
          .values({
            space_id: actor.spaceId,
            store_app_id: store.id,
            seq: sql<number>`(select coalesce(max(seq), 0) + 1 from appcenter_store_version where store_app_id = ${store.id})`,
            label: req.body.label,
            channel: req.body.channel,
            notes: req.body.notes.trim(),
            package: JSON.stringify(pkg),
            hash: packageHash(pkg),
            forms: pkg.parts.forms.forms.length,
            submitted_by: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return versionOf(await versionQuery(trx).where('v.id', '=', inserted.id).executeTakeFirstOrThrow());
      });
      return { code: 200, msg: 'ok', data: version };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.conflict('appcenter.store.labelTaken', { label: req.body.label });
      throw error;
    }
  });

  app.get(`${STORE_API}/submissions`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    const actor = actorOf(req);
    const versions = await kernel.transact(req, async (trx) =>
      (await versionQuery(trx).where('v.space_id', '=', actor.spaceId).orderBy('v.submitted_at', 'desc').orderBy('v.id', 'desc').limit(500).execute()).map(versionOf),
    );
    return { code: 200, msg: 'ok', data: { versions } };
  });
}
