import { Type } from '@sinclair/typebox';
import { Lang, SpaceId, Strict } from './common.ts';

const Text = (maxLength: number) => Type.String({ maxLength });

/** A person's application to join a space (public; the rules are `memberProblems` and the space's password policy). */
export const JoinApplicationBody = Strict({
  spaceId: SpaceId,
  loginId: Text(64),
  name: Text(400),
  phone: Type.Optional(Text(40)),
  email: Type.Optional(Text(400)),
  message: Type.Optional(Text(200)),
  password: Text(128),
  confirmPassword: Text(128),
});

/** A request for a new enterprise space, decided by the platform operator. */
export const SpaceRequestBody = Strict({
  enterpriseName: Text(100),
  contactName: Text(40),
  phone: Text(40),
  email: Text(400),
  adminLoginId: Text(64),
  message: Type.Optional(Text(200)),
  password: Text(128),
  confirmPassword: Text(128),
});

export const TokenQuery = Strict({ lang: Lang, token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });
export const JoinListQuery = Strict({ lang: Lang, state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])) });
export const JoinDecisionBody = Strict({ note: Type.Optional(Text(200)) });
