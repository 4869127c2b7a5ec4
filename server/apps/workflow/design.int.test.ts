import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, ORDER_FIELDS, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { DEFAULT_SETTINGS, starterModel, type ApprovalNode, type FlowModel, type FlowNode } from '../../../shared/workflow/model.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Platform } from '../../platform.ts';
import { publishedFlow } from './design-routes.ts';

/** The process designer's API on real PostgreSQL: two spaces, an admin, a member. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
let formId: string;
const id: Record<string, string> = {};
const FIELDS = [...ORDER_FIELDS, { key: 'f8', type: 'member' as const, label: 'Buyer' }];

const flowUrl = (form = formId) => `/api/workflow/forms/${form}/flow`;
const approval = (nodeId: string, extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id: nodeId, type: 'approval', name: `Check ${nodeId}`, assignees: [{ kind: 'members', ids: [id['acme.user']!] }], mode: 'single', fields: { f3: 'editable' },
  actions: ['return', 'rollback'], emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun', ...extra,
});
const flow = (...middle: FlowNode[]): FlowModel => ({
  nodes: [{ id: 'start', type: 'start', name: '', fields: {} }, ...middle, { id: 'end', type: 'end', name: '' }],
  settings: { ...DEFAULT_SETTINGS },
});
/** amount > 1000 → a countersign of two members, otherwise the member's single approval. */
const conditional = () => flow({
  id: 'c1', type: 'condition', name: 'Amount', branches: [
    { id: 'big', name: 'Large', when: { filter: { logic: 'and', items: [{ field: 'f3', op: 'gt', value: 1000 }] } }, nodes: [approval('a1', { mode: 'countersign', assignees: [{ kind: 'members', ids: [id['acme.user']!, id['acme.admin']!] }] })] },
    { id: 'else', name: 'Otherwise', when: null, nodes: [approval('a2')] },
  ],
});

async function saveDraft(client: TestClient, model: unknown, form = formId) {
  const current = await client.get(flowUrl(form));
  return client.put(`${flowUrl(form)}/draft?lang=en`, { model, draftUpdatedAt: current.body.data?.draftUpdatedAt ?? null });
}
const design = async (form = formId) => ok(admin.get(flowUrl(form)));

beforeAll(async () => {
  platform = await startTestPlatform();
  const logins = ['acme.admin', 'acme.user', 'nova.admin'] as const;
  [admin, user, novaAdmin] = (await Promise.all(logins.map((login) => signedIn(platform.url, login)))) as [TestClient, TestClient, TestClient];
  for (const [i, client] of [admin, user, novaAdmin].entries()) id[logins[i]!] = (await ok(client.get('/api/account/me'))).id;
  formId = (await publishedForm(admin, FIELDS)).formId;
});
afterAll(async () => {
  await platform?.stop();
});

describe('reading and saving the draft', () => {
  it('a form without a flow shows the starter model, no version, enabled, and the published fields', async () => {
    const data = await design();
    expect(data.draft).toEqual(starterModel());
    expect([data.draftUpdatedAt, data.version, data.enabled, data.versions, data.formVersion]).toEqual([null, 0, true, [], 1]);
    expect(data.fields.map((f: { key: string }) => f.key)).toEqual(FIELDS.map((f) => f.key));
  });

  it('an incomplete draft saves (only its shape is checked) and comes back with the names it uses', async () => {
    const model = flow(approval('a1', { assignees: [] }), approval('a2'));
    const saved = await ok(saveDraft(admin, model));
    const data = await design();
    expect(data.draft).toEqual(model);
    expect(data.draftUpdatedAt).toBe(saved.draftUpdatedAt);
    expect(data.names.members[id['acme.user']!]).toBeTruthy();
  });

  it('a malformed or oversized draft is a 422 in the user\'s language, and a stale one a 409; nothing changes', async () => {
    const before = await design();
    const unknownType = await saveDraft(admin, flow({ id: 'x', type: 'script', name: '' } as never));
    expect([unknownType.status, unknownType.body.text]).toEqual([422, 'The flow data is malformed (nodes.1.type).']);
    const unknownKey = await saveDraft(admin, { ...flow(), settings: { ...DEFAULT_SETTINGS, sql: 'drop table' } });
    expect([unknownKey.status, unknownKey.body.text]).toEqual([422, 'The flow data is malformed (settings.sql).']);
    const chinese = await admin.put(`${flowUrl()}/draft?lang=zh-CN`, { model: null, draftUpdatedAt: before.draftUpdatedAt });
    expect([chinese.status, chinese.body.text]).toEqual([422, '流程数据格式不正确（）。']);
    const huge = await saveDraft(admin, flow(approval('a1', { name: 'x'.repeat(600_000) })));
    expect([huge.status, huge.body.msg]).toEqual([422, 'workflow.design.tooLarge']);
    const stale = await admin.put(`${flowUrl()}/draft`, { model: flow(), draftUpdatedAt: '2020-01-01T00:00:00.000Z' });
    expect([stale.status, stale.body.msg]).toEqual([409, 'workflow.design.draftChanged']);
    const garbage = await admin.put(`${flowUrl()}/draft`, { model: flow(), draftUpdatedAt: 'yesterday' });
    expect(garbage.status).toBe(409);
    expect(await design()).toEqual(before);
  });
});

