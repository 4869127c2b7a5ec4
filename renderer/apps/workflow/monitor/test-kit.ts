import type { ApprovalNode, FlowModel, FlowNode } from '../../../../shared/workflow/model.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/workflow/model.ts';
import type { MonitorDetail, MonitorRow } from './monitor-model.ts';

/** Test-only: sample rows and instance details of the monitoring API, times relative to a fixed `NOW`. */
export const NOW = Date.parse('2025-03-10T12:00:00.000Z');
export const hoursAgo = (h: number, now = NOW) => new Date(now - h * 3_600_000).toISOString();

export function monitorRow(partial: Partial<MonitorRow> = {}, now = NOW): MonitorRow {
  return {
    id: '11', formId: '7', appId: '3', recordId: '501', title: 'Pump order', formName: 'Purchase', state: 'running', currentNodes: ['n1'],
    initiatorId: '20', since: hoursAgo(2, now), submittedAt: hoursAgo(2, now), dueAt: null, assignees: ['21'], overdue: false, ...partial,
  };
}

export function step(id: string, name = id.toUpperCase()): ApprovalNode {
  return {
    id, type: 'approval', name, assignees: [], mode: 'single', fields: {}, actions: [], emptyPolicy: 'assignManagers', selfPolicy: 'approve',
    rollbackTargets: 'previous', afterRollback: 'rerun',
  };
}

export const flow = (nodes: FlowNode[]): FlowModel => ({
  nodes: [{ id: 'start', type: 'start', name: 'Start', fields: {} }, ...nodes, { id: 'end', type: 'end', name: 'End' }],
  settings: { ...DEFAULT_SETTINGS },
});

/** An instance at n2 (after n1, with n3 inside a condition branch): one pending to-do, one waiting its turn. */
export function monitorDetail(partial: Partial<MonitorDetail> = {}): MonitorDetail {
  return {
    instance: { id: '11', state: 'running', currentNodes: ['n2'] },
    model: flow([step('n1', 'Buyer'), { id: 'c', type: 'condition', name: 'C', branches: [{ id: 'b', name: 'B', when: null, nodes: [step('n3', '')] }] }, step('n2', 'Finance')]),
    tasks: [
      { id: '1', nodeId: 'n1', state: 'approved', assigneeId: '21' },
      { id: '2', nodeId: 'n2', state: 'pending', assigneeId: '22' },
      { id: '3', nodeId: 'n2', state: 'waiting', assigneeId: '23' },
      { id: '4', nodeId: 'n2', state: 'canceled', assigneeId: '24' },
    ],
    users: { '21': 'Ann', '22': 'Bob', '23': 'Cai', '24': 'Dee' },
    ...partial,
  };
}
