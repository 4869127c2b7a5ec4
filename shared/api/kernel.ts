import { Type } from '@sinclair/typebox';
import { SpaceId, Strict } from './common.ts';

export const LangQuery = Strict({ lang: Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en')])) });

export const MaintenanceBody = Strict({
  maintenance: Type.Boolean(),
  message: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The operation log's filters (who, what, result, cross-space, how many days back: §9 keeps 7). */
const OplogFilters = {
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  spaceId: Type.Optional(SpaceId),
  userId: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  /** An action or the start of one (`org.department` finds every department action). */
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.]+$' })),
  result: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('denied'), Type.Literal('failed')])),
  crossSpace: Type.Optional(Type.Boolean()),
};

export const OplogQuery = Strict({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  ...OplogFilters,
});

export const OplogExportQuery = Strict({ ...OplogFilters, lang: Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en')])) });
