import { Type } from '@sinclair/typebox';
import { MEMBER_FIELD_KINDS, MEMBER_FIELD_LIMITS, SELF_EDIT_CHOICES } from '../org/member-fields.ts';
import { Lang, Strict } from './common.ts';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });

/**
 * The shape only (lengths in UTF-16 units, generous); the rules that speak the user's language — labels in
 * letters, options, duplicates — are `definitionProblems` in shared/org/member-fields.ts, answered as 422.
 */
export const MemberFieldBody = Strict({
  label: Type.String({ maxLength: MEMBER_FIELD_LIMITS.label * 4 }),
  labelEn: Type.String({ maxLength: MEMBER_FIELD_LIMITS.labelEn * 4 }),
  kind: Type.Union(MEMBER_FIELD_KINDS.map((kind) => Type.Literal(kind))),
  options: Type.Array(Type.String({ maxLength: MEMBER_FIELD_LIMITS.option * 4 }), { maxItems: MEMBER_FIELD_LIMITS.options * 2 }),
  required: Type.Boolean(),
  onCard: Type.Boolean(),
  selfEdit: Type.Boolean(),
  enabled: Type.Boolean(),
});

/** DELETE …/:id: a field that holds values goes only when the caller confirmed removing them (`values=remove`). */
export const DeleteMemberFieldQuery = Strict({ lang: Lang, values: Type.Optional(Type.Literal('remove')) });

/** The whole order of the space's fields, first to last. */
export const MemberFieldOrderBody = Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: MEMBER_FIELD_LIMITS.fields, uniqueItems: true }) });

/** A member's extension values by field id, on create and edit; null or '' clears a value. */
export const MemberFieldValuesSchema = Type.Record(Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Union([Type.String({ maxLength: MEMBER_FIELD_LIMITS.text * 4 }), Type.Null()]), {
  maxProperties: MEMBER_FIELD_LIMITS.fields,
});

export const SelfEditBody = Strict({
  fields: Type.Array(Type.Union(SELF_EDIT_CHOICES.map((field) => Type.Literal(field))), { maxItems: SELF_EDIT_CHOICES.length, uniqueItems: true }),
});
