import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

/** Request shapes of the workflow engine's run-time API. Rules beyond shape are the handlers' 422s. */
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Ids = Type.Array(Id, { maxItems: 200 });
const Values = Type.Record(Type.String({ pattern: '^f[0-9]{1,6}$' }), Type.Unknown(), { maxProperties: 500 });
const Selections = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), Ids, { maxProperties: 50 });
/** Reasons are counted in code points by the handler (Part 1 §10); the schema only bounds the parse. */
const Reason = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]));

export const FormFlowParams = Strict({ formId: Id });
export const RecordFlowParams = Strict({ formId: Id, recordId: Id });
export const InstanceParams = Strict({ id: Id });

export const StartBody = Strict({
  values: Values,
  draft: Type.Optional(Type.Boolean()),
  selections: Type.Optional(Selections),
  cc: Type.Optional(Ids),
  onBehalfOf: Type.Optional(Id),
});

export const INSTANCE_ACTIONS = [
  'submit', 'saveDraft', 'approve', 'return', 'rollback', 'withdraw', 'retrieve', 'interrupt', 'recover', 'invalidate',
  'entrust', 'cancelEntrust', 'acceptEntrust', 'refuseEntrust', 'urge', 'cc', 'saveTaskDraft',
] as const;
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number];

export const ActionParams = Strict({ id: Id, action: Type.Union(INSTANCE_ACTIONS.map((a) => Type.Literal(a))) });

export const ActionBody = Strict({
  taskId: Type.Optional(Id),
  reason: Reason,
  values: Type.Optional(Values),
  selections: Type.Optional(Selections),
  /** Rollback target node, recover node ('start' = return). */
  target: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })),
  /** Entrust: to whom; CC: to whom. */
  to: Type.Optional(Id),
  userIds: Type.Optional(Ids),
  onBehalfOf: Type.Optional(Id),
});

export const TODO_BOXES = ['todo', 'done', 'initiated', 'cc', 'drafts'] as const;
export type TodoBox = (typeof TODO_BOXES)[number];

export const TodoQuery = Strict({
  box: Type.Union(TODO_BOXES.map((b) => Type.Literal(b))),
  /** Keyset paging: the last row's key of the page before. */
  after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  appId: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  lang: Lang,
});

export const MonitorQuery = Strict({
  formId: Type.Optional(Id),
  nodeId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })),
  assigneeId: Type.Optional(Id),
  /** Only instances that have been waiting at least this many hours. */
  olderThanHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  overdue: Type.Optional(Type.Boolean()),
  after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  lang: Lang,
});

export const ReassignBody = Strict({ taskId: Id, to: Id, reason: Reason });
export const JumpBody = Strict({ target: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), reason: Reason });
