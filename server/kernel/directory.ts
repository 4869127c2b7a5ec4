import type { WorkTime } from '../../shared/org/work-time.ts';
import type { Trx } from './db/pool.ts';

/**
 * What apps may ask about the people of a space beyond the notify contract's recipients (the workflow engine's
 * assignees): the organisation app provides it at start, inside the caller's transaction. Every answer holds only
 * active members of the space.
 */
export interface DirectoryProvider {
  /** A member's departments, main (first) one first. */
  departmentsOf(trx: Trx, spaceId: string, userId: string): Promise<string[]>;
  /** The enterprise role ids a member holds. */
  rolesOf(trx: Trx, spaceId: string, userId: string): Promise<string[]>;
  /** Heads of the member's main department `level` steps up (1 = its own); the top-most department when the chain is shorter. */
  headsAbove(trx: Trx, spaceId: string, userId: string, level: number): Promise<string[]>;
  /** The direct superior `level` steps up (1 = his own superior); the last one found when the chain is shorter. */
  superiorAbove(trx: Trx, spaceId: string, userId: string, level: number): Promise<string | null>;
  /** Holders of posts, main and part-time. */
  postHolders(trx: Trx, spaceId: string, postIds: readonly string[]): Promise<string[]>;
  /** The space's work time (decision 0034) and its time zone, for time limits counted in working minutes. */
  workTime(trx: Trx, spaceId: string): Promise<{ time: WorkTime; zone: string }>;
  /** The role groups (ids) in which the member holds a role: a portal's scope. */
  roleGroupsOf(trx: Trx, spaceId: string, userId: string): Promise<string[]>;
  /** Which of these role-group ids exist in the space (a portal's scope names only real groups). */
  roleGroupsIn(trx: Trx, spaceId: string, groupIds: readonly string[]): Promise<Set<string>>;
  /** Which of these ids are active members of the space. */
  activeMembers(trx: Trx, spaceId: string, userIds: readonly string[]): Promise<Set<string>>;
}

export class Directory {
  private provider: DirectoryProvider | null = null;

  provide(provider: DirectoryProvider): void {
    this.provider = provider;
  }

  get people(): DirectoryProvider {
    if (!this.provider) throw new Error('No directory is registered (the organisation app registers it at start).');
    return this.provider;
  }
}
