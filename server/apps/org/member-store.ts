import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { normalisedMember } from '../../../shared/org/member.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { activeMemberCount, assertWithinQuota } from '../../kernel/providers.ts';
import { hashToken } from '../../kernel/sessions.ts';
import { insertFieldValues } from './member-field-store.ts';

/** What an invitation link stays good for: long enough for a person back from a week's leave. */
export const INVITE_DAYS = 7;
/** Never a valid scrypt hash: an invited account cannot be signed into until its owner sets a password. */
export const NO_PASSWORD = '!invited';

export interface MemberPlan {
  member: ReturnType<typeof normalisedMember>;
  departmentIds: string[];
  mainPostId: string | null;
  partTimePostIds: string[];
  superiorId: string | null;
  /** A scrypt hash (active member) or null (invited: a link is issued). */
  passwordHash: string | null;
  /** Extension field values in their stored form (decision 0048); null on an edit that leaves them as they are. */
  fields: Map<string, string> | null;
}

export interface Invitation {
  token: string;
  hash: string;
  expiresAt: Date;
}

export function newInvitation(now: number): Invitation {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(now + INVITE_DAYS * 86_400_000) };
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

export const profileColumns = (spaceId: string, userId: string, plan: MemberPlan) => ({
  space_id: spaceId,
  user_id: userId,
  gender: plan.member.gender,
  birthday: plan.member.birthday,
  qq: plan.member.qq,
  id_card: plan.member.idCard,
  address: plan.member.address,
  signature: plan.member.signature,
  extension: plan.member.extension,
  entry_date: plan.member.entryDate,
  job_description: plan.member.jobDescription,
  superior_id: plan.superiorId,
});

/**
 * Writes new members — the account, the membership (role `user`), the profile, departments and posts — for the
 * member dialog and the import alike, so both store the same things the same way. Login IDs are checked by the
 * caller; a race that still collides fails the whole statement (unique index), never half a member.
 * Returns the new ids in the order of `plans`, with each invited member's link token.
 */
export async function insertMembers(trx: Trx, spaceId: string, plans: MemberPlan[], now: number): Promise<Array<{ id: string; invitation: string | null }>> {
  const created: Array<{ id: string; invitation: string | null }> = [];
  // The space's members quota: all of them or none, before anything is written.
  await assertWithinQuota(trx, spaceId, 'members', (await activeMemberCount(trx, spaceId)) + plans.length);
  for (const part of chunks(plans, 1000)) {
    const invitations = part.map((plan) => (plan.passwordHash ? null : newInvitation(now)));
    const users = await trx
      .insertInto('users')
      .values(
        part.map((plan, i) => ({
          login_id: plan.member.loginId,
          name: plan.member.name,
          phone: plan.member.phone,
          email: plan.member.email,
          status: plan.passwordHash ? ('active' as const) : ('invited' as const),
          password_hash: plan.passwordHash ?? NO_PASSWORD,
          invite_token_hash: invitations[i]?.hash ?? null,
          invite_expires_at: invitations[i]?.expiresAt ?? null,
          default_space_id: spaceId,
          password_changed_at: new Date(now),
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id);
    await trx.insertInto('memberships').values(ids.map((user_id) => ({ space_id: spaceId, user_id, roles: ['user'] }))).execute();
    await trx.insertInto('org_member_profile').values(part.map((plan, i) => profileColumns(spaceId, ids[i]!, plan))).execute();
    const departments = part.flatMap((plan, i) => plan.departmentIds.map((department_id) => ({ space_id: spaceId, user_id: ids[i]!, department_id })));
    if (departments.length) await trx.insertInto('org_member_department').values(departments).execute();
    const posts = part.flatMap((plan, i) => [
      ...(plan.mainPostId ? [{ space_id: spaceId, user_id: ids[i]!, post_id: plan.mainPostId, main: true }] : []),
      ...plan.partTimePostIds.map((post_id) => ({ space_id: spaceId, user_id: ids[i]!, post_id, main: false })),
    ]);
    if (posts.length) await trx.insertInto('org_member_post').values(posts).execute();
    await insertFieldValues(trx, spaceId, part.flatMap((plan, i) => (plan.fields?.size ? [{ userId: ids[i]!, values: plan.fields }] : [])));
    created.push(...ids.map((id, i) => ({ id, invitation: invitations[i]?.token ?? null })));
  }
  return created;
}

/** Login IDs (any case) that an account already has, anywhere on the platform: accounts are platform-wide. */
export async function takenLoginIds(trx: Trx, loginIds: string[]): Promise<Set<string>> {
  if (!loginIds.length) return new Set();
  const rows = await sql<{ login: string }>`select lower(login_id) as login from users where lower(login_id) = any(${loginIds.map((l) => l.toLowerCase())}::text[])`.execute(trx);
  return new Set(rows.rows.map((r) => r.login));
}

/**
 * Departments, posts and superior must exist in this space (row-level security hides other spaces' rows; the
 * superior is checked against the space's memberships). The first problem found is the answer.
 */
export async function checkReferences(trx: Trx, spaceId: string, plan: Omit<MemberPlan, 'member' | 'passwordHash' | 'fields'>): Promise<void> {
  if (plan.departmentIds.length) {
    const found = await trx.selectFrom('org_department').select('id').where('id', 'in', plan.departmentIds).execute();
    if (found.length !== plan.departmentIds.length) throw fail.unprocessable('org.departmentMissing');
  }
  const posts = [...(plan.mainPostId ? [plan.mainPostId] : []), ...plan.partTimePostIds];
  if (plan.mainPostId && plan.partTimePostIds.includes(plan.mainPostId)) throw fail.unprocessable('org.mainPostAlsoPartTime');
  if (posts.length) {
    const found = await trx.selectFrom('org_post').select('id').where('id', 'in', posts).execute();
    if (found.length !== posts.length) throw fail.unprocessable('org.postMissing');
  }
  if (plan.superiorId) {
    const member = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', spaceId).where('user_id', '=', plan.superiorId).executeTakeFirst();
    if (!member) throw fail.unprocessable('org.member.superiorMissing');
  }
}

/**
 * Refuses a superior whose own chain of superiors leads back to the member (A → B → A). The space's superior
 * edits are serialised by an advisory lock, so two concurrent edits cannot close a loop between them.
 */
export async function refuseSuperiorLoop(trx: Trx, spaceId: string, userId: string, superiorId: string | null): Promise<void> {
  if (!superiorId) return;
  if (superiorId === userId) throw fail.unprocessable('org.member.superiorSelf');
  await sql`select pg_advisory_xact_lock(hashtext(${`org.superior:${spaceId}`}))`.execute(trx);
  const loop = await sql<{ hit: boolean }>`
    with recursive chain(id, depth) as (
      select superior_id, 1 from org_member_profile where user_id = ${superiorId} and superior_id is not null
      union all
      select p.superior_id, c.depth + 1 from org_member_profile p join chain c on p.user_id = c.id
      where p.superior_id is not null and c.depth < 1000
    )
    select exists (select 1 from chain where id = ${userId}) as hit`.execute(trx);
  if (loop.rows[0]?.hit) throw fail.unprocessable('org.member.superiorLoop');
}
