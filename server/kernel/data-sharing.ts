import { ALL_ALLOWED, SHARING_REFUSED, type SharingAction, type SharingAllowed } from '../../shared/org/data-sharing.ts';
import type { Role } from '../../shared/roles.ts';
import type { Trx } from './db/pool.ts';
import { fail } from './errors.ts';

/** Who wants to take data out: a member of the transaction's space with their platform roles there. */
export interface Sharer {
  userId: string;
  roles: readonly Role[];
}

/** Answers, inside the caller's space transaction, what a member may take out (the app keeping the policy). */
export type SharingChecker = (trx: Trx, who: Sharer) => Promise<SharingAllowed>;

/**
 * The space's data-sharing policy as every app asks it (decision 0046). The app that keeps the policy (org)
 * provides the checker when it starts; the apps holding data (forms: exports, files, shares) ask here, inside their
 * own request's transaction, so they never import that app and the kernel knows neither. The answer is read from
 * the database each time: a change applies at once in every server process, with no cache to notify.
 */
export class DataSharing {
  private checker: SharingChecker | null = null;

  provide(checker: SharingChecker): void {
    this.checker = checker;
  }

  /**
   * Administrators are always allowed, whatever a checker says, so no policy can lock a space out of its data.
   * Without a checker (no app keeps a policy) nothing is limited: the platform's behaviour before the policy.
   */
  async allowed(trx: Trx, who: Sharer): Promise<SharingAllowed> {
    if (who.roles.includes('admin') || !this.checker) return { ...ALL_ALLOWED };
    return this.checker(trx, who);
  }

  /** Throws the 403 a member reads in their language when the policy does not let them take `action`. */
  async require(trx: Trx, who: Sharer, action: SharingAction): Promise<void> {
    if (!(await this.allowed(trx, who))[action]) throw fail.forbidden(SHARING_REFUSED[action]);
  }
}
