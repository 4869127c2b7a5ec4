import type { SpaceRequestRow } from '../../../shared/api/console-spaces.ts';
import type { Db, Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { PendingSpaceRequest, SpaceRequestDecision, SpaceRequestsProvider } from '../../kernel/space-requests.ts';
import './tables.ts';

/**
 * Enterprise registrations (entRegist) as the platform operator decides them (decision 0073). The org app
 * owns `org_space_request`; the console reads and closes requests only through `kernel.spaceRequests`, which
 * these functions answer (decision 0091), never the table.
 */

/** A request as the console shows it (the shape is the console API's, shared/api/console-spaces.ts). */
export type SpaceRequest = SpaceRequestRow;

const COLUMNS = [
  'id',
  'enterprise_name as enterpriseName',
  'contact_name as contactName',
  'phone',
  'email',
  'admin_login_id as adminLoginId',
  'message',
  'state',
  'note',
  'created_space_id as createdSpaceId',
  'created_at as createdAt',
  'decided_at as decidedAt',
] as const;

/** Requests, newest first (pending ones when `state` says so); never the password hash or the follow-up token. */
export async function listSpaceRequests(db: Db, state?: SpaceRequest['state']): Promise<SpaceRequest[]> {
  let query = db.selectFrom('org_space_request').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500);
  if (state) query = query.where('state', '=', state);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null }));
}

/** Locks a pending request for its decision; what approval needs to make the space and its administrator. */
export async function takePendingSpaceRequest(trx: Trx, id: string): Promise<PendingSpaceRequest> {
  const row = await trx
    .selectFrom('org_space_request')
    .select(['id', 'enterprise_name', 'contact_name', 'phone', 'email', 'admin_login_id', 'password_hash', 'state'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw fail.notFound('consoleSpaces.request.notFound');
  if (row.state !== 'pending') throw fail.conflict('consoleSpaces.request.decided');
  return {
    id: row.id,
    enterpriseName: row.enterprise_name,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    adminLoginId: row.admin_login_id,
    passwordHash: row.password_hash,
  };
}

/** Closes a request taken with takePendingSpaceRequest, in the same transaction. */
export async function closeSpaceRequest(trx: Trx, id: string, decision: SpaceRequestDecision): Promise<void> {
  await trx
    .updateTable('org_space_request')
    .set({ state: decision.state, decided_by: decision.by, decided_at: decision.at, note: decision.note, created_space_id: decision.spaceId })
    .where('id', '=', id)
    .execute();
}

export const spaceRequests: SpaceRequestsProvider = { list: listSpaceRequests, takePending: takePendingSpaceRequest, close: closeSpaceRequest };