describe('who may design', () => {
  it('a member who is not an admin can neither read nor change a flow', async () => {
    expect((await user.get(flowUrl())).status).toBe(403);
    expect((await user.put(`${flowUrl()}/draft`, { model: flow(), draftUpdatedAt: null })).status).toBe(403);
    expect((await user.post(`${flowUrl()}/publish`)).status).toBe(403);
    expect((await user.put(`${flowUrl()}/enabled`, { enabled: false })).status).toBe(403);
    expect((await user.get(`${flowUrl()}/versions/1`)).status).toBe(403);
  });

  it('an admin of another space does not find this space\'s flow, and changes nothing', async () => {
    const before = await design();
    expect((await novaAdmin.get(flowUrl())).status).toBe(404);
    expect((await novaAdmin.put(`${flowUrl()}/draft`, { model: flow(), draftUpdatedAt: before.draftUpdatedAt })).status).toBe(404);
    expect((await novaAdmin.post(`${flowUrl()}/publish`)).status).toBe(404);
    expect((await novaAdmin.put(`${flowUrl()}/enabled`, { enabled: false })).status).toBe(404);
    expect((await novaAdmin.get(`${flowUrl()}/versions/1`)).status).toBe(404);
    expect(await design()).toEqual(before);
  });
});

describe('publishing', () => {
  /** Saves `model`, publishes, expects a 422 with `text` (English) and nothing published. */
  async function refused(model: unknown, text: string | RegExp, form = formId) {
    if (model !== undefined) await ok(saveDraft(admin, model, form));
    const before = await design(form);
    const answer = await admin.post(`${flowUrl(form)}/publish?lang=en`);
    expect(answer.status).toBe(422);
    expect(answer.body.text).toMatch(text);
    expect(await design(form)).toEqual(before);
    return answer.body.data?.problems as Array<{ node: string; key: string; branch?: string }>;
  }

  it('refuses an incomplete flow with every problem listed, the first as the message', async () => {
    const problems = await refused(flow(approval('a1', { assignees: [] }), { id: 'c1', type: 'condition', name: 'Amount', branches: [{ id: 'b1', name: '', when: null, nodes: [] }] }), '“Check a1” has no assignee.');
    expect(problems.map((p) => `${p.node}:${p.key}`)).toEqual(['a1:workflow.design.noAssignees', 'c1:workflow.design.tooFewBranches']);
  });

  it('refuses a condition without a default branch, and one on a field the form does not have', async () => {
    const noDefault = conditional();
    (noDefault.nodes[1] as { branches: Array<{ when: unknown }> }).branches[1]!.when = { initiatorRoles: ['1'] };
    await refused(noDefault, 'The condition node “Amount” needs a default branch (otherwise).');
    const unknownField = conditional();
    (unknownField.nodes[1] as { branches: Array<{ when: unknown }> }).branches[0]!.when = { filter: { logic: 'and', items: [{ field: 'f99', op: 'eq', value: 1 }] } };
    const problems = await refused(unknownField, /f99/);
    expect(problems[0]).toMatchObject({ node: 'c1', branch: 'big', key: 'forms.filter.unknownField' });
  });

  it('refuses people and groups that are not of this space', async () => {
    await refused(flow(approval('a1', { assignees: [{ kind: 'members', ids: [id['nova.admin']!] }] })), `A member (${id['nova.admin']}) named in “Check a1” is not an active member of this space.`);
    await refused(flow(approval('a1', { assignees: [{ kind: 'roles', ids: ['999999'] }] })), /A role \(999999\)/);
    await refused(flow(approval('a1', { assignees: [{ kind: 'posts', ids: ['999999'] }] })), /A post \(999999\)/);
    await refused(flow(approval('a1', { assignees: [{ kind: 'roleGroups', ids: ['999999'] }] })), /A role group \(999999\)/);
    const novaDepartment = (await ok(novaAdmin.post('/api/org/departments', { name: `Nova ${Date.now()}` }))).id;
    const byDepartment = conditional();
    (byDepartment.nodes[1] as { branches: Array<{ when: unknown }> }).branches[0]!.when = { initiatorDepartments: [novaDepartment] };
    await refused(byDepartment, new RegExp(`A department \\(${novaDepartment}\\)`));
    await refused({ ...flow(), settings: { ...DEFAULT_SETTINGS, managers: [id['nova.admin']!] } }, /A process manager/);
  });

  it('refuses a flow on a form that is not published, and a form without a saved draft', async () => {
    const system = await ok(admin.post('/api/appcenter/systems', { name: `Flows ${Date.now()}` }));
    const app = await ok(admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Flows' }));
    const unpublished = (await ok(admin.post('/api/forms/forms', { appId: app.id, name: 'Draft only' }))).id;
    await refused(undefined, 'Save the flow draft before publishing it.', unpublished);
    await refused(flow(), 'The form has not been published yet: publish the form before its flow.', unpublished);
  });

  it('publishes versions 1, 2, … with who and when; each version stays as it was published', async () => {
    const roleGroup = await ok(admin.post('/api/org/role-groups', { name: `Approvers ${Date.now()}` }));
    const role = await ok(admin.post('/api/org/roles', { groupId: roleGroup.id, name: 'Buyer' }));
    const first = conditional();
    await ok(saveDraft(admin, first));
    expect(await ok(admin.post(`${flowUrl()}/publish`))).toEqual({ version: 1 });
    const second = flow(approval('a1', { assignees: [{ kind: 'roles', ids: [role.id] }, { kind: 'roleGroups', ids: [roleGroup.id] }, { kind: 'memberField', field: 'f8' }, { kind: 'superior', levels: 2 }] }));
    second.settings.managers = [id['acme.admin']!];
    await ok(saveDraft(admin, second));
    expect(await ok(admin.post(`${flowUrl()}/publish`))).toEqual({ version: 2 });
    const data = await design();
    expect(data.version).toBe(2);
    expect(data.versions.map((v: { version: number; publishedBy: string; publishedByName: string }) => [v.version, v.publishedBy])).toEqual([[2, id['acme.admin']], [1, id['acme.admin']]]);
    expect(data.versions[0].publishedByName).toBeTruthy();
    expect(data.names.roles[role.id]).toBe('Buyer');
    const v1 = await ok(admin.get(`${flowUrl()}/versions/1`));
    expect(v1.model).toEqual(first);
    expect((await admin.get(`${flowUrl()}/versions/3`)).status).toBe(404);
    expect((await admin.get(`${flowUrl()}/versions/0`)).status).toBe(422);
  });

  it('switching the flow off hides it from the engine; on again, the engine gets the current version', async () => {
    const forEngine = () => inSpace(platform.kernel.db, 'acme', (trx) => publishedFlow(trx, formId));
    expect((await forEngine())?.version).toBe(2);
    expect(await ok(admin.put(`${flowUrl()}/enabled`, { enabled: false }))).toEqual({ enabled: false });
    expect((await design()).enabled).toBe(false);
    expect(await forEngine()).toBeNull();
    await ok(admin.put(`${flowUrl()}/enabled`, { enabled: true }));
    const current = await forEngine();
    expect(current?.version).toBe(2);
    expect(Object.isFrozen(current?.model)).toBe(true);
    // Another space's transaction does not see this form's flow at all.
    expect(await inSpace(platform.kernel.db, 'nova', (trx) => publishedFlow(trx, formId))).toBeNull();
  });
});
