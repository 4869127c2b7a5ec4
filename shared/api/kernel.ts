import { Type } from '@sinclair/typebox';
import { SpaceId, Strict } from './common.ts';

export const LangQuery = Strict({ lang: Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en')])) });

export const MaintenanceBody = Strict({
  maintenance: Type.Boolean(),
  message: Type.Optional(Type.String({ maxLength: 200 })),
});

export const OplogQuery = Strict({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  spaceId: Type.Optional(SpaceId),
});
