import { sql } from 'kysely';
import { NoQuery } from '../../../../shared/api/common.ts';
import { DefaultsBody, ProfileBody, SAAS_API, type Profile, type SpaceDefaults } from '../../../../shared/api/org-saas.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { actAsProvider } from '../../../kernel/providers.ts';
import { PROVIDER_ONLY } from './access.ts';

/** The stored profile, or one drawn from root's record of the provider until the provider saves its own. */
async function readProfile(trx: Trx, providerId: string): Promise<Profile> {
  const own = await trx.selectFrom('org_saas_profile').selectAll().executeTakeFirst();
  if (own) {
    return { displayName: own.display_name, contactName: own.contact_name, contactPhone: own.contact_phone, contactEmail: own.contact_email, serviceNote: own.service_note };
  }
  const root = await trx.selectFrom('providers').select(['name', 'contact_name', 'contact_phone', 'contact_email']).where('id', '=', providerId).executeTakeFirstOrThrow();
  return { displayName: root.name, contactName: root.contact_name ?? '', contactPhone: root.contact_phone ?? '', contactEmail: root.contact_email ?? '', serviceNote: '' };
}

async function readDefaults(trx: Trx): Promise<SpaceDefaults> {
  const row = await trx.selectFrom('org_saas_defaults').selectAll().executeTakeFirst();
  return { defaultLanguage: row?.default_language ?? 'zh-CN', quotaMembers: row?.quota_members ?? null, quotaApps: row?.quota_apps ?? null, quotaStorageMb: row?.quota_storage_mb ?? null };
}

/**
 * systemmanagement (the provider's name and contacts shown to its spaces) and saasconsole/appConfig (its defaults
 * for new spaces, decision 0075). Both tables are provider-owned with forced RLS: the rows written carry the
 * session's provider, and the database refuses any other.
 */
export function registerSettingsRoutes(app: App, kernel: Kernel): void {
  app.get(`${SAAS_API}/profile`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoQuery } }, async (req) => {
    const data = await kernel.providerTransact(req, (trx) => readProfile(trx, signedIn(req).providerId!));
    return { code: 200, msg: 'ok', data };
  });

  app.put(`${SAAS_API}/profile`, { config: { access: PROVIDER_ONLY, action: 'org.saas.profile' }, schema: { querystring: NoQuery, body: ProfileBody } }, async (req) => {
    const body = req.body;
    const values = {
      display_name: body.displayName.trim() || body.displayName,
      contact_name: body.contactName.trim(),
      contact_phone: body.contactPhone.trim(),
      contact_email: body.contactEmail.trim(),
      service_note: body.serviceNote.trim(),
      updated_by: signedIn(req).userId,
      updated_at: sql<Date>`now()`,
    };
    const data = await kernel.providerTransact(req, async (trx) => {
      const providerId = signedIn(req).providerId!;
      await trx
        .insertInto('org_saas_profile')
        .values({ provider_id: providerId, ...values })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet(values))
        .execute();
      return readProfile(trx, providerId);
    });
    return { code: 200, msg: 'ok', data };
  });

  app.get(`${SAAS_API}/defaults`, { config: { access: PROVIDER_ONLY }, schema: { querystring: NoQuery } }, async (req) => {
    const data = await kernel.providerTransact(req, readDefaults);
    return { code: 200, msg: 'ok', data };
  });

  app.put(`${SAAS_API}/defaults`, { config: { access: PROVIDER_ONLY, action: 'org.saas.defaults' }, schema: { querystring: NoQuery, body: DefaultsBody } }, async (req) => {
    const b = req.body;
    const values = {
      default_language: b.defaultLanguage,
      quota_members: b.quotaMembers,
      quota_apps: b.quotaApps,
      quota_storage_mb: b.quotaStorageMb,
      updated_by: signedIn(req).userId,
      updated_at: sql<Date>`now()`,
    };
    const data = await kernel.providerTransact(req, async (trx) => {
      await trx
        .insertInto('org_saas_defaults')
        .values({ provider_id: signedIn(req).providerId!, ...values })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet(values))
        .execute();
      return readDefaults(trx);
    });
    return { code: 200, msg: 'ok', data };
  });

  // What a space's members see of the provider serving their space: its name and contacts (null: the platform's own).
  app.get(`${SAAS_API}/my-provider`, { config: { access: { permission: 'org.structure.read' } }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const data = await kernel.transact(req, async (trx) => {
      const row = await trx.selectFrom('spaces').select('provider_id').where('id', '=', space.id).executeTakeFirst();
      if (!row?.provider_id) return null;
      // The provider is the space's own, taken from its row: the profile's RLS then shows that provider's only.
      await actAsProvider(trx, row.provider_id);
      return readProfile(trx, row.provider_id);
    });
    return { code: 200, msg: 'ok', data };
  });
}
