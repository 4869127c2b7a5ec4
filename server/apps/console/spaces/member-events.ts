import { memberEvents } from '../../../../shared/events.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { MembershipPair } from './accounts.ts';

/**
 * Raises `org.member.joined` or `org.member.left` in each space a console change touched, in the change's own
 * transaction. The console works across spaces, so each space's events are written in that space.
 */
export async function announceMembers(kernel: Kernel, trx: Trx, type: 'org.member.joined' | 'org.member.left', pairs: readonly MembershipPair[], actorId: string): Promise<void> {
  const bySpace = new Map<string, string[]>();
  for (const pair of pairs) bySpace.set(pair.spaceId, [...(bySpace.get(pair.spaceId) ?? []), String(pair.userId)]);
  for (const [spaceId, userIds] of bySpace) await kernel.events.emitAcross(trx, spaceId, memberEvents(type, userIds, { kind: 'member', userId: actorId }));
}
