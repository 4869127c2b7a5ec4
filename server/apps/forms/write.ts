import { changedFields, MAX_CAUSE_DEPTH, type Actor, type CauseLink, type NewEvent, type WriteVia } from '../../../shared/events.ts';
import type { ApiRecord } from '../../../shared/api/forms.ts';
import type { RecordOp, RecordWriteOutcome, WriteIdentity } from '../../../shared/forms/write.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { AuditEntry } from '../../kernel/audit.ts';
import { loadFormAs, type FormMeta, type Viewer } from './context.ts';
import * as records from './records.ts';

/**
 * Who writes, and how it came in. Every writer of records — the API, the phone, imports, workflow, store installs,
 * rules, logic flows, devices, ETL loads — goes through `writeRecords` (decision 0094), which applies for all of
 * them: the §5 checks, sanitising and numbering (records.ts), the acting identity's permissions (its viewer), the
 * lock of a record in a flow, one audit entry per record with `via`, write stamps, and one domain event per change.
 */
export interface Writer {
  /** What the acting identity may see and change: a member's own, or the member a service acts for. */
  viewer: Viewer;
  actor: Actor;
  via: WriteVia;
  /** The rule or flow runs that led here (loop protection: a chain longer than MAX_CAUSE_DEPTH is refused). */
  cause?: CauseLink[];
  /** A workflow node grants the change in place of the member's record rules; its own instance lock serialises. */
  granted?: boolean;
  ip?: string | null;
  /** The developer token of an API call, for the audit entry. */
  tokenId?: string | null;
}

export type { RecordOp };

export interface WriteOutcome {
  op: RecordOp['op'];
  id: string;
  /** The record as the writer may see it (create and update). */
  record?: ApiRecord;
}

const ACTION: Record<RecordOp['op'], string> = {
  create: 'forms.record.create',
  update: 'forms.record.update',
  delete: 'forms.record.delete',
  restore: 'forms.record.restore',
};

const serviceOf = (actor: Actor) => (actor.kind === 'service' ? `${actor.service}:${actor.id}` : actor.kind === 'agent' ? `agent:${actor.onBehalfOf}` : null);

/** The one audit entry shape of a record change, whoever made it. */
export function auditEntryOf(form: FormMeta, writer: Writer, op: RecordOp['op'], recordId: string): AuditEntry {
  return {
    userId: writer.viewer.userId,
    spaceId: form.spaceId,
    action: ACTION[op],
    target: `${form.id}/${recordId}`,
    result: 'ok',
    status: 200,
    ip: writer.ip ?? null,
    viaToken: writer.tokenId ?? null,
    via: writer.via,
    service: serviceOf(writer.actor),
  };
}

/** Refuses a change whose cause chain says a rule keeps triggering itself. */
export function checkCause(writer: Writer): void {
  if ((writer.cause?.length ?? 0) > MAX_CAUSE_DEPTH) throw fail.unprocessable('kernel.events.loop', { depth: MAX_CAUSE_DEPTH });
}

/** After a batch of record changes: their audit entries and events in the same transaction. */
export async function recordChanges(kernel: Kernel, trx: Trx, form: FormMeta, writer: Writer, changes: Array<{ op: RecordOp['op']; id: string; event?: NewEvent }>) {
  await kernel.audit.recordMany(changes.map((c) => auditEntryOf(form, writer, c.op, c.id)), trx);
  const events = changes.flatMap((c) => (c.event ? [c.event] : []));
  if (events.length) await kernel.events.emit(trx, form.spaceId, events);
  // A member's own change shows under "recently changed" on his workbench.
  if (writer.actor.kind !== 'service' && writer.via !== 'import') {
    for (const change of changes.filter((c) => c.op !== 'delete').slice(0, 50)) {
      await kernel.recordVisits.note(trx, { spaceId: form.spaceId, userId: writer.viewer.userId, formId: form.id, recordId: change.id }, 'changed');
    }
  }
}

/**
 * Writes records of one form in the caller's transaction, in order; any refusal rolls the whole call back (one
 * request, one transaction). Answers each operation's outcome.
 */
