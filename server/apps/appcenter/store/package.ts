import { createHash } from 'node:crypto';
import { PACKAGE_FORMAT, PACKAGE_FORMAT_VERSION, canonicalJson, packageProblems, type AppPackage } from '../../../../shared/appcenter/package.ts';
import type { Role } from '../../../../shared/roles.ts';
import type { PackageActor, PackageRefs } from '../../../kernel/app-packages.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

/** `sha256:<hex>` of the package's canonical JSON: any change to any byte of its meaning changes it. */
export const packageHash = (pkg: unknown) => `sha256:${createHash('sha256').update(canonicalJson(pkg)).digest('hex')}`;

/**
 * The one way a stored package is read (review, install, update): the hash taken when it was built must match
 * its content, and the content must pass the shared check. Either failure is a 422 naming the first problem, and
 * the caller has written nothing yet.
 */
export function readPackage(stored: unknown, hash: string): AppPackage {
  if (packageHash(stored) !== hash) throw fail.unprocessable('appcenter.store.tampered');
  const problems = packageProblems(stored);
  if (problems.length) throw fail.unprocessable(problems[0]!.key, problems[0]!.params, { problems });
  return stored as AppPackage;
}

/**
 * The package of one application of the actor's space: the app and its system, then each registered part
 * (forms, then the flows on them) through its owner's exporter. Never a record. Checked before it is stored.
 */
export async function buildPackage(kernel: Kernel, trx: Trx, actor: PackageActor, appId: string): Promise<AppPackage> {
  const app = await trx
    .selectFrom('appcenter_app as a')
    .innerJoin('appcenter_system as s', 's.id', 'a.system_id')
    .select(['a.name', 'a.icon', 'a.description', 'a.roles', 's.name as systemName', 's.icon as systemIcon', 's.description as systemDescription'])
    .where('a.id', '=', appId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!app) throw fail.notFound('appcenter.store.appNotFound');
  const refs: PackageRefs = new Map();
  const parts: Record<string, unknown> = {};
  for (const [name, part] of kernel.appPackages.parts()) {
    const exported = await part.exportPart(trx, actor, appId, refs);
    if (exported) parts[name] = exported;
  }
  if (!parts.forms) throw fail.unprocessable('appcenter.store.noForms');
  const pkg = {
    format: PACKAGE_FORMAT,
    formatVersion: PACKAGE_FORMAT_VERSION,
    app: {
      name: app.name,
      icon: app.icon,
      description: app.description,
      roles: app.roles.filter((r): r is Exclude<Role, 'root'> => r !== 'root'),
      system: { name: app.systemName, icon: app.systemIcon, description: app.systemDescription },
    },
    parts,
  };
  const problems = packageProblems(pkg);
  if (problems.length) throw fail.unprocessable(problems[0]!.key, problems[0]!.params, { problems });
  return pkg as AppPackage;
}
