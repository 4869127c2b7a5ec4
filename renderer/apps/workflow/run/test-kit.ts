import { act } from 'react';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/workflow/model.ts';
import { byTestId } from '../../../testing/page-kit.tsx';
import type { FlowDetail, MyTask } from './types.ts';

/** Test-only: a record of a form with a one-step flow, as forms and the workflow API answer it. */

export const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'text', label: 'Note' },
  { key: 'f3', type: 'text', label: 'Secret' },
];
export const form = { id: '7', name: 'Orders', appId: '3', appName: 'Sales', systemName: 'Business', version: 1, fields, can: { design: false, monitor: false } };
export const record = {
  id: '42', number: 'SO-0042', ownerId: '11', ownerDeptId: null, formVersion: 1, createdBy: '11', updatedBy: '11', handlerId: '1',
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-02T08:00:00.000Z', rowVersion: 4, values: { f1: 'Pumps', f2: 'old', f3: 'hush' },
};

export const approverTask: MyTask = {
  taskId: '71', nodeId: 'n1', as: 'user', actions: ['approve', 'saveTaskDraft', 'return', 'entrust', 'cc'], reasonRequired: true,
  fields: { f1: 'readonly', f2: 'editable', f3: 'hidden' }, rollbackTargets: [], draft: null,
};

export function detail(extra: Partial<FlowDetail> = {}): FlowDetail {
  return {
    instance: {
      id: '5', formId: '7', appId: '3', recordId: '42', state: 'running', round: 1, currentNodes: ['n1'], initiatorId: '11', submitterId: null, title: 'Pumps',
      createdAt: '2026-03-01T08:00:00.000Z', submittedAt: '2026-03-01T08:00:00.000Z', finishedAt: null, version: 3,
    },
    form: { id: '7', name: 'Orders', appId: '3', appName: 'Sales', fields: fields.filter((f) => f.key !== 'f3') },
    model: {
      nodes: [
        { id: 'start', type: 'start', name: '', fields: {} },
        { id: 'n1', type: 'approval', name: 'Manager', assignees: [{ kind: 'superior', levels: 1 }], mode: 'single', fields: {}, actions: ['return', 'entrust', 'cc'], emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun' },
        { id: 'end', type: 'end', name: '' },
      ],
      settings: { ...DEFAULT_SETTINGS },
    },
    tasks: [{ id: '71', nodeId: 'n1', state: 'pending', ownerId: '1', assigneeId: '1', entrustState: 'none', entrusteeId: null, decidedBy: null, onBehalfOf: null, via: null, reason: null, decidedAt: null, createdAt: '2026-03-01T08:00:00.000Z', dueAt: null, cancelReason: null }],
    timeline: [
      { id: '1', round: 1, action: 'submit', operatorId: '12', onBehalfOf: '11', via: 'agent', fromNode: null, toNodes: [], reason: null, at: '2026-03-01T08:00:00.000Z', taskId: null },
      { id: '2', round: 1, action: 'autoApprove', operatorId: null, onBehalfOf: null, via: 'system', fromNode: 'n0', toNodes: [], reason: 'workflow.auto.dedupe', at: '2026-03-01T08:00:01.000Z', taskId: null },
    ],
    cc: [{ recipientId: '13', fromUserId: '11', nodeId: 'start', note: 'FYI', at: '2026-03-01T08:00:00.000Z', round: 1 }],
    values: { f1: 'Pumps', f2: 'old' },
    fields: { f1: 'readonly', f2: 'editable', f3: 'hidden' },
    myTasks: [approverTask],
    can: { submit: false, saveDraft: false, withdraw: false, retrieve: [], urge: false, interrupt: false, recover: false, invalidate: false, cancelEntrust: [] },
    users: { '1': 'Me', '11': 'Ada', '12': 'Bob', '13': 'Cy' },
    ...extra,
  };
}

/** Waits for a lazily loaded part (its chunk is transformed on first use). */
export async function waitFor(testId: string, tries = 100) {
  for (let i = 0; i < tries && !byTestId(testId); i++) await act(async () => new Promise((r) => setTimeout(r, 20)));
  const found = byTestId(testId);
  if (!found) throw new Error(`no element ${testId}`);
  return found;
}
