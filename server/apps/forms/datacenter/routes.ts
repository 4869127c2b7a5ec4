import { NoQuery } from '../../../../shared/api/common.ts';
import { DATACENTER_API, LARGEST_TABLES, type DataMonitoring, type DataTableDetail, type DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import { FormParams } from '../../../../shared/api/forms.ts';
import type { Apps } from '../../../kernel/apps.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import { currentSpace } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { publishedFields } from '../context.ts';
import { spaceTimeZone } from '../jobs/space-zone.ts';
import { describeTable, formTables } from './figures.ts';
import { growthWindow, sumGrowth } from './growth.ts';

/** Every table of the space with its growth, in the space's days. */
async function describeSpace(apps: Apps, trx: Trx, spaceId: string, formId?: string) {
  const window = await growthWindow(trx, await spaceTimeZone(trx, spaceId));
  const described = [];
  for (const form of await formTables(apps, trx, formId)) described.push({ form, ...(await describeTable(trx, form, window)) });
  return { window, described };
}

/**
 * The data centre of spec §2.7 (`console/tmp/datacenter`, `…/monitoring`, `datacenter/table/list/{table}`;
 * decision 0068): the space's forms as tables with their rows, sizes and growth. Administrators only — it shows
 * every form's volume, whatever the record rules say, but never a record.
 */
export function registerDataCenterRoutes(app: App, kernel: Kernel): void {
  const admin = { roles: ['admin'] } as const;

  app.get(`${DATACENTER_API}/tables`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    const items: DataTableItem[] = await kernel.transact(req, async (trx) => (await describeSpace(kernel.apps, trx, currentSpace(req).id)).described.map((d) => d.item));
    return { code: 200, msg: 'ok', data: { items } };
  });

  app.get(`${DATACENTER_API}/tables/:formId`, { config: { access: admin }, schema: { params: FormParams, querystring: NoQuery } }, async (req) => {
    const data: DataTableDetail = await kernel.transact(req, async (trx) => {
      const spaceId = currentSpace(req).id;
      const { described } = await describeSpace(kernel.apps, trx, spaceId, req.params.formId);
      const found = described[0];
      if (!found) {
        // A form of this space that was never published has no table yet; anything else is not found (another
        // space's form included: row-level security hides it).
        const draft = await trx.selectFrom('forms_form').select('id').where('id', '=', req.params.formId).where('version', '=', 0).where('deleted_at', 'is', null).executeTakeFirst();
        throw fail.notFound(draft ? 'forms.datacenter.unpublished' : 'forms.formNotFound');
      }
      const fields = await publishedFields(trx, spaceId, found.form.formId, found.form.version);
      return { ...found.item, fields: fields.length, growth: found.growth };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get(`${DATACENTER_API}/monitoring`, { config: { access: admin }, schema: { querystring: NoQuery } }, async (req) => {
    const data: DataMonitoring = await kernel.transact(req, async (trx) => {
      const { window, described } = await describeSpace(kernel.apps, trx, currentSpace(req).id);
      const items = described.map((d) => d.item);
      return {
        totals: {
          forms: items.length,
          rows: items.reduce((sum, i) => sum + i.rows, 0),
          bytes: items.reduce((sum, i) => sum + i.bytes, 0),
          estimated: items.some((i) => i.estimated),
        },
        growth: sumGrowth(window, described.map((d) => d.growth)),
        largest: [...items].sort((a, b) => b.bytes - a.bytes || b.rows - a.rows).slice(0, LARGEST_TABLES),
      };
    });
    return { code: 200, msg: 'ok', data };
  });
}
