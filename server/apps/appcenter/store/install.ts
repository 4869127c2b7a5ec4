import { sql } from 'kysely';
import type { InstallResult } from '../../../../shared/api/appcenter-store.ts';
import type { AppPackage } from '../../../../shared/appcenter/package.ts';
import type { PackageActor, PackageRefs } from '../../../kernel/app-packages.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { assertOneMoreApp } from '../quota.ts';
import { readPackage } from './package.ts';

export interface ReleasedVersion {
  id: string;
  store_app_id: string;
  seq: number;
  package: unknown;
  hash: string;
}

/** A version the actor's space may install: approved and on the store (row-level security shows it to everyone). */
export async function releasedVersion(trx: Trx, storeAppId: string, versionId: string): Promise<ReleasedVersion> {
  const row = await trx
    .selectFrom('appcenter_store_version as v')
    .innerJoin('appcenter_store_app as a', 'a.id', 'v.store_app_id')
    .select(['v.id', 'v.store_app_id', 'v.seq', 'v.package', 'v.hash'])
    .where('v.id', '=', versionId)
    .where('v.store_app_id', '=', storeAppId)
    .where('v.state', '=', 'approved')
    .where('a.released', '=', true)
    .where('a.listed', '=', true)
    .executeTakeFirst();
  if (!row) throw fail.notFound('appcenter.store.versionNotFound');
  return row;
}

/** The system the package's app goes into: the space's system of that name, or a new one made as by hand. */
async function systemFor(trx: Trx, actor: PackageActor, pkg: AppPackage): Promise<string> {
  const { name, icon, description } = pkg.app.system;
  const found = await trx.selectFrom('appcenter_system').select('id').where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();
  if (found) return found.id;
  const created = await trx
    .insertInto('appcenter_system')
    .values({ space_id: actor.spaceId, name, icon, description, sort: sql<number>`(select coalesce(max(sort) + 1, 0) from appcenter_system)` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Runs every part of the package through its owner's installer; a part nobody installs refuses the whole package. */
async function installParts(kernel: Kernel, trx: Trx, actor: PackageActor, pkg: AppPackage, appId: string, refs: PackageRefs): Promise<string[]> {
  const kept: string[] = [];
  const parts = kernel.appPackages.parts();
  for (const name of Object.keys(pkg.parts)) {
    if (!parts.some(([registered]) => registered === name)) throw fail.unprocessable('appcenter.store.partUnavailable', { part: name });
  }
  for (const [name, part] of parts) {
    const data = (pkg.parts as Record<string, unknown>)[name];
    if (data !== undefined) await part.installPart(trx, actor, data, { appId, refs, kept });
  }
  return kept;
}

/**
 * Installs a released version as a new application of the actor's space: a real copy through each owner's own
 * write path, under the space's row-level security, in the caller's one transaction (a refusal anywhere writes
 * nothing). The apps quota counts the space's live applications plus this one.
 */
export async function installVersion(kernel: Kernel, trx: Trx, actor: PackageActor, version: ReleasedVersion): Promise<InstallResult> {
  const pkg = readPackage(version.package, version.hash);
  const already = await trx.selectFrom('appcenter_store_install').select('app_id').where('store_app_id', '=', version.store_app_id).executeTakeFirst();
  if (already) throw fail.conflict('appcenter.store.alreadyInstalled');
  await assertOneMoreApp(trx, actor.spaceId);
  const systemId = await systemFor(trx, actor, pkg);
  const app = await trx
    .insertInto('appcenter_app')
    .values({
      space_id: actor.spaceId,
      system_id: systemId,
      name: pkg.app.name,
      icon: pkg.app.icon,
      description: pkg.app.description,
      roles: pkg.app.roles,
      created_by: actor.userId,
      sort: sql<number>`(select coalesce(max(sort) + 1, 0) from appcenter_app where system_id = ${systemId})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refs: PackageRefs = new Map();
  const kept = await installParts(kernel, trx, actor, pkg, app.id, refs);
  await trx
    .insertInto('appcenter_store_install')
    .values({ space_id: actor.spaceId, store_app_id: version.store_app_id, version_id: version.id, seq: version.seq, app_id: app.id, refs: JSON.stringify(Object.fromEntries(refs)), kept, installed_by: actor.userId })
    .execute();
  return { appId: app.id, seq: version.seq, kept };
}

/**
 * Updates the installed application to a newer released version in place: forms gain, lose or change fields as a
 * new published version (records stay), new forms are made, forms the version no longer has are kept (named).
 */
export async function updateInstall(kernel: Kernel, trx: Trx, actor: PackageActor, version: ReleasedVersion): Promise<InstallResult> {
  const pkg = readPackage(version.package, version.hash);
  const install = await trx.selectFrom('appcenter_store_install').selectAll().where('store_app_id', '=', version.store_app_id).forUpdate().executeTakeFirst();
  if (!install) throw fail.notFound('appcenter.store.notInstalled');
  if (version.seq <= install.seq) throw fail.unprocessable('appcenter.store.notNewer');
  const app = await trx.selectFrom('appcenter_app').select('id').where('id', '=', install.app_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!app) throw fail.unprocessable('appcenter.store.installedAppGone');
  await trx.updateTable('appcenter_app').set({ name: pkg.app.name, icon: pkg.app.icon, description: pkg.app.description, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', app.id).execute();
  const refs: PackageRefs = new Map(Object.entries(install.refs));
  const kept = await installParts(kernel, trx, actor, pkg, app.id, refs);
  await trx
    .updateTable('appcenter_store_install')
    .set({ version_id: version.id, seq: version.seq, refs: JSON.stringify(Object.fromEntries(refs)), kept, updated_at: sql<Date>`clock_timestamp()` })
    .where('store_app_id', '=', version.store_app_id)
    .execute();
  return { appId: app.id, seq: version.seq, kept };
}
