import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { TOKEN_PATTERN, TOKEN_PREFIX, tokenMayCall } from '../../../../shared/api/account-developer.ts';
import type { BearerLookup } from '../../../kernel/bearer.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import './tables.ts';

/** SHA-256 is enough for a 256-bit random token: nothing to guess, so no slow hash is needed (decision 0058). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token of `spaceId`: the prefix and space in clear, then 32 random bytes. */
export function mintToken(spaceId: string): string {
  return `${TOKEN_PREFIX}${spaceId}_${randomBytes(32).toString('base64url')}`;
}

/**
 * The lookup the kernel asks for every bearer call. The token names its space, so the row is read under that
 * space's row-level security like any request's data; a malformed token answers "unknown" without a query.
 */
export function tokenLookup(kernel: Kernel): BearerLookup {
  return async (token) => {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const spaceId = match[1]!;
    return inSpace(kernel.db, spaceId, async (trx) => {
      const row = await trx
        .selectFrom('account_dev_application')
        .select(['id', 'user_id', 'state', 'ended_by', 'last_used_at'])
        .where('token_hash', '=', tokenHash(token))
        .executeTakeFirst();
      if (!row) return null;
      if (row.state !== 'approved') return { refused: row.ended_by === 'replaced' ? 'account.developer.tokenReplaced' : 'account.developer.tokenRevoked' };
      // "Last used" to the minute: one small write a minute per token, not one per call.
      if (!row.last_used_at || kernel.clock.now() - new Date(row.last_used_at).getTime() > 60_000) {
        await trx.updateTable('account_dev_application').set({ last_used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
      }
      return { tokenId: row.id, userId: row.user_id, spaceId };
    });
  };
}

/** Hands the kernel the lookup and the calls a token may make (shared/api/account-developer.ts, decision 0059). */
export function provideBearer(kernel: Kernel): void {
  kernel.bearer.provide(tokenLookup(kernel), tokenMayCall);
}
