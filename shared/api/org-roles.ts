import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Name = Type.String({ minLength: 1, maxLength: 60 });
const Kind = Type.Union([Type.Literal('public'), Type.Literal('private')]);
/** Why a grant is asked for: the security reviewer reads it before deciding. */
const Reason = Type.String({ maxLength: 200 });

export const RoleGroupBody = Strict({ name: Name, kind: Type.Optional(Kind), sensitive: Type.Optional(Type.Boolean()), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })) });
export const UpdateRoleGroupBody = Strict({ name: Type.Optional(Name), kind: Type.Optional(Kind), sensitive: Type.Optional(Type.Boolean()), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })) });
export const RoleBody = Strict({ groupId: Id, name: Name, description: Type.Optional(Type.String({ maxLength: 200 })), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })) });
export const UpdateRoleBody = Strict({ groupId: Type.Optional(Id), name: Type.Optional(Name), description: Type.Optional(Type.String({ maxLength: 200 })), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })) });
export const AddRoleMembersBody = Strict({ userIds: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }), reason: Type.Optional(Reason) });
export const RoleMemberParams = Strict({ id: Id, userId: Id });

export const PlatformGrantBody = Strict({
  userId: Id,
  role: Type.Union([Type.Literal('admin'), Type.Literal('safe'), Type.Literal('audit')]),
  action: Type.Union([Type.Literal('grant'), Type.Literal('revoke')]),
  reason: Reason,
});
export const GrantListQuery = Strict({ lang: Lang, state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('withdrawn')])) });
export const DecisionBody = Strict({ note: Type.Optional(Type.String({ maxLength: 200 })) });

const Minutes = (max: number) => Type.Integer({ minimum: 0, maximum: max });
const Addresses = Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 }));
/** The shape of a security policy; its rules (ranges, addresses) are `policyProblems` in shared/security-policy.ts. */
export const SecurityPolicyBody = Strict({
  passwordMinLength: Minutes(1000),
  passwordClasses: Minutes(10),
  passwordExpiryDays: Minutes(10000),
  lockoutFailures: Minutes(100),
  lockoutMinutes: Minutes(100000),
  idleMinutes: Minutes(100000),
  ipAllow: Strict({ admin: Addresses, safe: Addresses, audit: Addresses, user: Addresses }),
  watermarkEnforced: Type.Boolean(),
});

/** Delegating a console permission to a member, or taking it back (decision 0045); the name is checked by the handler. */
export const DelegationBody = Strict({
  userId: Id,
  permission: Type.String({ maxLength: 60 }),
  action: Type.Union([Type.Literal('grant'), Type.Literal('revoke')]),
  reason: Reason,
});
