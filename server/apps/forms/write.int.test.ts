import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../shared/events.ts';
import type { WriteIdentity } from '../../../shared/forms/write.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok } from '../../../tests/support/forms.ts';
import { eventually } from '../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { act, approval, members, model, submitOrder, workflowKit, type WorkflowKit } from '../../../tests/support/workflow.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Platform } from '../../platform.ts';
import { importFile } from './jobs/import-kit.ts';

let platform: Platform;
let kit: WorkflowKit;
let nova: TestClient;
const events: DomainEvent[] = [];
const loops: string[] = [];

/** The test-only "rule 12": acts for the kit's initiator, through the kernel's record writer as any later app will. */
const rule = (userId: string, cause: WriteIdentity['cause'] = []): WriteIdentity => ({ userId, actor: { kind: 'service', service: 'rule', id: '12', userId }, via: 'rule', cause });
const ruleWrite = (identity: WriteIdentity, ops: Parameters<Platform['kernel']['records']['write']>[4]) =>
  inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.records.write(trx, 'acme', identity, kit.formId, ops));
const audit = async (recordId: string) =>
  (
    await platform.kernel.databases.owner.query(
      `select action, target, via, via_service, user_id::text, result from oplog where target = $1 and action like 'forms.record.%' order by id`,
      [`${kit.formId}/${recordId}`],
    )
  ).rows;
const eventsOf = (recordId: string) => events.filter((e) => (e.data as { recordId?: string }).recordId === recordId);
const keyOf = (error: unknown) => (error instanceof AppError ? `${error.status} ${error.key}` : String(error));

beforeAll(async () => {
  platform = await startTestPlatform();
  platform.kernel.events.subscribe('test.all', ['forms.record.created', 'forms.record.updated', 'forms.record.deleted', 'forms.record.restored'], async (event) => {
    if (!events.some((e) => e.id === event.id)) events.push(event); // idempotent by event id
  });
  platform.kernel.events.subscribe('test.flow', ['workflow.instance.started', 'workflow.node.entered', 'workflow.task.approved', 'workflow.task.returned', 'workflow.instance.finished'], async (event) => {
    if (!events.some((e) => e.id === event.id)) events.push(event);
  });
  // A rule that rewrites the record it was triggered by, carrying the cause chain on: it must be stopped.
  platform.kernel.events.subscribe('test.loop', ['forms.record.updated'], async (event) => {
    const data = event.data as { recordId: string; after: Record<string, unknown> };
    if (data.after.f6 !== 'loop') return;
    const cause = [...event.cause, { service: 'rule' as const, id: '99', eventId: event.id }];
    await ruleWrite(rule(kit.ids.i, cause), [{ op: 'update', id: data.recordId, values: { f3: Number(data.after.f3 ?? 0) + 1 }, rowVersion: null }]).catch((error: unknown) =>
      loops.push(keyOf(error)),
    );
  });
  kit = await workflowKit(platform.url, 'wp');
  nova = await signedIn(platform.url, 'nova.admin');
});

afterAll(async () => platform?.stop());

