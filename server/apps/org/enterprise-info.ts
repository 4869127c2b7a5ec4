import { Type } from '@sinclair/typebox';
import { NoQuery, Strict } from '../../../shared/api/common.ts';
import { enterpriseInfoProblem, type EnterpriseInfo } from '../../../shared/org/enterprise-info.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Trx } from '../../kernel/db/pool.ts';

const Text = (max: number) => Type.String({ maxLength: max });
const InfoBody = Strict({ shortName: Text(200), industry: Text(40), contactName: Text(200), contactPhone: Text(200), contactEmail: Text(200), address: Text(1000) });

async function readInfo(trx: Trx, spaceId: string): Promise<EnterpriseInfo> {
  const space = await trx.selectFrom('spaces').select('name').where('id', '=', spaceId).executeTakeFirstOrThrow();
  const row = await trx.selectFrom('org_enterprise_info').selectAll().executeTakeFirst();
  return {
    name: space.name,
    shortName: row?.short_name ?? '',
    industry: row?.industry ?? '',
    contactName: row?.contact_name ?? '',
    contactPhone: row?.contact_phone ?? '',
    contactEmail: row?.contact_email ?? '',
    address: row?.address ?? '',
  };
}

/** infoSetting and its console copy (spec §2.6; decision 0035): every member reads it, an admin edits it. */
export function registerEnterpriseInfoRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.settings.manage' } as const;

  app.get('/api/org/enterprise-info', { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    return { code: 200, msg: 'ok', data: await kernel.transact(req, (trx) => readInfo(trx, space.id)) };
  });

  app.put('/api/org/enterprise-info', { config: { access: manage, action: 'org.settings.enterpriseInfo' }, schema: { querystring: NoQuery, body: InfoBody } }, async (req) => {
    const space = currentSpace(req);
    const info = Object.fromEntries(Object.entries(req.body).map(([key, value]) => [key, value.trim()])) as typeof req.body;
    const problem = enterpriseInfoProblem(info);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    const row = {
      short_name: info.shortName,
      industry: info.industry,
      contact_name: info.contactName,
      contact_phone: info.contactPhone,
      contact_email: info.contactEmail,
      address: info.address,
    };
    const saved = await kernel.transact(req, async (trx) => {
      await trx
        .insertInto('org_enterprise_info')
        .values({ space_id: space.id, ...row })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ ...row, updated_at: new Date() }))
        .execute();
      return readInfo(trx, space.id);
    });
    return { code: 200, msg: 'ok', data: saved };
  });
}
