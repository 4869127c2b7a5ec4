import { sql } from 'kysely';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { DeleteMemberFieldQuery, MemberFieldBody, MemberFieldOrderBody } from '../../../shared/api/org-member-fields.ts';
import { LANGUAGES } from '../../../shared/i18n/index.ts';
import { definitionProblems, labelKey, MEMBER_FIELD_LIMITS, MEMBER_FIELDS_PATH, normalisedDraft, type MemberFieldDef, type MemberFieldDraft } from '../../../shared/org/member-fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { registerElementRoutes } from './elements.ts';
import { COLUMN_LABELS, IMPORT_COLUMNS } from './member-import.ts';
import { FIELD_COLUMNS, memberFields, valueCounts } from './member-field-store.ts';

const asDef = (row: Omit<MemberFieldDef, 'id'> & { id: unknown }): MemberFieldDef => ({ ...row, id: String(row.id) });

/** Every space's field edits take this lock: the 30-field limit and label uniqueness hold under concurrent edits. */
const lockFields = (trx: Trx, spaceId: string) => sql`select pg_advisory_xact_lock(hashtext(${`org.member-fields:${spaceId}`}))`.execute(trx);

const row = (draft: MemberFieldDraft) => ({
  label: draft.label,
  label_en: draft.labelEn,
  kind: draft.kind,
  options: draft.options,
  required: draft.required,
  on_card: draft.onCard,
  self_edit: draft.selfEdit,
  enabled: draft.enabled,
});

/**
 * Member extension fields (§2.6 `extension` and `element/setting/extension`; decision 0048). The administrator
 * defines the space's fields; the member dialog, the member API and the import read them to check and store values
 * (member-write.ts, member-import-routes.ts). Row-level security keeps each space to its own fields and values.
 */
