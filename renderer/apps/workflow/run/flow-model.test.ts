import { describe, expect, it } from 'vitest';
import type { ApprovalNode, FlowModel, FlowNode } from '../../../../shared/workflow/model.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/workflow/model.ts';
import {
  actorOf, changedAmong, editableKeys, initiatorSelectNodes, instanceActions, isMessageKey, nextApprovals, nodeStatuses, previousSelectNodes, reasonCheck,
  reasonRequired, taskActions,
} from './flow-model.ts';
import type { FlowCan, FlowDetail, FlowTask, MyTask, TimelineEntry } from './types.ts';

const approval = (id: string, extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id, type: 'approval', name: id.toUpperCase(), assignees: [{ kind: 'superior', levels: 1 }], mode: 'single', fields: {}, actions: ['return', 'rollback'],
  emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun', ...extra,
});
const path = (...nodes: FlowNode[]): FlowNode[] => [{ id: 'start', type: 'start', name: '', fields: {} }, ...nodes, { id: 'end', type: 'end', name: '' }];
/** start → a → parallel(b | c, cc1) → d (picked by the previous approver) → end. */
const model: FlowModel = {
  nodes: path(
    approval('a'),
    { id: 'p', type: 'parallel', name: 'P', branches: [
      { id: 'b1', name: '', when: null, nodes: [approval('b')] },
      { id: 'b2', name: '', when: null, nodes: [{ id: 'cc1', type: 'cc', name: 'CC', assignees: [], fields: {} }, approval('c')] },
    ] },
    approval('d', { assignees: [{ kind: 'previousSelects' }] }),
  ),
  settings: { ...DEFAULT_SETTINGS },
};

const task = (id: string, nodeId: string, state: FlowTask['state']): FlowTask => ({
  id, nodeId, state, ownerId: '1', assigneeId: '1', entrustState: 'none', entrusteeId: null, decidedBy: null, onBehalfOf: null, via: null, reason: null,
  decidedAt: null, createdAt: '2026-01-01T00:00:00Z', dueAt: null, cancelReason: null,
});
const log = (id: string, action: string, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  id, round: 1, action, operatorId: '1', onBehalfOf: null, via: 'user', fromNode: null, toNodes: [], reason: null, at: '2026-01-01T00:00:00Z', taskId: null, ...extra,
});
function input(state: FlowDetail['instance']['state'], currentNodes: string[], tasks: FlowTask[], timeline: TimelineEntry[] = []) {
  return { model, tasks, timeline, instance: { state, currentNodes, round: 1 } as FlowDetail['instance'] };
}

describe('nodeStatuses', () => {
  it('a running instance: passed nodes done, open ones current, the rest not reached; a gateway follows its insides', () => {
    const s = nodeStatuses(input('running', ['b', 'c'], [task('1', 'a', 'approved'), task('2', 'b', 'pending'), task('3', 'c', 'pending')], [log('9', 'cc', { via: 'system', fromNode: 'cc1' })]));
    expect(Object.fromEntries(s)).toEqual({ start: 'done', a: 'done', b: 'current', cc1: 'done', c: 'current', p: 'current', d: 'pending', end: 'pending' });
  });

  it('a rolled-back node runs again: its latest task decides, the node that rolled back shows "sent back"', () => {
    const s = nodeStatuses(input('running', ['a'], [task('1', 'a', 'approved'), task('2', 'b', 'rolledBack'), task('3', 'c', 'canceled'), task('4', 'a', 'pending')]));
    expect(s.get('a')).toBe('current');
    expect(s.get('b')).toBe('sentBack');
    expect(s.get('c')).toBe('pending');
  });

  it('returned: the initiator holds it; interrupted: where it stopped; approved: the end is done', () => {
    const returned = nodeStatuses(input('returned', [], [task('1', 'a', 'returned')]));
    expect([returned.get('start'), returned.get('a')]).toEqual(['current', 'sentBack']);
    const stopped = nodeStatuses(input('interrupted', [], [task('1', 'a', 'approved'), task('2', 'b', 'canceled')], [log('5', 'interrupt', { toNodes: ['b'] })]));
    expect([stopped.get('b'), stopped.get('p'), stopped.get('c')]).toEqual(['stopped', 'stopped', 'pending']);
    const done = nodeStatuses(input('approved', [], [task('1', 'a', 'approved'), task('2', 'd', 'approved')]));
    expect([done.get('d'), done.get('end')]).toEqual(['done', 'done']);
  });

  it('a draft has not left the initiator; an automatic approval counts as passed', () => {
    expect(nodeStatuses(input('draft', [], [])).get('start')).toBe('current');
    expect(nodeStatuses(input('running', ['d'], [], [log('1', 'autoApprove', { fromNode: 'a', via: 'system', operatorId: null })])).get('a')).toBe('done');
  });
});