export async function writeRecords(kernel: Kernel, trx: Trx, form: FormMeta, writer: Writer, ops: readonly RecordOp[]): Promise<WriteOutcome[]> {
  checkCause(writer);
  const touched = ops.flatMap((o) => (o.op === 'update' || o.op === 'delete' ? [o.id] : []));
  if (touched.length && !writer.granted) {
    const refusal = await kernel.recordFlow.locked(trx, form.id, touched);
    if (refusal) throw fail.conflict(refusal);
  }
  const base = { actor: writer.actor, cause: writer.cause ?? [] };
  const outcomes: WriteOutcome[] = [];
  const changes: Array<{ op: RecordOp['op']; id: string; event?: NewEvent }> = [];
  const wanted = (type: NewEvent['type']) => kernel.events.wanted(type);
  for (const op of ops) {
    if (op.op === 'create') {
      const { record, after } = await records.createRecord(trx, form, writer.viewer, op.values);
      const event = wanted('forms.record.created') ? { ...base, type: 'forms.record.created' as const, data: { formId: form.id, recordId: record.id, after } } : undefined;
      changes.push({ op: 'create', id: record.id, event });
      outcomes.push({ op: 'create', id: record.id, record });
    } else if (op.op === 'update') {
      const { record, before, after } = await records.updateRecord(trx, form, writer.viewer, op.id, op.values, op.rowVersion, writer.granted === true);
      const event = wanted('forms.record.updated')
        ? { ...base, type: 'forms.record.updated' as const, data: { formId: form.id, recordId: op.id, before, after, changed: changedFields(before, after) } }
        : undefined;
      changes.push({ op: 'update', id: op.id, event });
      outcomes.push({ op: 'update', id: op.id, record });
    } else if (op.op === 'delete') {
      for (const { id, before } of await records.deleteRecords(trx, form, writer.viewer, [op.id])) {
        const event = wanted('forms.record.deleted') ? { ...base, type: 'forms.record.deleted' as const, data: { formId: form.id, recordId: id, before } } : undefined;
        changes.push({ op: 'delete', id, event });
        outcomes.push({ op: 'delete', id });
      }
    } else {
      const { after } = await records.restoreRecord(trx, form, writer.viewer, op.id);
      const event = wanted('forms.record.restored') ? { ...base, type: 'forms.record.restored' as const, data: { formId: form.id, recordId: op.id, after } } : undefined;
      changes.push({ op: 'restore', id: op.id, event });
      outcomes.push({ op: 'restore', id: op.id });
    }
  }
  await recordChanges(kernel, trx, form, writer, changes);
  return outcomes;
}

/**
 * The import's rows, written by its own batch insert (import-batch.ts takes only rows checked by the records' own
 * check): their events as every other writer's, and their audit entry "via import" for the member who imports —
 * one per batch naming the job and its sheet rows (each record keeps its import job and row), since an entry per
 * row cost the import almost half its speed (decision 0094).
 */
export async function recordImported(
  kernel: Kernel,
  trx: Trx,
  form: FormMeta,
  viewer: Viewer,
  jobId: string,
  rows: ReadonlyArray<{ id: string; rowNo: number; values: Record<string, unknown> }>,
) {
  if (!rows.length) return;
  const writer: Writer = { viewer, actor: { kind: 'member', userId: viewer.userId }, via: 'import' };
  const rowNos = rows.map((r) => r.rowNo);
  const entry = auditEntryOf(form, writer, 'create', `import ${jobId} rows ${Math.min(...rowNos)}-${Math.max(...rowNos)} (${rows.length})`);
  await kernel.audit.recordMany([entry], trx);
  if (!kernel.events.wanted('forms.record.created')) return;
  await kernel.events.emit(
    trx,
    form.spaceId,
    rows.map((row) => ({ actor: writer.actor, cause: [], type: 'forms.record.created' as const, data: { formId: form.id, recordId: row.id, after: row.values } })),
  );
}

/** A member writing through the API (or the phone): his own viewer and the request's address and token. */
export function memberWriter(viewer: Viewer, request: { ip: string | null; tokenId?: string | null }, via: WriteVia = 'api'): Writer {
  return { viewer, actor: { kind: 'member', userId: viewer.userId }, via, ip: request.ip, tokenId: request.tokenId ?? null };
}

/**
 * The kernel's record writer (kernel.records) for other apps: the identity's member is loaded with his roles in the
 * space, so a rule writes with its owner's permissions and sees none of his hidden fields.
 */
export const recordWriterOf =
  (kernel: Kernel) =>
  async (trx: Trx, spaceId: string, identity: WriteIdentity, formId: string, ops: readonly RecordOp[]): Promise<RecordWriteOutcome[]> => {
    const member = await trx.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', identity.userId).executeTakeFirst();
    if (!member) throw fail.forbidden('forms.writer.notMember');
    const { form, viewer } = await loadFormAs(trx, { userId: identity.userId, roles: member.roles as Viewer['roles'], spaceId }, formId);
    const writer: Writer = { viewer, actor: identity.actor, via: identity.via, cause: identity.cause };
    const outcomes = await writeRecords(kernel, trx, form, writer, ops);
    return outcomes.map((o) => ({ op: o.op, id: o.id, ...(o.record ? { values: o.record.values } : {}) }));
  };
