import { Type, type Static } from '@sinclair/typebox';
import { Lang, SpaceId, Strict } from './common.ts';
import { Email, Phone } from './console.ts';

/** Root's service providers and enterprise spaces (spec §2.6 sysop/saas, sysop/enterprise*; decision 0072). */

export const ProviderId = Type.String({ pattern: '^[a-z0-9]{1,32}$' });
const LoginId = Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,64}$' });
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Password = Type.String({ minLength: 8, maxLength: 128 });
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });
/** A quota: a positive whole number, or null for unlimited. */
// `const: null` first, not `type: null`: the server's type coercion would otherwise read 0 as null (unlimited), or
// null as 0 when the number is tried first.
const Quota = Type.Union([Type.Unsafe<null>({ const: null }), Type.Integer({ minimum: 1, maximum: 10_000_000 })]);

/** An account made by root: a provider's saas account or a space's first administrator. */
export const AccountBody = Strict({
  loginId: LoginId,
  name: Name,
  password: Password,
  phone: Type.Optional(Phone),
  email: Type.Optional(Email),
});
export type AccountInput = Static<typeof AccountBody>;

const providerFields = {
  name: Name,
  contactName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  contactPhone: Type.Optional(Type.Union([Phone, Type.Null()])),
  contactEmail: Type.Optional(Type.Union([Email, Type.Null()])),
  note: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
};

export const CreateProviderBody = Strict({ id: ProviderId, ...providerFields, account: AccountBody });
export const UpdateProviderBody = Type.Object(
  { ...providerFields, name: Type.Optional(Name), status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])) },
  { additionalProperties: false, minProperties: 1 },
);
export const ProviderParam = Strict({ id: ProviderId });

export const SpaceStatusName = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('archived')]);
export const EnterpriseQuery = Strict({
  lang: Lang,
  /** A provider's id, or `platform` for the platform's own spaces. */
  provider: Type.Optional(Type.String({ pattern: '^[a-z0-9]{1,32}$' })),
  status: Type.Optional(SpaceStatusName),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});

export const QuotasBody = Strict({ members: Quota, apps: Quota, storageMb: Quota });
export type QuotasInput = Static<typeof QuotasBody>;

export const CreateEnterpriseBody = Strict({
  id: Type.Optional(SpaceId),
  name: Name,
  providerId: Type.Union([ProviderId, Type.Null()]),
  quotas: Type.Optional(QuotasBody),
  admin: AccountBody,
});
export const UpdateEnterpriseBody = Type.Object(
  { name: Type.Optional(Name), providerId: Type.Optional(Type.Union([ProviderId, Type.Null()])), quotas: Type.Optional(QuotasBody) },
  { additionalProperties: false, minProperties: 1 },
);
export const EnterpriseParam = Strict({ id: SpaceId });
export const ReasonBody = Strict({ reason: Reason });
export const OptionalReasonBody = Strict({ reason: Type.Optional(Reason) });

export const SpaceRequestQuery = Strict({
  lang: Lang,
  state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])),
});
/** The note column of a registration holds 200 characters. */
export const RejectRequestBody = Strict({ reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) });
export const ApproveRequestBody = Strict({ providerId: Type.Union([ProviderId, Type.Null()]), quotas: Type.Optional(QuotasBody) });

/** One provider as root's list shows it. */
export interface ProviderRow {
  id: string;
  name: string;
  status: 'active' | 'disabled';
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  note: string | null;
  createdAt: string;
  spaces: number;
  accounts: Array<{ userId: string; loginId: string; name: string }>;
}

/** One space as root's enterprise list shows it. */
export interface EnterpriseRow {
  id: string;
  name: string;
  status: 'active' | 'suspended' | 'archived';
  statusReason: string | null;
  statusChangedAt: string | null;
  providerId: string | null;
  providerName: string | null;
  members: number;
  quotas: { members: number | null; apps: number | null; storageMb: number | null };
  createdAt: string;
}

/** One space's page: its row, what it uses (the apps' usage figures), its administrators. */
export interface EnterpriseDetail extends EnterpriseRow {
  usage: Record<string, number>;
  used: { members: number; apps: number; storageMb: number };
  admins: Array<{ userId: string; loginId: string; name: string }>;
}

export interface SpaceRequestRow {
  id: string;
  enterpriseName: string;
  contactName: string;
  phone: string;
  email: string;
  adminLoginId: string;
  message: string;
  state: 'pending' | 'approved' | 'rejected';
  note: string | null;
  createdSpaceId: string | null;
  createdAt: string;
  decidedAt: string | null;
}
