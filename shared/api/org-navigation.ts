import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

/** The navigation calls (decision 0044); their rules live in shared/org/navigation.ts. */
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
// Loose on lengths and shapes on purpose: the shared rules (navigationProblem) answer with their own keys (name too long, unsafe URL).
const fields = {
  parentId: Type.Optional(Type.Union([Id, Type.Null()])),
  name: Type.String({ maxLength: 200 }),
  nameEn: Type.Optional(Type.String({ maxLength: 200 })),
  icon: Type.Optional(Type.String({ maxLength: 40 })),
  kind: Type.Union([Type.Literal('group'), Type.Literal('app'), Type.Literal('page'), Type.Literal('url')]),
  target: Type.Optional(Type.String({ maxLength: 2000 })),
  enabled: Type.Optional(Type.Boolean()),
  roleGroupIds: Type.Optional(Type.Array(Id, { maxItems: 200, uniqueItems: true })),
};
const TerminalSchema = Type.Union([Type.Literal('web'), Type.Literal('app')]);
export const NavigationBody = Strict({ terminal: TerminalSchema, ...fields });
export const NavigationPatch = Strict({ ...fields, name: Type.Optional(fields.name), kind: Type.Optional(fields.kind) });
export const NavigationOrderBody = Strict({ terminal: TerminalSchema, ids: Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true }) });
export const TerminalQuery = Strict({ lang: Lang, terminal: TerminalSchema });

