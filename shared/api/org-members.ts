import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';
import { MemberFieldValuesSchema } from './org-member-fields.ts';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Text = (maxLength: number) => Type.String({ maxLength });
const Optional = <T extends ReturnType<typeof Text>>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Ids = Type.Array(Id, { maxItems: 50, uniqueItems: true });

/**
 * The shape only; the rules (formats, lengths in letters, ID-card checksum) are `memberProblems` in
 * `shared/org/member.ts`, so that every way in answers with the same 422 messages.
 */
const profile = {
  name: Text(400),
  phone: Optional(Text(40)),
  email: Optional(Text(400)),
  gender: Type.Optional(Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()])),
  birthday: Optional(Text(10)),
  qq: Optional(Text(20)),
  idCard: Optional(Text(18)),
  address: Type.Optional(Text(800)),
  signature: Type.Optional(Text(200)),
  extension: Type.Optional(Text(40)),
  entryDate: Optional(Text(10)),
  jobDescription: Type.Optional(Text(2000)),
  departmentIds: Type.Optional(Ids),
  mainPostId: Type.Optional(Type.Union([Id, Type.Null()])),
  partTimePostIds: Type.Optional(Ids),
  superiorId: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Extension field values by field id (decision 0048): on an edit, absent leaves them, present replaces them. */
  fields: Type.Optional(MemberFieldValuesSchema),
};

/** Without a password the member is invited: the answer carries a one-time link to set it. */
export const CreateMemberBody = Strict({ loginId: Text(64), password: Type.Optional(Text(128)), ...profile });
export const UpdateMemberBody = Strict({ ...profile, updatedAt: Type.String({ minLength: 1, maxLength: 40 }) });
export const MemberStatusBody = Strict({ status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]) });
export const ResetPasswordBody = Strict({ password: Text(128) });

export const MemberListQuery = Strict({
  lang: Lang,
  q: Type.Optional(Type.String({ maxLength: 64 })),
  departmentId: Type.Optional(Id),
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('invited'), Type.Literal('disabled')])),
  /** `joined`: joined within the last 30 days (companyinfo/newuser); `signedIn`: signed in within 30 days (activeuser). */
  recent: Type.Optional(Type.Union([Type.Literal('joined'), Type.Literal('signedIn')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

export const InvitationParam = Strict({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });
export const AcceptInvitationBody = Strict({ password: Text(128), confirmPassword: Text(128) });

/** A fresh invitation link; `mail` also sends it to the member's e-mail address with the space's invitation template. */
export const InvitationBody = Strict({ mail: Type.Optional(Type.Boolean()) });
