import type { DeveloperApplication } from '../../../../shared/api/account-developer.ts';

/** What the developer tab shows, from the member's applications (newest first). */
export interface DeveloperView {
  /** The approved application: its token is live (or waits to be collected). */
  live: DeveloperApplication | null;
  pending: DeveloperApplication | null;
  /** The newest decision when it is a rejection nothing later superseded: shown with its reason. */
  rejected: DeveloperApplication | null;
  /** The member may file an application now (none is under review). */
  canApply: boolean;
}

export function developerView(applications: readonly DeveloperApplication[]): DeveloperView {
  const live = applications.find((a) => a.state === 'approved') ?? null;
  const pending = applications.find((a) => a.state === 'pending') ?? null;
  const newestDecided = applications.find((a) => a.state !== 'pending') ?? null;
  const rejected = newestDecided?.state === 'rejected' ? newestDecided : null;
  return { live, pending, rejected, canApply: pending === null };
}
