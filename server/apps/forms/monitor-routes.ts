import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { FormParams } from '../../../shared/api/forms.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { monitors } from './access.ts';
import { loadForm } from './context.ts';
import { labelsFor, readerOf } from './labels.ts';
import { countRecords } from './list.ts';
import { SYSTEM_SELECT, ensureIndex, storedFields, toApiRecord, type RecordRow } from './storage.ts';

const TOP = 20;

/**
 * The monitoring view of §6 (app/monitor): for those who monitor a form (admins, or a rule with the monitor
 * level), how many records there are, whose they are, which department holds them, who handles them now, what
 * changed last and what waits in the recycle bin. Everyone else hears "No permission to view".
 */
export function registerMonitorRoutes(app: App, kernel: Kernel): void {
  app.get('/api/forms/forms/:formId/monitor', { config: { access: { permission: 'forms.records' } }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const data = await kernel.transact(req, async (trx) => {
      const { form, viewer } = await loadForm(trx, req, req.params.formId);
      if (!monitors(viewer)) throw fail.forbidden('forms.noViewPermission');
      // "What changed last" reads by modification time: the index is made the first time anyone monitors.
      await ensureIndex(trx, form.id, 'updated_at');
      const table = sql.table(form.table);
      const group = async (column: string) =>
        (
          await sql<{ id: string | null; n: string }>`select ${sql.ref(column)}::text as id, count(*) as n from ${table} t
            where t.deleted_at is null group by 1 order by 2 desc limit ${TOP}`.execute(trx)
        ).rows.map((r) => ({ id: r.id, count: Number(r.n) }));
      const total = await countRecords(trx, form.table, sql`t.deleted_at is null`);
      const recycled = await countRecords(trx, form.table, sql`t.deleted_at is not null`);
      const [byOwner, byDepartment, byHandler] = [await group('owner_id'), await group('owner_dept_id'), await group('handler_id')];
      const fields = storedFields(viewer.fields).filter((f) => f.title).slice(0, 1);
      const columns = fields.map((f) => sql.ref(`t.${f.key}`));
      const recentRows = await sql<RecordRow>`select ${columns.length ? sql`${SYSTEM_SELECT}, ${sql.join(columns)}` : SYSTEM_SELECT} from ${table} t
        where t.deleted_at is null order by t.updated_at desc, t.id desc limit ${TOP}`.execute(trx);
      const recent = recentRows.rows.map((row) => toApiRecord(row, fields));
      const labels = await labelsFor(trx, readerOf(form, viewer), fields, recent);
      const people = [...byOwner, ...byHandler].map((g) => g.id).filter((id): id is string => !!id);
      const names = people.length ? await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', people).execute() : [];
      for (const row of names) labels.users[row.id] = row.name;
      const departments = byDepartment.map((g) => g.id).filter((id): id is string => !!id);
      const deptNames = departments.length ? await trx.selectFrom('org_department').select(['id', 'name']).where('id', 'in', departments).execute() : [];
      for (const row of deptNames) labels.departments[row.id] = row.name;
      return { form: { id: form.id, name: form.name, appId: form.appId, appName: form.appName }, total, recycled, byOwner, byDepartment, byHandler, recent, titleField: fields[0]?.key ?? null, labels };
    });
    return { code: 200, msg: 'ok', data };
  });
}
