import { Type } from '@sinclair/typebox';
import { RoleName, SpaceId, Strict } from './common.ts';

export const CreateSpaceBody = Strict({
  id: Type.Optional(SpaceId),
  name: Type.String({ minLength: 1, maxLength: 100 }),
});

export const UpdateSpaceBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('archived')])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const SpaceParam = Strict({ id: SpaceId });

export const Phone = Type.String({ pattern: '^\\+?[0-9 -]{5,20}$' });
export const Email = Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 200 });

export const CreateUserBody = Strict({
  loginId: Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,64}$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  phone: Type.Optional(Phone),
  email: Type.Optional(Email),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  spaceId: SpaceId,
  roles: Type.Array(RoleName, { minItems: 1, uniqueItems: true }),
});

export const UpdateUserBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    phone: Type.Optional(Type.Union([Phone, Type.Null()])),
    email: Type.Optional(Type.Union([Email, Type.Null()])),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const MembershipBody = Strict({ roles: Type.Array(RoleName, { minItems: 1, uniqueItems: true }) });
export const MembershipParam = Strict({ id: Type.String({ pattern: '^[0-9]{1,18}$' }), spaceId: SpaceId });
export const UserQuery = Strict({ q: Type.Optional(Type.String({ maxLength: 64 })) });
