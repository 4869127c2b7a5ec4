import { sql } from 'kysely';
import { NoQuery } from '../../../shared/api/common.ts';
import { BOUND_ELSEWHERE, SELF_PROFILE_PATH, SelfProfileBody, portraitPath, type SelfProfile, type SelfProfileField } from '../../../shared/api/org-self.ts';
import { MEMBER_FIELD_LABELS, memberProblems, normalisedMember, type MemberInput } from '../../../shared/org/member.ts';
import { fieldKey, fieldLabel, storedFieldValues, type MemberFieldDef, type MemberFieldValues } from '../../../shared/org/member-fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { selfEditFields } from './elements.ts';
import { fieldValuesOf, memberFields, replaceFieldValues } from './member-field-store.ts';
import './tables.ts';
import './self-portrait.ts';

/** The profile columns a member may change about himself, by their §3 field name. */
const COLUMNS = { gender: 'gender', birthday: 'birthday', qq: 'qq', idCard: 'id_card', address: 'address', signature: 'signature', extension: 'extension', jobDescription: 'job_description' } as const;

/**
 * The member's own record in this space, read for his update (the membership row locked, so two saves of his
 * queue rather than both passing the `updatedAt` check). Null when he is no member here.
 */
async function ownRecord(trx: Trx, spaceId: string, userId: string, lock: boolean) {
  let query = trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('org_member_profile as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.login_id as loginId', 'u.name', 'u.phone', 'u.email'])
    .select(['p.gender', 'p.qq', 'p.id_card as idCard', 'p.address', 'p.signature', 'p.extension', 'p.job_description as jobDescription'])
    .select(sql<string | null>`p.birthday::text`.as('birthday'))
    .select(sql<string | null>`p.entry_date::text`.as('entryDate'))
    .select(sql<string>`coalesce(p.updated_at, m.created_at)::text`.as('updatedAt'))
    .where('m.space_id', '=', spaceId)
    .where('m.user_id', '=', userId);
  if (lock) query = query.forUpdate('m');
  const row = await query.executeTakeFirst();
  return row ? { ...row, address: row.address ?? '', signature: row.signature ?? '', extension: row.extension ?? '', jobDescription: row.jobDescription ?? '' } : null;
}

/** The enabled extension fields the administrator lets members fill in about themselves. */
const selfFieldsOf = (fields: MemberFieldDef[]) => fields.filter((f) => f.enabled && f.selfEdit);

async function profileOf(trx: Trx, spaceId: string, userId: string, language: string): Promise<SelfProfile | null> {
  const row = await ownRecord(trx, spaceId, userId, false);
  if (!row) return null;
  const names = await sql<{ departments: string[] | null; main_post: string | null; part_time: string[] | null; superior: string | null; portrait_at: string | null }>`
    select (select array_agg(d.name order by d.name) from org_member_department md join org_department d on d.id = md.department_id where md.user_id = ${userId}) as departments,
      (select p.name from org_member_post mp join org_post p on p.id = mp.post_id where mp.user_id = ${userId} and mp.main) as main_post,
      (select array_agg(p.name order by p.name) from org_member_post mp join org_post p on p.id = mp.post_id where mp.user_id = ${userId} and not mp.main) as part_time,
      (select su.name from org_member_profile pr join users su on su.id = pr.superior_id where pr.user_id = ${userId}) as superior,
      (select (extract(epoch from updated_at) * 1000)::bigint::text from org_member_portrait where user_id = ${userId}) as portrait_at`.execute(trx);
  const more = names.rows[0]!;
  const values = (await fieldValuesOf(trx, [userId])).get(userId) ?? {};
  const fields = selfFieldsOf(await memberFields(trx)).map((f) => ({ id: f.id, kind: f.kind, options: f.options, required: f.required, label: fieldLabel(f, language), value: values[f.id] ?? null }));
  return {
    ...row,
    id: String(row.id),
    departments: more.departments ?? [],
    mainPost: more.main_post,
    partTimePosts: more.part_time ?? [],
    superior: more.superior,
    portrait: more.portrait_at ? `${portraitPath(String(row.id))}?v=${more.portrait_at}` : null,
    fields,
    editable: await selfEditFields(trx),
  };
}

/**
 * Personal settings "My info" (§2.8, §3; decision 0062): any member reads his own §3 information in the
 * space and changes the fields the administrator lets him (element/setting/member). The checks are the member write
 * path's (`memberProblems`); phone and e-mail are bound with a code on the account-security tab, never here.
 */