describe('one write path for records', () => {
  it('gives every writer the same audit entry, with how the change came in', async () => {
    const created = await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/records`, { values: { f1: 'By API', f3: 5 } }));
    await ok(kit.as.i.put(`/api/forms/forms/${kit.formId}/records/${created.id}`, { values: { f3: 6 }, rowVersion: created.rowVersion }));
    const [byRule] = await ruleWrite(rule(kit.ids.i), [{ op: 'create', values: { f1: 'By rule', f3: 7 } }]);
    const { job } = await importFile(kit.admin, kit.formId, 'rows.csv', Buffer.from('Title,Amount\r\nImported,8\r\n'));
    expect(job).toMatchObject({ status: 'complete', done: 1 });
    const imported = (await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records?pageSize=50&q=Imported`))).records[0];
    const shape = { action: expect.any(String), target: expect.any(String), via: expect.any(String), user_id: expect.any(String), result: 'ok' };
    expect(await audit(created.id)).toEqual([
      { ...shape, action: 'forms.record.create', via: 'api', via_service: null, user_id: kit.ids.i },
      { ...shape, action: 'forms.record.update', via: 'api', via_service: null, user_id: kit.ids.i },
    ]);
    expect(await audit(byRule!.id)).toEqual([{ ...shape, action: 'forms.record.create', via: 'rule', via_service: 'rule:12', user_id: kit.ids.i }]);
    expect(imported.values.f1).toBe('Imported');
    const importEntries = (await platform.kernel.databases.owner.query(`select action, target, via, via_service, user_id::text, result from oplog where via = 'import'`)).rows;
    expect(importEntries).toEqual([{ ...shape, action: 'forms.record.create', target: `${kit.formId}/import ${job.id} rows 1-1 (1)`, via: 'import', via_service: null }]);
  });

  it('raises exactly one event per record change, with before and after values and the changed fields', async () => {
    const created = await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/records`, { values: { f1: 'Evented', f3: 1 } }));
    const updated = await ok(kit.as.i.put(`/api/forms/forms/${kit.formId}/records/${created.id}`, { values: { f3: 2 }, rowVersion: created.rowVersion }));
    await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/records/delete`, { ids: [created.id] }));
    await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/recycle/${created.id}/restore`, {}));
    const mine = await eventually(async () => eventsOf(created.id), (list) => list.length >= 4);
    await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
    expect(eventsOf(created.id).map((e) => e.type)).toEqual(['forms.record.created', 'forms.record.updated', 'forms.record.deleted', 'forms.record.restored']);
    expect(mine[1]!.data).toMatchObject({ before: { f3: 1 }, after: { f3: 2 }, changed: ['f3'] });
    expect(mine[1]).toMatchObject({ spaceId: 'acme', subject: `forms:${kit.formId}:${created.id}`, actor: { kind: 'member', userId: kit.ids.i } });
    expect(updated.rowVersion).toBe(created.rowVersion + 1);
    const [byRule] = await ruleWrite(rule(kit.ids.i), [{ op: 'create', values: { f1: 'Rule made' } }]);
    const ruleEvents = await eventually(async () => eventsOf(byRule!.id), (list) => list.length === 1);
    expect(ruleEvents[0]!.actor).toEqual({ kind: 'service', service: 'rule', id: '12', userId: kit.ids.i });
  });

  it('refuses every writer, a rule included, a record that is in a flow; the flow itself still writes it', async () => {
    await kit.publish(model([approval('n1', members(kit.ids.a1), { fields: { f6: 'editable' } })]));
    const { recordId, instanceId } = await submitOrder(kit, kit.as.i, { f3: 10 });
    const api = await kit.as.i.put(`/api/forms/forms/${kit.formId}/records/${recordId}`, { values: { f3: 11 }, rowVersion: 1 });
    expect(api.status).toBe(409);
    const byRule = await ruleWrite(rule(kit.ids.i), [{ op: 'update', id: recordId, values: { f3: 12 }, rowVersion: null }]).catch(keyOf);
    expect(byRule).toMatch(/^409 /);
    expect((await ruleWrite(rule(kit.ids.i), [{ op: 'delete', id: recordId }]).catch(keyOf))).toMatch(/^409 /);
    const detail = await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records/${recordId}`));
    expect(detail.record.values.f3).toBe(10);
    const flowEntries = await audit(recordId);
    expect(flowEntries[0]).toMatchObject({ action: 'forms.record.create', via: 'workflow', user_id: kit.ids.i });
    // The flow's own events, in order, for the same record.
    await ok(act(kit.as.a1, instanceId, 'approve', { reason: 'fine' }));
    const flow = await eventually(async () => eventsOf(recordId).filter((e) => e.type.startsWith('workflow.')), (list) => list.length >= 4);
    expect(flow.map((e) => e.type)).toEqual(['workflow.instance.started', 'workflow.node.entered', 'workflow.task.approved', 'workflow.instance.finished']);
    expect(flow[1]!.data).toMatchObject({ nodeId: 'n1', instanceId });
    expect(flow[2]!.actor).toEqual({ kind: 'member', userId: kit.ids.a1 });
    expect(flow[3]!.data).toMatchObject({ outcome: 'approved' });
  });

  it('stops a rule that keeps triggering itself at the depth limit, with a clear reason', async () => {
    const created = await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/records`, { values: { f1: 'Loop', f3: 0 } }));
    await ok(kit.as.i.put(`/api/forms/forms/${kit.formId}/records/${created.id}`, { values: { f6: 'loop' }, rowVersion: created.rowVersion }));
    const reasons = await eventually(async () => loops, (list) => list.length > 0, 30_000);
    expect(reasons[0]).toBe('422 kernel.events.loop');
    const final = await ok(kit.admin.get(`/api/forms/forms/${kit.formId}/records/${created.id}`));
    expect(final.record.values.f3).toBe(8); // eight rule runs deep, then refused
  });

  it('keeps a space to its own records: another space cannot write them, and a rule acts only with its owner’s rights', async () => {
    const created = await ok(kit.as.i.post(`/api/forms/forms/${kit.formId}/records`, { values: { f1: 'Private' } }));
    expect((await nova.put(`/api/forms/forms/${kit.formId}/records/${created.id}`, { values: { f1: 'x' }, rowVersion: 1 })).status).toBe(404);
    const novaRule = await inSpace(platform.kernel.db, 'nova', (trx) => platform.kernel.records.write(trx, 'nova', rule(kit.ids.i), kit.formId, [{ op: 'delete', id: created.id }])).catch(keyOf);
    expect(novaRule).toMatch(/^403 |^404 /);
    expect(events.every((e) => e.spaceId === 'acme')).toBe(true);
  });
});
