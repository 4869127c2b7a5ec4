import { memberEvents } from '../../../shared/events.ts';
import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { CreateMemberBody, InvitationBody, MemberStatusBody, ResetPasswordBody, UpdateMemberBody } from '../../../shared/api/org-members.ts';
import { memberProblems, normalisedMember, type MemberInput } from '../../../shared/org/member.ts';
import { storedFieldValues, type MemberFieldDef } from '../../../shared/org/member-fields.ts';
import { passwordPolicyProblems } from '../../../shared/security-policy.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail, pgErrorCode } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { publicOrigin } from '../../kernel/http/origin.ts';
import { sendMail } from '../../kernel/mail/index.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { activeMemberCount, assertWithinQuota } from '../../kernel/providers.ts';
import { memberFields, replaceFieldValues } from './member-field-store.ts';
import { checkReferences, insertMembers, newInvitation, NO_PASSWORD, profileColumns, refuseSuperiorLoop, takenLoginIds, type MemberPlan } from './member-store.ts';
import './tables.ts';

type Body = typeof CreateMemberBody.static | typeof UpdateMemberBody.static;

/** The first problem of the shared rules as a 422 naming the field, so the dialog marks it. */
function refuseProblems(input: MemberInput, fields: MemberFieldDef[] = [], language = 'zh-CN'): void {
  const problem = memberProblems(input, new Date(), fields, language)[0];
  if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
}

/** The space's password rules (its security policy; by default the platform's floor). */
function checkPassword(kernel: Kernel, spaceId: string, password: string): void {
  const problem = passwordPolicyProblems(password, kernel.policies.get(spaceId))[0];
  if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
}

const planOf = (body: Body, loginId: string, passwordHash: string | null, fields: Map<string, string> | null): MemberPlan => ({
  member: normalisedMember({ ...body, loginId }),
  departmentIds: body.departmentIds ?? [],
  mainPostId: body.mainPostId ?? null,
  partTimePostIds: body.partTimePostIds ?? [],
  superiorId: body.superiorId ?? null,
  passwordHash,
  fields,
});

/**
 * Accounts are platform-wide, and the same person may work in several spaces. A space's administrator changes the
 * account itself (name, phone, e-mail, password) only when it belongs to their space alone; otherwise those belong
 * to its owner and the operator (decision 0037). Locks the member's row for the rest of the transaction.
 */
