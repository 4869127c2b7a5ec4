import type { AppsProvider } from '../../kernel/apps.ts';
import { usesSomeApp, visibleTo } from './tables.ts';

/** Ids are bigint: anything else names no app, and must not reach the query as a failing cast (a 500). */
const ID = /^[0-9]{1,18}$/;
const ids = (appIds: readonly string[]) => [...new Set(appIds.filter((id) => ID.test(id)))];

/** The application centre's answers to `kernel.apps` (server/kernel/apps.ts), with its own visibility rule. */
export const appsProvider: AppsProvider = {
  async openable(trx, req, appIds) {
    const wanted = ids(appIds);
    if (wanted.length === 0) return new Set();
    const rows = await trx.selectFrom('appcenter_app').select('id').where('id', 'in', wanted).where(visibleTo(req)).execute();
    return new Set(rows.map((row) => String(row.id)));
  },

  usesSome: usesSomeApp,

  async live(trx, appIds) {
    const wanted = appIds ? ids(appIds) : null;
    if (wanted?.length === 0) return [];
    let query = trx.selectFrom('appcenter_app').select(['id', 'name', 'created_at']).where('deleted_at', 'is', null).orderBy('name').orderBy('id');
    if (wanted) query = query.where('id', 'in', wanted);
    const rows = await query.execute();
    return rows.map((row) => ({ id: String(row.id), name: row.name, createdAt: new Date(row.created_at).toISOString() }));
  },
};
