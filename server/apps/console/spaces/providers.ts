import { signedIn } from '../../../kernel/http/context.ts';
import { NoQuery } from '../../../../shared/api/common.ts';
import { AccountBody, CreateProviderBody, ProviderParam, UpdateProviderBody, type ProviderRow } from '../../../../shared/api/console-spaces.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { createAccount, grantAccountSpaces } from './accounts.ts';
import { announceMembers } from './member-events.ts';

const access = { permission: 'console.spaces.manage' } as const;

async function providerRows(trx: Trx, id?: string): Promise<ProviderRow[]> {
  let query = trx
    .selectFrom('providers as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.status',
      'p.contact_name',
      'p.contact_phone',
      'p.contact_email',
      'p.note',
      'p.created_at',
      eb.selectFrom('spaces as s').select(eb.fn.countAll<string>().as('n')).whereRef('s.provider_id', '=', 'p.id').as('spaces'),
    ])
    .orderBy('p.created_at')
    .orderBy('p.id');
  if (id) query = query.where('p.id', '=', id);
  const rows = await query.execute();
  const accounts = rows.length
    ? await trx
        .selectFrom('provider_members as pm')
        .innerJoin('users as u', 'u.id', 'pm.user_id')
        .select(['pm.provider_id', 'u.id', 'u.login_id', 'u.name'])
        .where('pm.provider_id', 'in', rows.map((r) => r.id))
        .orderBy('pm.created_at')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    contactEmail: r.contact_email,
    note: r.note,
    createdAt: new Date(r.created_at).toISOString(),
    spaces: Number(r.spaces ?? 0),
    accounts: accounts.filter((a) => a.provider_id === r.id).map((a) => ({ userId: a.id, loginId: a.login_id, name: a.name })),
  }));
}

/** Service providers (sysop/saas, sysop/addSaas): root creates, edits, disables them and adds their saas accounts. */
export function registerProviderRoutes(app: App, kernel: Kernel): void {
  app.get('/api/console/providers', { config: { access }, schema: { querystring: NoQuery } }, async (req) => {
    const providers = await kernel.transact(req, (trx) => providerRows(trx));
    return { code: 200, msg: 'ok', data: { providers } };
  });

  app.get('/api/console/providers/:id', { config: { access }, schema: { params: ProviderParam, querystring: NoQuery } }, async (req) => {
    const [provider] = await kernel.transact(req, (trx) => providerRows(trx, req.params.id));
    if (!provider) throw fail.notFound('consoleSpaces.provider.notFound');
    return { code: 200, msg: 'ok', data: provider };
  });

  app.post('/api/console/providers', { config: { access, action: 'console.provider.create' }, schema: { querystring: NoQuery, body: CreateProviderBody } }, async (req) => {
    const { id, account, ...fields } = req.body;
    req.ctx.auditTarget = id;
    const passwordHash = await hashPassword(account.password);
    const provider = await kernel.transact(req, async (trx) => {
      if (await trx.selectFrom('providers').select('id').where('id', '=', id).executeTakeFirst()) throw fail.conflict('consoleSpaces.provider.exists', { id });
      await trx
        .insertInto('providers')
        .values({ id, name: fields.name.trim(), contact_name: fields.contactName ?? null, contact_phone: fields.contactPhone ?? null, contact_email: fields.contactEmail ?? null, note: fields.note ?? null })
        .execute();
      const userId = await createAccount(trx, { ...account, passwordHash }, null);
      await trx.insertInto('provider_members').values({ provider_id: id, user_id: userId }).execute();
      return (await providerRows(trx, id))[0]!;
    });
    return { code: 200, msg: 'ok', data: provider };
  });

  app.patch('/api/console/providers/:id', { config: { access, action: 'console.provider.update' }, schema: { params: ProviderParam, querystring: NoQuery, body: UpdateProviderBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const body = req.body;
    const provider = await kernel.transact(req, async (trx) => {
      const updated = await trx
        .updateTable('providers')
        .set({
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.contactName !== undefined ? { contact_name: body.contactName } : {}),
          ...(body.contactPhone !== undefined ? { contact_phone: body.contactPhone } : {}),
          ...(body.contactEmail !== undefined ? { contact_email: body.contactEmail } : {}),
          ...(body.note !== undefined ? { note: body.note } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        })
        .where('id', '=', req.params.id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw fail.notFound('consoleSpaces.provider.notFound');
      // A disabled provider's accounts act as nobody's: principals carry the provider, so cached ones are dropped.
      if (body.status !== undefined) await kernel.sessions.announceMembershipChange(trx);
      return (await providerRows(trx, req.params.id))[0]!;
    });
    if (body.status !== undefined) kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: provider };
  });

  app.post('/api/console/providers/:id/accounts', { config: { access, action: 'console.provider.account' }, schema: { params: ProviderParam, querystring: NoQuery, body: AccountBody } }, async (req) => {
    req.ctx.auditTarget = `${req.body.loginId}@${req.params.id}`;
    const passwordHash = await hashPassword(req.body.password);
    const provider = await kernel.transact(req, async (trx) => {
      if (!(await trx.selectFrom('providers').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw fail.notFound('consoleSpaces.provider.notFound');
      const userId = await createAccount(trx, { ...req.body, passwordHash }, null);
      await trx.insertInto('provider_members').values({ provider_id: req.params.id, user_id: userId }).execute();
      await announceMembers(kernel, trx, 'org.member.joined', await grantAccountSpaces(trx, req.params.id, userId), signedIn(req).userId);
      return (await providerRows(trx, req.params.id))[0]!;
    });
    return { code: 200, msg: 'ok', data: provider };
  });
}