async function memberAccount(trx: Trx, spaceId: string, userId: string) {
  const row = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.phone', 'u.email', 'u.status', 'm.status as membership', 'm.roles'])
    .select(sql<number>`(select count(*)::int from memberships o where o.user_id = u.id and o.space_id <> ${spaceId})`.as('otherSpaces'))
    .where('m.space_id', '=', spaceId)
    .where('m.user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw fail.notFound('org.member.notFound');
  return { ...row, ownedHere: row.otherSpaces === 0 && !row.roles.includes('root') };
}

export function registerMemberWriteRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.members.manage' } as const;

  app.post('/api/org/members', { config: { access: manage, action: 'org.member.create' }, schema: { querystring: NoQuery, body: CreateMemberBody } }, async (req) => {
    const space = currentSpace(req);
    const loginId = req.body.loginId.trim();
    req.ctx.auditTarget = loginId;
    // The §3 rules before the costly password hash; the extension values wait for their fields (in the transaction).
    refuseProblems({ ...req.body, loginId, fields: undefined });
    if (req.body.password !== undefined) checkPassword(kernel, space.id, req.body.password);
    const hash = req.body.password ? await hashPassword(req.body.password) : null;
    try {
      const created = await kernel.transact(req, async (trx) => {
        // The extension fields as they stand in this transaction (locked until it ends); a new member's values are
        // the whole set, so a required field must be among them.
        const fields = await memberFields(trx, true);
        const values = req.body.fields ?? {};
        refuseProblems({ ...req.body, loginId, fields: values }, fields, req.ctx.language);
        const plan = planOf(req.body, loginId, hash, storedFieldValues(fields, values));
        if ((await takenLoginIds(trx, [loginId])).size) throw fail.unprocessable('org.member.loginTaken', { loginId }, { field: 'loginId' });
        await checkReferences(trx, space.id, plan);
        const [member] = await insertMembers(trx, space.id, [plan], kernel.clock.now());
        await kernel.events.emit(trx, space.id, memberEvents('org.member.joined', [member!.id], { kind: 'member', userId: signedIn(req).userId }));
        return member!;
      });
      return { code: 200, msg: 'ok', data: { id: created.id, invitation: created.invitation } };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw fail.unprocessable('org.member.loginTaken', { loginId }, { field: 'loginId' });
      throw error;
    }
  });

  app.patch('/api/org/members/:id', { config: { access: manage, action: 'org.member.update' }, schema: { params: IdParam, querystring: NoQuery, body: UpdateMemberBody } }, async (req) => {
    const space = currentSpace(req);
    const userId = req.params.id;
    req.ctx.auditTarget = userId;
    await kernel.transact(req, async (trx) => {
      const account = await memberAccount(trx, space.id, userId);
      const current = await trx.selectFrom('users').select('login_id').where('id', '=', userId).executeTakeFirstOrThrow();
      // An edit without `fields` leaves the member's extension values as they are; with it, replaces them all.
      const fields = await memberFields(trx, true);
      refuseProblems({ ...req.body, loginId: current.login_id }, fields, req.ctx.language);
      const plan = planOf(req.body, current.login_id, null, req.body.fields ? storedFieldValues(fields, req.body.fields) : null);
      const seen = await sql<{ at: string }>`select coalesce((select updated_at from org_member_profile where user_id = ${userId}), (select created_at from memberships where space_id = ${space.id} and user_id = ${userId}))::text as at`.execute(trx);
      if (seen.rows[0]?.at !== req.body.updatedAt) throw fail.conflict('org.member.changedMeanwhile');
      const accountChanged = plan.member.name !== account.name || plan.member.phone !== account.phone || plan.member.email !== account.email;
      if (accountChanged && !account.ownedHere) throw fail.unprocessable('org.member.sharedAccount');
      await checkReferences(trx, space.id, plan);
      await refuseSuperiorLoop(trx, space.id, userId, plan.superiorId);
      if (accountChanged) await trx.updateTable('users').set({ name: plan.member.name, phone: plan.member.phone, email: plan.member.email }).where('id', '=', userId).execute();
      const { space_id: _s, user_id: _u, ...profile } = profileColumns(space.id, userId, plan);
      await trx
        .insertInto('org_member_profile')
        .values({ ...profileColumns(space.id, userId, plan), updated_at: new Date(kernel.clock.now()) })
        .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ ...profile, updated_at: new Date(kernel.clock.now()) }))
        .execute();
      if (plan.fields) await replaceFieldValues(trx, space.id, userId, fields, plan.fields);
      if (req.body.departmentIds) {
        await trx.deleteFrom('org_member_department').where('user_id', '=', userId).execute();
        if (plan.departmentIds.length) await trx.insertInto('org_member_department').values(plan.departmentIds.map((department_id) => ({ space_id: space.id, user_id: userId, department_id }))).execute();
      }
      if (req.body.mainPostId !== undefined || req.body.partTimePostIds) {
        await trx.deleteFrom('org_member_post').where('user_id', '=', userId).execute();
        const posts = [...(plan.mainPostId ? [{ post_id: plan.mainPostId, main: true }] : []), ...plan.partTimePostIds.map((post_id) => ({ post_id, main: false }))];
        if (posts.length) await trx.insertInto('org_member_post').values(posts.map((p) => ({ ...p, space_id: space.id, user_id: userId }))).execute();
      }
    });
    return { code: 200, msg: 'ok', data: { id: userId } };
  });

  /** Disable or re-enable a member in this space. Disabling ends their sessions in the space at once. */
  app.put('/api/org/members/:id/status', { config: { access: manage, action: 'org.member.status' }, schema: { params: IdParam, querystring: NoQuery, body: MemberStatusBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = `${req.params.id}:${req.body.status}`;
    if (req.body.status === 'disabled' && req.params.id === signedIn(req).userId) throw fail.unprocessable('org.member.selfDisable');
    const revoked = await kernel.transact(req, async (trx) => {
      await memberAccount(trx, space.id, req.params.id);
      const before = await trx.selectFrom('memberships').select('status').where('space_id', '=', space.id).where('user_id', '=', req.params.id).executeTakeFirst();
      // A member enabled again counts against the space's quota and the licence like a new one.
      if (req.body.status === 'active' && before?.status !== 'active') await assertWithinQuota(trx, space.id, 'members', (await activeMemberCount(trx, space.id)) + 1);
      await trx.updateTable('memberships').set({ status: req.body.status }).where('space_id', '=', space.id).where('user_id', '=', req.params.id).execute();
      // A disabled member has left the space as far as other apps are concerned; enabling him again is a return.
      if (before && before.status !== req.body.status) {
        const type = req.body.status === 'disabled' ? 'org.member.left' : 'org.member.joined';
        await kernel.events.emit(trx, space.id, memberEvents(type, [req.params.id], { kind: 'member', userId: signedIn(req).userId }));
      }
      await kernel.sessions.announceMembershipChange(trx);
      return req.body.status === 'disabled' ? kernel.sessions.revoke(trx, { userId: req.params.id, spaceId: space.id }) : [];
    });
    kernel.sessionsRevoked(revoked);
    kernel.sessions.forget('all');
    return { code: 200, msg: 'ok', data: { id: req.params.id, status: req.body.status } };
  });

  /** A new password chosen by the administrator: every session of the account ends, the owner signs in again. */
  app.put('/api/org/members/:id/password', { config: { access: manage, action: 'org.member.resetPassword' }, schema: { params: IdParam, querystring: NoQuery, body: ResetPasswordBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    checkPassword(kernel, space.id, req.body.password);
    const hash = await hashPassword(req.body.password);
    const revoked = await kernel.transact(req, async (trx) => {
      const account = await memberAccount(trx, space.id, req.params.id);
      if (!account.ownedHere) throw fail.unprocessable('org.member.sharedAccount');
      await trx.updateTable('users').set({ password_hash: hash, password_changed_at: new Date(kernel.clock.now()), status: account.status === 'invited' ? 'active' : account.status, invite_token_hash: null, invite_expires_at: null }).where('id', '=', req.params.id).execute();
      return kernel.sessions.revoke(trx, { userId: req.params.id });
    });
    kernel.sessionsRevoked(revoked);
    return { code: 200, msg: 'ok', data: null };
  });

  /**
   * A fresh invitation link for a member who has not set a password yet (the old link stops working), also sent by
   * e-mail when asked. The mail goes out before the new link is committed: if it cannot be sent, the answer says why
   * in the user's language and the old link stays the valid one.
   */
  app.post('/api/org/members/:id/invitation', { config: { access: manage, action: 'org.member.invite' }, schema: { params: IdParam, querystring: NoQuery, body: InvitationBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const invitation = newInvitation(kernel.clock.now());
    const mailedTo = await kernel.transact(req, async (trx) => {
      const account = await memberAccount(trx, space.id, req.params.id);
      if (account.status !== 'invited') throw fail.unprocessable('org.member.notInvited');
      await trx.updateTable('users').set({ invite_token_hash: invitation.hash, invite_expires_at: invitation.expiresAt, password_hash: NO_PASSWORD }).where('id', '=', req.params.id).execute();
      if (!req.body?.mail) return null;
      if (!account.email) throw fail.unprocessable('org.member.noEmail');
      const link = `${publicOrigin(kernel.config, req).origin}/home/invitation/${encodeURIComponent(invitation.token)}`;
      const loginId = (await trx.selectFrom('users').select('login_id').where('id', '=', req.params.id).executeTakeFirstOrThrow()).login_id;
      await sendMail(kernel, space.id, { to: account.email, templateKey: 'invitation', language: req.ctx.language, values: { name: account.name, loginId, link, space: space.name } });
      return account.email;
    });
    return { code: 200, msg: mailedTo ? 'org.member.invitationMailed' : 'ok', data: { invitation: invitation.token, expiresAt: invitation.expiresAt, mailedTo } };
  });
}