describe('who is chosen when', () => {
  it('the next approvals pass CC nodes and reach into every branch; past a branch end they go on after the gateway', () => {
    expect(nextApprovals(model, 'a').map((n) => n.id)).toEqual(['b', 'c']);
    expect(nextApprovals(model, 'b').map((n) => n.id)).toEqual(['d']);
    expect(previousSelectNodes(model, 'b').map((n) => n.id)).toEqual(['d']);
    expect(previousSelectNodes(model, 'a')).toEqual([]);
    expect(nextApprovals(model, 'd')).toEqual([]);
  });

  it('the initiator picks the handlers of initiatorSelects nodes at any depth', () => {
    const picked: FlowModel = { ...model, nodes: path({ id: 'q', type: 'condition', name: '', branches: [{ id: 'x', name: '', when: null, nodes: [approval('e', { assignees: [{ kind: 'initiatorSelects' }] })] }] }) };
    expect(initiatorSelectNodes(picked).map((n) => n.id)).toEqual(['e']);
  });
});

describe('reasons', () => {
  it('counts code points of the trimmed text: an emoji is one, 60 is fine, 61 is too long', () => {
    expect(reasonCheck('  ok  ', false)).toEqual({ count: 2, max: 60, problem: null });
    expect(reasonCheck('😀'.repeat(60), true).problem).toBeNull();
    expect(reasonCheck('😀'.repeat(60), true).count).toBe(60);
    expect(reasonCheck('x'.repeat(61), false).problem).toBe('tooLong');
    expect(reasonCheck('   ', true).problem).toBe('required');
    expect(reasonCheck('', false).problem).toBeNull();
  });

  it('is required for return, rollback, interrupt, invalidate and refusing, and for approval where the node says so', () => {
    for (const action of ['return', 'rollback', 'interrupt', 'invalidate', 'refuseEntrust']) expect(reasonRequired(action), action).toBe(true);
    for (const action of ['approve', 'withdraw', 'urge', 'cc', 'entrust', 'retrieve']) expect(reasonRequired(action), action).toBe(false);
    expect(reasonRequired('approve', { reasonRequired: true } as MyTask)).toBe(true);
  });

  it('takes the system\'s message keys for keys and people\'s text for text', () => {
    expect(isMessageKey('workflow.auto.dedupe')).toBe(true);
    expect(isMessageKey('workflow is fine.')).toBe(false);
    expect(isMessageKey('Looks good')).toBe(false);
  });
});

describe('actions and actors', () => {
  const mine = (extra: Partial<MyTask>): MyTask => ({ taskId: '7', nodeId: 'a', as: 'user', actions: [], reasonRequired: false, fields: {}, rollbackTargets: [], draft: null, ...extra });
  const can: FlowCan = { submit: false, saveDraft: false, withdraw: true, retrieve: ['3'], urge: true, interrupt: false, recover: false, invalidate: true, cancelEntrust: ['7', '8'] };

  it('offers a task\'s actions in a fixed order, rollback only with a target', () => {
    expect(taskActions(mine({ actions: ['approve', 'saveTaskDraft', 'rollback', 'return', 'cc', 'entrust'] }))).toEqual(['approve', 'return', 'entrust', 'cc', 'saveTaskDraft']);
    expect(taskActions(mine({ actions: ['approve', 'rollback'], rollbackTargets: ['x'] }))).toEqual(['approve', 'rollback']);
    expect(taskActions(mine({ as: 'answer', actions: ['acceptEntrust', 'refuseEntrust'] }))).toEqual(['acceptEntrust', 'refuseEntrust']);
  });

  it('lists the instance actions, a cancel already on the task bar only once', () => {
    expect(instanceActions(can, [mine({ actions: ['cancelEntrust'] })])).toEqual([
      { action: 'withdraw' }, { action: 'retrieve', taskId: '3' }, { action: 'cancelEntrust', taskId: '8' }, { action: 'urge' }, { action: 'invalidate' },
    ]);
  });

  it('names "B (on behalf of A)" only for agents, trustees and entrustees; the system has no name', () => {
    const users = { '1': 'Ada', '2': 'Bob' };
    expect(actorOf({ operatorId: '2', onBehalfOf: '1', via: 'agent' }, users)).toEqual({ operator: 'Bob', principal: 'Ada' });
    expect(actorOf({ operatorId: '2', onBehalfOf: '1', via: 'manager' }, users)).toEqual({ operator: 'Bob', principal: null });
    expect(actorOf({ operatorId: null, onBehalfOf: null, via: 'system' }, users)).toEqual({ operator: null, principal: null });
    expect(actorOf({ operatorId: '9', onBehalfOf: null, via: 'user' }, users).operator).toBe('#9');
  });

  it('edits the task\'s editable fields, or the start node\'s while the initiator holds it; sends only what changed', () => {
    const detail = { fields: { f1: 'editable', f2: 'readonly' }, can: { ...can, submit: true } } as Pick<FlowDetail, 'fields' | 'can'>;
    expect(editableKeys(detail, null)).toEqual(['f1']);
    expect(editableKeys(detail, mine({ fields: { f2: 'editable', f1: 'readonly' } }))).toEqual(['f2']);
    expect(editableKeys(detail, mine({ as: 'answer', fields: { f2: 'editable' } }))).toEqual([]);
    expect(changedAmong(['f1', 'f2'], { f1: 1, f2: [1] }, { f1: 1, f2: [1, 2], f3: 'x' })).toEqual({ f2: [1, 2] });
  });
});
