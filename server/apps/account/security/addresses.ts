import { sql } from 'kysely';
import type { BindKind } from '../../../../shared/api/account-security.ts';
import { isEmail, isPhone } from '../../../../shared/forms/formats.ts';
import type { Trx } from '../../../kernel/db/pool.ts';
import { verifiedAddresses } from './level.ts';
import './tables.ts';

/** How an address is stored and compared: e-mails trimmed, phones without the spaces and dashes people type. */
export function normaliseAddress(kind: BindKind, value: string): string {
  return kind === 'phone' ? value.replace(/[\s-]/g, '') : value.trim();
}

/** The dictionary key of what is wrong with an address's format (§5 format messages), or null. */
export function addressProblem(kind: BindKind, value: string): string | null {
  if (kind === 'email') return isEmail(value) ? null : 'validation.email';
  return isPhone(value) ? null : 'validation.phone';
}

/** The account (another than `userId`) whose verified binding holds this address, if any. */
export async function boundElsewhere(trx: Trx, kind: BindKind, value: string, userId: string | null): Promise<string | null> {
  let query = trx.selectFrom('account_bindings').select('user_id').where('kind', '=', kind).where(sql<string>`lower(value)`, '=', value.toLowerCase());
  if (userId) query = query.where('user_id', '<>', userId);
  return (await query.executeTakeFirst())?.user_id ?? null;
}

export interface NamedAccount {
  id: string;
  spaceId: string | null;
  /** Where a reset code goes: the verified address the person named, else the e-mail, else the phone. */
  channel: BindKind | null;
  target: string | null;
}

/** An active account by what its owner typed: its login ID, or one of its verified addresses. Null: none. */
export async function accountNamed(trx: Trx, typed: string): Promise<NamedAccount | null> {
  const text = typed.trim();
  const byLogin = await trx.selectFrom('users').select('id').where(sql<string>`lower(login_id)`, '=', text.toLowerCase()).executeTakeFirst();
  const phone = normaliseAddress('phone', text);
  const byAddress = byLogin
    ? null
    : await trx
        .selectFrom('account_bindings')
        .select(['user_id', 'kind'])
        .where((eb) => eb.or([eb.and([eb('kind', '=', 'email'), eb(sql<string>`lower(value)`, '=', text.toLowerCase())]), eb.and([eb('kind', '=', 'phone'), eb('value', '=', phone)])]))
        .executeTakeFirst();
  const userId = byLogin?.id ?? byAddress?.user_id;
  if (!userId) return null;
  const user = await trx.selectFrom('users').select(['id', 'status', 'default_space_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.status !== 'active') return null;
  const addresses = await verifiedAddresses(trx, userId);
  // A binding an administrator has since overwritten is no longer the account's: it does not name it.
  if (byAddress && !addresses[byAddress.kind]) return null;
  const channel: BindKind | null = byAddress?.kind ?? (addresses.email ? 'email' : addresses.phone ? 'phone' : null);
  const membership = await trx
    .selectFrom('memberships')
    .select('space_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy(sql`space_id = ${user.default_space_id ?? ''}`, 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  return { id: userId, spaceId: membership?.space_id ?? null, channel, target: channel ? addresses[channel] : null };
}
