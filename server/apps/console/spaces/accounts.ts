import { sql } from 'kysely';
import type { AccountInput } from '../../../../shared/api/console-spaces.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { fail } from '../../../kernel/errors.ts';

/**
 * Accounts root makes (a provider's saas accounts, a space's first administrator) and the memberships that tie a
 * provider's accounts to its spaces (decision 0072): every saas account of a provider is a `saas` member of each
 * space the provider owns, and of none other.
 */

/** Creates an active account; a login ID any account already has (any case) is refused before anything is written. */
export async function createAccount(trx: Trx, input: AccountInput & { passwordHash: string }, defaultSpaceId: string | null): Promise<string> {
  const taken = await trx.selectFrom('users').select('id').where(sql<string>`lower(login_id)`, '=', input.loginId.toLowerCase()).executeTakeFirst();
  if (taken) throw fail.unprocessable('consoleSpaces.loginTaken', { loginId: input.loginId });
  const user = await trx
    .insertInto('users')
    .values({ login_id: input.loginId, name: input.name.trim(), phone: input.phone ?? null, email: input.email ?? null, password_hash: input.passwordHash, default_space_id: defaultSpaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** A membership made or ended: the space and member a `org.member.joined` or `left` event names. */
export interface MembershipPair {
  spaceId: string;
  userId: string;
}

/** Gives every saas account of `providerId` a `saas` membership in `spaceId` (one it already has is left alone). */
export async function grantProviderAccounts(trx: Trx, providerId: string, spaceId: string): Promise<MembershipPair[]> {
  const { rows } = await sql<MembershipPair>`insert into memberships (space_id, user_id, roles)
    select ${spaceId}, pm.user_id, array['saas'] from provider_members pm where pm.provider_id = ${providerId}
    on conflict (space_id, user_id) do nothing
    returning space_id as "spaceId", user_id as "userId"`.execute(trx);
  return rows;
}

/** Gives one new saas account a `saas` membership in each space its provider owns. */
export async function grantAccountSpaces(trx: Trx, providerId: string, userId: string): Promise<MembershipPair[]> {
  const { rows } = await sql<MembershipPair>`insert into memberships (space_id, user_id, roles)
    select s.id, ${userId}, array['saas'] from spaces s where s.provider_id = ${providerId}
    on conflict (space_id, user_id) do nothing
    returning space_id as "spaceId", user_id as "userId"`.execute(trx);
  return rows;
}

/** Removes the `saas` memberships `providerId`'s accounts hold in `spaceId` (the space moved to another owner). */
export async function revokeProviderAccounts(trx: Trx, providerId: string, spaceId: string): Promise<MembershipPair[]> {
  const { rows } = await sql<MembershipPair>`delete from memberships m using provider_members pm
    where m.space_id = ${spaceId} and m.user_id = pm.user_id and pm.provider_id = ${providerId} and m.roles = array['saas']
    returning m.space_id as "spaceId", m.user_id as "userId"`.execute(trx);
  return rows;
}

/** An active provider, or 422: a space is given only to a provider that exists and is enabled. */
export async function assertActiveProvider(trx: Trx, providerId: string): Promise<void> {
  const row = await trx.selectFrom('providers').select('status').where('id', '=', providerId).executeTakeFirst();
  if (!row) throw fail.unprocessable('consoleSpaces.provider.unknown', { id: providerId });
  if (row.status !== 'active') throw fail.unprocessable('consoleSpaces.provider.disabled', { id: providerId });
}