export function registerMemberFieldRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.members.manage' } as const;
  const read = { permission: 'org.members.read' } as const;

  /**
   * A field is matched to an import column by its label in either language, so no two fields — and no field and
   * a built-in column ("姓名", "Phone") — may share a label in any language. Refused with a 422 naming the label.
   */
  async function checkDraft(trx: Trx, draft: MemberFieldDraft, selfId: string | null): Promise<void> {
    const problem = definitionProblems(draft)[0];
    if (problem) throw fail.unprocessable(problem.key, problem.params, { field: problem.field });
    const mine = [draft.label, draft.labelEn].filter(Boolean);
    if (mine.length === 2 && labelKey(mine[0]!) === labelKey(mine[1]!)) mine.pop();
    const builtIn = IMPORT_COLUMNS.flatMap((column) => LANGUAGES.map((language) => kernel.i18n.t(language, COLUMN_LABELS[column])));
    const others = (await memberFields(trx)).filter((f) => f.id !== selfId).flatMap((f) => [f.label, f.labelEn]).filter(Boolean);
    const taken = new Set([...builtIn, ...others].map(labelKey));
    const clash = mine.find((label) => taken.has(labelKey(label)));
    if (clash) throw fail.unprocessable('org.fields.labelTaken', { label: clash }, { field: clash === draft.label ? 'label' : 'labelEn' });
  }

  app.get(MEMBER_FIELDS_PATH, { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    currentSpace(req);
    const data = await kernel.transact(req, async (trx) => {
      const counts = await valueCounts(trx);
      const fields = (await memberFields(trx)).map((f) => ({ ...f, valueCount: counts.get(f.id) ?? 0 }));
      return { fields, max: MEMBER_FIELD_LIMITS.fields };
    });
    return { code: 200, msg: 'ok', data };
  });

  app.post(MEMBER_FIELDS_PATH, { config: { access: manage, action: 'org.memberField.create' }, schema: { querystring: NoQuery, body: MemberFieldBody } }, async (req) => {
    const space = currentSpace(req);
    const draft = normalisedDraft(req.body);
    req.ctx.auditTarget = draft.label;
    const created = await kernel.transact(req, async (trx) => {
      await lockFields(trx, space.id);
      const existing = await memberFields(trx);
      if (existing.length >= MEMBER_FIELD_LIMITS.fields) throw fail.unprocessable('org.fields.tooMany', { max: MEMBER_FIELD_LIMITS.fields });
      await checkDraft(trx, draft, null);
      // New fields go last.
      const sort = existing.reduce((max, f) => Math.max(max, f.sort + 1), 0);
      return trx.insertInto('org_member_field').values({ space_id: space.id, ...row(draft), sort }).returning(FIELD_COLUMNS).executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: asDef(created) };
  });

  app.put(`${MEMBER_FIELDS_PATH}/:id`, { config: { access: manage, action: 'org.memberField.update' }, schema: { params: IdParam, querystring: NoQuery, body: MemberFieldBody } }, async (req) => {
    const space = currentSpace(req);
    const draft = normalisedDraft(req.body);
    req.ctx.auditTarget = `${req.params.id}:${draft.label}`;
    const saved = await kernel.transact(req, async (trx) => {
      await lockFields(trx, space.id);
      const before = await trx.selectFrom('org_member_field').select(['kind', 'options']).where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!before) throw fail.notFound('org.fields.notFound');
      await checkDraft(trx, draft, req.params.id);
      // Stored values were checked against the old kind and options: a change may not strand them.
      if (draft.kind !== before.kind) {
        const held = await trx.selectFrom('org_member_field_value').select((eb) => eb.fn.countAll<string>().as('n')).where('field_id', '=', req.params.id).executeTakeFirstOrThrow();
        if (Number(held.n) > 0) throw fail.unprocessable('org.fields.kindInUse', { count: Number(held.n) }, { field: 'kind' });
      }
      const dropped = draft.kind === 'select' && before.kind === 'select' ? before.options.filter((o) => !draft.options.includes(o)) : [];
      if (dropped.length) {
        const used = await trx.selectFrom('org_member_field_value').select('value').distinct().where('field_id', '=', req.params.id).where('value', 'in', dropped).execute();
        if (used.length) throw fail.unprocessable('org.fields.optionInUse', { option: used.map((u) => u.value).join('、') }, { field: 'options' });
      }
      return trx
        .updateTable('org_member_field')
        .set({ ...row(draft), updated_at: new Date(kernel.clock.now()) })
        .where('id', '=', req.params.id)
        .returning(FIELD_COLUMNS)
        .executeTakeFirstOrThrow();
    });
    return { code: 200, msg: 'ok', data: asDef(saved) };
  });

  /** Deleting a field that members hold values of removes those values: only when the caller confirmed it. */
  app.delete(`${MEMBER_FIELDS_PATH}/:id`, { config: { access: manage, action: 'org.memberField.delete' }, schema: { params: IdParam, querystring: DeleteMemberFieldQuery } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.params.id;
    const removedValues = await kernel.transact(req, async (trx) => {
      await lockFields(trx, space.id);
      const field = await trx.selectFrom('org_member_field').select('label').where('id', '=', req.params.id).forUpdate().executeTakeFirst();
      if (!field) throw fail.notFound('org.fields.notFound');
      const held = await trx.selectFrom('org_member_field_value').select((eb) => eb.fn.countAll<string>().as('n')).where('field_id', '=', req.params.id).executeTakeFirstOrThrow();
      const count = Number(held.n);
      if (count > 0 && req.query.values !== 'remove') throw fail.conflict('org.fields.holdsValues', { label: field.label, count }, { count });
      req.ctx.auditTarget = `${req.params.id}:${field.label}:${count}`;
      // The values go by cascade, in the same statement.
      await trx.deleteFrom('org_member_field').where('id', '=', req.params.id).execute();
      return count;
    });
    return { code: 200, msg: 'ok', data: { removedValues } };
  });

  /** The whole order, first to last: a list that is not exactly the space's fields is stale and changes nothing. */
  app.put(`${MEMBER_FIELDS_PATH}/order`, { config: { access: manage, action: 'org.memberField.reorder' }, schema: { querystring: NoQuery, body: MemberFieldOrderBody } }, async (req) => {
    const space = currentSpace(req);
    const { ids } = req.body;
    req.ctx.auditTarget = ids.join(',');
    await kernel.transact(req, async (trx) => {
      await lockFields(trx, space.id);
      const current = (await memberFields(trx)).map((f) => f.id);
      if (current.length !== ids.length || !current.every((id) => ids.includes(id))) throw fail.unprocessable('org.fields.orderStale');
      await sql`update org_member_field f set sort = o.ord - 1, updated_at = now()
        from unnest(${ids}::bigint[]) with ordinality as o(id, ord) where f.id = o.id`.execute(trx);
    });
    return { code: 200, msg: 'ok', data: null };
  });

  registerElementRoutes(app, kernel);
}
