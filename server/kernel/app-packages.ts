import type { Role } from '../../shared/roles.ts';
import type { Trx } from './db/pool.ts';

/** Who exports or installs: the administrator acting in his own space (row-level security: that space only). */
export interface PackageActor {
  userId: string;
  roles: Role[];
  spaceId: string;
}

/**
 * Package keys ↔ ids of one space, shared by every part of one export or install: the forms part names its
 * forms (`form:form1` → `42`), the workflow part finds the forms its flows belong to through it.
 */
export type PackageRefs = Map<string, string>;

export interface PartInstall {
  /** The application the package is installed into (new on install, the installed one on update). */
  appId: string;
  /** On install empty; on update the keys of the earlier install, so parts change their things in place. */
  refs: PackageRefs;
  /** Things the update left in place because the new version no longer has them (shown to the admin). */
  kept: string[];
}

/**
 * One app's part of an application package (decision 0076). The app that owns the things registers
 * its part at start; the store only calls these, so it never reads another app's tables.
 * - `exportPart`: the part for one application of the actor's space, or null when the app has nothing of this kind.
 *   Ids of the space become package keys (`refs`: local id → key as `form:<id>` for parts after this one).
 * - `installPart`: a real copy into the actor's space through the owner's own write path and validation. It may
 *   throw a 422 (AppError): the store's transaction then rolls back and nothing of the package is written.
 */
export interface PackagePart {
  exportPart(trx: Trx, actor: PackageActor, appId: string, refs: PackageRefs): Promise<unknown>;
  installPart(trx: Trx, actor: PackageActor, part: unknown, install: PartInstall): Promise<void>;
}

/** The registry the kernel holds; parts run by `order` (forms, 10, before the flows on its forms, 20). */
export class AppPackages {
  private readonly registered = new Map<string, { part: PackagePart; order: number }>();

  register(name: string, order: number, part: PackagePart): void {
    this.registered.set(name, { part, order });
  }

  parts(): Array<[string, PackagePart]> {
    return [...this.registered].sort(([, a], [, b]) => a.order - b.order).map(([name, { part }]) => [name, part]);
  }
}
