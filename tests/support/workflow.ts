import type { ApprovalNode, AssigneeRule, FlowModel, FlowNode, FlowSettings } from '../../shared/workflow/model.ts';
import { DEFAULT_SETTINGS } from '../../shared/workflow/model.ts';
import { signedIn, type TestClient } from './client.ts';
import { ok, ORDER_FIELDS, publishedForm } from './forms.ts';

const PASSWORD = 'Welcome@2026';

/** The people of Part 2 §11: initiator, approvers, manager, agent, trustee, colleague, and three heads L1 ⊃ L2 ⊃ L3. */
export const PEOPLE = ['i', 'a1', 'a2', 'a3', 'm', 'b', 't', 'c', 'l1', 'l2', 'l3'] as const;
export type Person = (typeof PEOPLE)[number];

export interface WorkflowKit {
  admin: TestClient;
  ids: Record<Person, string>;
  as: Record<Person, TestClient>;
  appId: string;
  formId: string;
  /** Saves and publishes a model as the admin would; returns the version. */
  publish(model: FlowModel): Promise<number>;
}

/**
 * A space's people for the workflow suites, created through the organisation API: departments D1 ⊃ D2 ⊃ D3 with
 * heads L1, L2, L3; the initiator in D3 with A1 as direct superior; and the order form, published.
 */
export async function workflowKit(url: string, tag: string, admin?: TestClient): Promise<WorkflowKit> {
  const boss = admin ?? (await signedIn(url, 'acme.admin'));
  const ids = {} as Record<Person, string>;
  for (const person of PEOPLE) {
    if (person === 'i') continue;
    ids[person] = (await ok(boss.post('/api/org/members', { loginId: `${tag}.${person}`, name: `${tag.toUpperCase()} ${person.toUpperCase()}`, password: PASSWORD }))).id;
  }
  const d1 = (await ok(boss.post('/api/org/departments', { name: `${tag} D1`, headIds: [ids.l1] }))).id;
  const d2 = (await ok(boss.post('/api/org/departments', { name: `${tag} D2`, parentId: d1, headIds: [ids.l2] }))).id;
  const d3 = (await ok(boss.post('/api/org/departments', { name: `${tag} D3`, parentId: d2, headIds: [ids.l3] }))).id;
  ids.i = (await ok(boss.post('/api/org/members', { loginId: `${tag}.i`, name: `${tag.toUpperCase()} I`, password: PASSWORD, departmentIds: [d3], superiorId: ids.a1 }))).id;
  const as = {} as Record<Person, TestClient>;
  for (const person of PEOPLE) as[person] = await signedIn(url, `${tag}.${person}`, PASSWORD);
  const { appId, formId } = await publishedForm(boss, ORDER_FIELDS, { system: `WF ${tag}`, app: 'Purchases', form: 'Purchase' });
  const publish = async (model: FlowModel) => {
    const flow = await ok(boss.get(`/api/workflow/forms/${formId}/flow`));
    await ok(boss.put(`/api/workflow/forms/${formId}/flow/draft`, { model, draftUpdatedAt: flow.draftUpdatedAt ?? null }));
    return (await ok(boss.post(`/api/workflow/forms/${formId}/flow/publish`))).version as number;
  };
  return { admin: boss, ids, as, appId, formId, publish };
}

export const members = (...ids: string[]): AssigneeRule[] => [{ kind: 'members', ids }];

export function approval(id: string, assignees: AssigneeRule[], extra: Partial<ApprovalNode> = {}): ApprovalNode {
  return {
    id, type: 'approval', name: id.toUpperCase(), assignees, mode: 'single', fields: {}, actions: ['return', 'rollback', 'entrust', 'cc', 'interrupt'],
    emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'anyPassed', afterRollback: 'rerun', ...extra,
  };
}

export function model(nodes: FlowNode[], settings: Partial<FlowSettings> = {}): FlowModel {
  return {
    nodes: [{ id: 'start', type: 'start', name: 'Start', fields: {} }, ...nodes, { id: 'end', type: 'end', name: 'End' }],
    settings: { ...DEFAULT_SETTINGS, ...settings },
  };
}

/** The instance as `client` sees it. */
export const detail = async (client: TestClient, id: string) => ok(client.get(`/api/workflow/instances/${id}`));

/** The pending task of `client` in instance `id` (fails the test when there is none). */
export async function myTask(client: TestClient, id: string): Promise<string> {
  const found = (await detail(client, id)).myTasks[0];
  if (!found) throw new Error('no to-do for this member');
  return found.taskId as string;
}

/** Acts as `client` on his to-do of instance `id`. */
export async function act(client: TestClient, id: string, action: string, body: Record<string, unknown> = {}) {
  const taskId = ['approve', 'return', 'rollback', 'entrust', 'cc', 'saveTaskDraft'].includes(action) && !body.taskId ? await myTask(client, id) : undefined;
  return client.post(`/api/workflow/instances/${id}/${action}?lang=en`, { ...(taskId ? { taskId } : {}), ...body });
}

/** Submits a purchase as `client`. */
export async function submitOrder(kit: WorkflowKit, client: TestClient, values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return (await ok(client.post(`/api/workflow/forms/${kit.formId}/instances?lang=en`, { values: { f1: 'Pump', ...values }, ...extra }))) as { instanceId: string; recordId: string; state: string };
}