export function registerSelfProfileRoutes(app: App, kernel: Kernel): void {
  const member = { permission: 'org.structure.read' } as const;

  app.get(SELF_PROFILE_PATH, { config: { access: member }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const profile = await kernel.transact(req, (trx) => profileOf(trx, space.id, me.userId, req.ctx.language));
    if (!profile) throw fail.notFound('org.member.notFound');
    return { code: 200, msg: 'ok', data: profile };
  });

  app.put(SELF_PROFILE_PATH, { config: { access: member, action: 'org.self.profile' }, schema: { querystring: NoQuery, body: SelfProfileBody } }, async (req) => {
    const space = currentSpace(req);
    const me = signedIn(req);
    const { changes, fields: sentFields, updatedAt } = req.body;
    const changed = Object.keys(changes) as Array<keyof typeof changes>;
    req.ctx.auditTarget = [...changed, ...Object.keys(sentFields ?? {}).map(fieldKey)].join(',');
    const profile = await kernel.transact(req, async (trx) => {
      const current = await ownRecord(trx, space.id, me.userId, true);
      if (!current) throw fail.notFound('org.member.notFound');
      const editable: readonly string[] = await selfEditFields(trx);
      // Anything he may not change refuses the whole save, naming the field: nothing is half-saved.
      for (const field of changed) {
        if ((BOUND_ELSEWHERE as readonly string[]).includes(field)) throw fail.unprocessable('orgSelf.boundElsewhere', { field: MEMBER_FIELD_LABELS[field] }, { field });
        if (!editable.includes(field)) throw fail.unprocessable('orgSelf.notEditable', { field: MEMBER_FIELD_LABELS[field] }, { field });
      }
      const all = await memberFields(trx, true);
      const selfFields = selfFieldsOf(all);
      for (const id of Object.keys(sentFields ?? {})) {
        if (!selfFields.some((f) => f.id === id)) {
          const def = all.find((f) => f.id === id);
          throw fail.unprocessable('orgSelf.notEditable', { field: def ? fieldLabel(def, req.ctx.language) : id }, { field: fieldKey(id) });
        }
      }
      if (current.updatedAt !== updatedAt) throw fail.conflict('org.member.changedMeanwhile');
      // Merged with what is stored, then judged by the one set of rules; only the fields he changes can be wrong
      // here (the others are the administrator's record and were checked when written).
      const text = (field: 'address' | 'signature' | 'extension' | 'jobDescription') => (field in changes ? (changes[field] ?? '') : current[field]);
      const merged: MemberInput = { ...current, ...changes, name: changes.name ?? current.name, address: text('address'), signature: text('signature'), extension: text('extension'), jobDescription: text('jobDescription') };
      let values: MemberFieldValues | undefined;
      if (sentFields) {
        const stored = (await fieldValuesOf(trx, [me.userId])).get(me.userId) ?? {};
        values = Object.fromEntries(selfFields.map((f) => [f.id, f.id in sentFields ? sentFields[f.id]! : (stored[f.id] ?? null)]));
        merged.fields = values;
      }
      const mine = new Set<string>([...changed, ...Object.keys(sentFields ?? {}).map(fieldKey), ...(values ? selfFields.map((f) => fieldKey(f.id)) : [])]);
      const problem = memberProblems(merged, new Date(kernel.clock.now()), selfFields, req.ctx.language).find((p) => mine.has(p.field));
      if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
      const normal = normalisedMember(merged);
      await write(trx, space.id, me.userId, changed as SelfProfileField[], normal, current.name, new Date(kernel.clock.now()));
      if (changed.includes('name') && normal.name !== current.name) {
        // His sessions show the new name at their next request, not after the principal cache's few seconds.
        const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', me.userId).where('revoked_at', 'is', null).execute();
        req.ctx.afterCommit.push(() => kernel.sessions.forget(sessions.map((s) => s.id)));
      }
      if (values) await replaceFieldValues(trx, space.id, me.userId, selfFields, storedFieldValues(selfFields, values));
      return profileOf(trx, space.id, me.userId, req.ctx.language);
    });
    return { code: 200, msg: 'ok', data: profile };
  });
}

/**
 * Stores the changed fields. His name is his account's (`users.name`): he owns his account, in every space. The
 * profile row's `updated_at` moves on every save, so the administrator's open dialog sees the change (409) too.
 */
async function write(trx: Trx, spaceId: string, userId: string, changed: SelfProfileField[], member: ReturnType<typeof normalisedMember>, oldName: string, now: Date) {
  if (changed.includes('name') && member.name !== oldName) await trx.updateTable('users').set({ name: member.name }).where('id', '=', userId).execute();
  const set: Record<string, string | null> = {};
  for (const field of changed) if (field !== 'name') set[COLUMNS[field]] = member[field];
  await trx
    .insertInto('org_member_profile')
    .values({ space_id: spaceId, user_id: userId, gender: member.gender, birthday: member.birthday, qq: member.qq, id_card: member.idCard, address: member.address, signature: member.signature, extension: member.extension, job_description: member.jobDescription, superior_id: null, updated_at: now })
    .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ ...set, updated_at: now }))
    .execute();
}
