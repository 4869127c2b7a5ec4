import type { SpaceRequestRow } from '../../shared/api/console-spaces.ts';
import type { Db, Trx } from './db/pool.ts';

/** A pending registration locked for its decision: what approval needs to make the space and its administrator. */
export interface PendingSpaceRequest {
  id: string;
  enterpriseName: string;
  contactName: string;
  phone: string;
  email: string;
  adminLoginId: string;
  passwordHash: string;
}

export interface SpaceRequestDecision {
  state: 'approved' | 'rejected';
  by: string;
  at: Date;
  note: string | null;
  spaceId: string | null;
}

/** The org app's answers: it owns the requests (entRegist), the console only decides them. */
export interface SpaceRequestsProvider {
  /** Requests, newest first (only those in `state` when given); never the password hash or the follow-up token. */
  list(db: Db, state?: SpaceRequestRow['state']): Promise<SpaceRequestRow[]>;
  /** Locks a pending request; 404 when unknown, 409 when already decided. */
  takePending(trx: Trx, id: string): Promise<PendingSpaceRequest>;
  /** Closes a request taken with takePending, in the same transaction. */
  close(trx: Trx, id: string, decision: SpaceRequestDecision): Promise<void>;
}

/**
 * Enterprise registrations (decision 0073) as the operator console decides them: the org app provides them at
 * start, so the console never reads org's table nor imports its modules (decision 0091).
 */
export class SpaceRequests {
  private provider: SpaceRequestsProvider | null = null;

  provide(provider: SpaceRequestsProvider): void {
    this.provider = provider;
  }

  get requests(): SpaceRequestsProvider {
    if (!this.provider) throw new Error('No space requests provider is registered (the organisation app registers it at start).');
    return this.provider;
  }
}
