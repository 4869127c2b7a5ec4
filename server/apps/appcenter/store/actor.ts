import type { FastifyRequest } from 'fastify';
import type { StoreVersion } from '../../../../shared/api/appcenter-store.ts';
import type { PackageActor } from '../../../kernel/app-packages.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { currentSpace, signedIn } from '../../../kernel/http/context.ts';

export const admin = { roles: ['admin'] } as const;
export const root = { roles: ['root'] } as const;

/** The administrator acting in the request's space. */
export const actorOf = (req: FastifyRequest): PackageActor => ({ userId: signedIn(req).userId, roles: [...req.ctx.roles], spaceId: currentSpace(req).id });

/** The columns of a submitted version as publisher and reviewer see it (spaces is a platform table). */
export function versionQuery(trx: Trx) {
  return trx
    .selectFrom('appcenter_store_version as v')
    .innerJoin('appcenter_store_app as a', 'a.id', 'v.store_app_id')
    .innerJoin('spaces as s', 's.id', 'v.space_id')
    .select(['v.id', 'v.store_app_id', 'a.name as app_name', 'v.space_id', 's.name as space_name', 'v.seq', 'v.label', 'v.channel', 'v.notes', 'v.forms', 'v.state', 'v.reason', 'v.submitted_at', 'v.reviewed_at']);
}

export type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>['execute']>>[number];

export const versionOf = (r: VersionRow): StoreVersion => ({
  id: r.id,
  storeAppId: r.store_app_id,
  appName: r.app_name,
  spaceId: r.space_id,
  spaceName: r.space_name,
  seq: r.seq,
  label: r.label,
  channel: r.channel,
  notes: r.notes,
  forms: r.forms,
  state: r.state,
  reason: r.reason,
  submittedAt: r.submitted_at.toISOString(),
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
});
