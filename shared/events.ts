/**
 * The catalogue of domain events (decision 0093): what one app tells every other that something happened. An event
 * is written in the transaction of the change and delivered after commit to each subscriber at least once, in
 * order per subject (one record, one flow instance); a subscriber handles it idempotently by its id.
 */

/** Who acted: a member, an agent on a member's behalf, or a named service identity ("rule 12", "etl task 3"). */
export type Actor =
  | { kind: 'member'; userId: string }
  | { kind: 'agent'; userId: string; onBehalfOf: string }
  | { kind: 'service'; service: ServiceKind; id: string; userId?: string };

export type ServiceKind = 'rule' | 'logic' | 'etl' | 'device' | 'workflow' | 'install' | 'test';

/** How a write came in, as the audit entry names it. */
export type WriteVia = 'api' | 'import' | 'copy' | 'workflow' | 'rule' | 'logic' | 'etl' | 'device' | 'install' | 'mobile';

/** One link of a cause chain: the rule or flow whose run made this change. */
export interface CauseLink {
  service: ServiceKind;
  id: string;
  /** The event that started that run. */
  eventId?: string;
}

/** A rule that triggers itself stops here: a change whose cause chain is longer is refused. */
export const MAX_CAUSE_DEPTH = 8;

export type RecordValues = Record<string, unknown>;

export interface RecordSubject {
  formId: string;
  recordId: string;
}

export interface EventData {
  'forms.record.created': RecordSubject & { after: RecordValues };
  'forms.record.updated': RecordSubject & { before: RecordValues; after: RecordValues; changed: string[] };
  'forms.record.deleted': RecordSubject & { before: RecordValues };
  'forms.record.restored': RecordSubject & { after: RecordValues };
  'workflow.instance.started': RecordSubject & { instanceId: string; flowId: string };
  'workflow.node.entered': RecordSubject & { instanceId: string; nodeId: string };
  'workflow.task.approved': RecordSubject & { instanceId: string; nodeId: string; taskId: string };
  'workflow.task.returned': RecordSubject & { instanceId: string; nodeId: string; taskId: string };
  'workflow.instance.finished': RecordSubject & { instanceId: string; outcome: string };
  'org.member.joined': { userId: string };
  'org.member.left': { userId: string };
}

export type EventType = keyof EventData;
export const EVENT_TYPES = [
  'forms.record.created', 'forms.record.updated', 'forms.record.deleted', 'forms.record.restored',
  'workflow.instance.started', 'workflow.node.entered', 'workflow.task.approved', 'workflow.task.returned', 'workflow.instance.finished',
  'org.member.joined', 'org.member.left',
] as const satisfies readonly EventType[];

/** An event as a change raises it. */
export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData[T];
  actor: Actor;
  cause?: CauseLink[];
}

/** An event as a subscriber receives it. */
export interface DomainEvent<T extends EventType = EventType> extends NewEvent<T> {
  id: string;
  spaceId: string;
  /** What the order is kept per: `forms:<form>:<record>`, `workflow:<instance>`, `org:<user>`. */
  subject: string;
  cause: CauseLink[];
  at: string;
}

/** The ordering subject of an event. */
export function subjectOf(event: NewEvent): string {
  const data = event.data as Partial<RecordSubject & { instanceId: string; userId: string }>;
  if (event.type.startsWith('forms.')) return `forms:${data.formId}:${data.recordId}`;
  if (event.type.startsWith('workflow.')) return `workflow:${data.instanceId}`;
  return `org:${data.userId}`;
}

/** The fields whose values differ between two versions of a record (the "field changed" start of a rule). */
export function changedFields(before: RecordValues, after: RecordValues): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)).sort();
}

/** A member's arrival in or departure from a space: added, approved, enabled again; removed or disabled. */
export function memberEvents(type: 'org.member.joined' | 'org.member.left', userIds: readonly string[], actor: Actor): NewEvent[] {
  return userIds.map((userId) => ({ type, data: { userId: String(userId) }, actor }));
}
