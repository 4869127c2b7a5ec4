import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../forms/fields.ts';
import { DEFAULT_SETTINGS, starterModel, type ApprovalNode, type Branch, type CcNode, type FlowModel, type FlowNode } from './model.ts';
import { modelProblems, shapeProblems } from './validate-model.ts';

const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title' },
  { key: 'f2', type: 'amount', label: 'Amount' },
  { key: 'f3', type: 'member', label: 'Buyer' },
];
const context = { fields: FIELDS };

const approval = (id: string, extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id, type: 'approval', name: '', assignees: [{ kind: 'members', ids: ['11'] }], mode: 'single', fields: {}, actions: ['return'],
  emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun', ...extra,
});
const cc = (id: string, extra: Partial<CcNode> = {}): CcNode => ({ id, type: 'cc', name: '', assignees: [{ kind: 'initiator' }], fields: {}, ...extra });
const end = (id = 'end'): FlowNode => ({ id, type: 'end', name: '' });
const branch = (id: string, nodes: FlowNode[], when: Branch['when'] = null): Branch => ({ id, name: '', when, nodes });
const big = { filter: { logic: 'and' as const, items: [{ field: 'f2', op: 'gt' as const, value: 1000 }] } };
const condition = (id: string, branches: Branch[]): FlowNode => ({ id, type: 'condition', name: '', branches });
const parallel = (id: string, branches: Branch[]): FlowNode => ({ id, type: 'parallel', name: '', branches });
/** A flow of start, `middle`, end. */
const flow = (...middle: FlowNode[]): FlowModel => ({ nodes: [{ id: 'start', type: 'start', name: '', fields: {} }, ...middle, end()], settings: { ...DEFAULT_SETTINGS } });
const keys = (model: unknown) => modelProblems(model, context).map((p) => `${p.node}:${p.key}`);

describe('modelProblems: a sound flow', () => {
  it('accepts the starter model and a flow with a condition, a parallel group, a CC and a time limit', () => {
    expect(modelProblems(starterModel(), context)).toEqual([]);
    const model = flow(
      condition('c1', [branch('big', [approval('a1', { mode: 'countersign', assignees: [{ kind: 'members', ids: ['11', '12'] }] })], big), branch('else', [approval('a2')])]),
      parallel('p1', [branch('left', [cc('cc1', { fields: { f1: 'hidden' } })]), branch('right', [approval('a3', { assignees: [{ kind: 'memberField', field: 'f3' }] })])]),
      approval('a4', { timeLimit: { minutes: 60, remindBefore: 10, remindEvery: 5, maxReminds: 3, action: 'remind' }, emptyPolicy: 'assignUsers', emptyUsers: ['12'] }),
    );
    expect(modelProblems(model, context)).toEqual([]);
  });
});

describe('modelProblems: the shape of untrusted JSON', () => {
  it('refuses what is not a model, unknown node types and unknown or missing keys', () => {
    expect(keys(null)).toEqual([':workflow.design.malformed']);
    expect(keys({ nodes: [], settings: DEFAULT_SETTINGS, extra: 1 })).toEqual([':workflow.design.malformed']);
    expect(keys(flow({ id: 'x', type: 'script', name: '' } as never))).toEqual([':workflow.design.malformed']);
    expect(keys(flow({ ...approval('a1'), colour: 'red' } as never))).toEqual(['a1:workflow.design.malformed']);
    const { mode: _mode, ...noMode } = approval('a1');
    expect(modelProblems(flow(noMode as never), context)).toEqual([{ node: 'a1', key: 'workflow.design.malformed', params: { at: 'nodes.1.mode' } }]);
    expect(keys(flow(approval('a1', { mode: 'vote' as never })))).toEqual(['a1:workflow.design.malformed']);
    expect(keys(flow(approval('a1', { assignees: [{ kind: 'members', ids: [11 as never] }] })))).toEqual(['a1:workflow.design.malformed']);
    expect(keys({ ...flow(), settings: { ...DEFAULT_SETTINGS, allowWithdraw: 'yes' } })).toEqual([':workflow.design.malformed']);
  });

  it('refuses a filter with unknown keys or values of the wrong type', () => {
    const odd = { filter: { logic: 'and', items: [{ field: 'f2', op: 'gt', value: { $gt: 1 } }] } };
    expect(keys(flow(condition('c1', [branch('b1', [], odd as never), branch('b2', [])])))).toEqual(['c1:workflow.design.malformed']);
  });

  it('requires node ids of 1–40 letters, digits, _ or -, unique across nodes and branches', () => {
    expect(keys(flow(approval('a 1')))).toEqual([':workflow.design.malformed']);
    expect(keys(flow(approval('x'.repeat(41))))).toEqual([':workflow.design.malformed']);
    expect(keys(flow(approval('a1'), approval('a1')))).toEqual(['a1:workflow.design.duplicateId']);
    expect(keys(flow(condition('c1', [branch('c1', [], big), branch('b2', [])])))).toEqual(['c1:workflow.design.duplicateId']);
  });

  it('limits names to 40 characters', () => {
    expect(keys(flow(approval('a1', { name: '审'.repeat(40) })))).toEqual([]);
    expect(keys(flow(approval('a1', { name: '审'.repeat(41) })))).toEqual(['a1:workflow.design.nameTooLong']);
  });

  it('limits the flow to 200 nodes, 10 branches per gateway and 6 nested gateways', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => approval(`a${i}`));
    expect(keys(flow(...many(198)))).toEqual([]);
    expect(keys(flow(...many(199)))).toEqual([':workflow.design.tooManyNodes']);
    const branches = (n: number) => [...Array.from({ length: n - 1 }, (_, i) => branch(`b${i}`, [], big)), branch('else', [])];
    expect(keys(flow(condition('c1', branches(10))))).toEqual([]);
    expect(keys(flow(condition('c1', branches(11))))).toContain('c1:workflow.design.tooManyBranches');
    const nested = (depth: number): FlowNode => parallel(`p${depth}`, [branch(`l${depth}`, depth > 1 ? [nested(depth - 1)] : []), branch(`r${depth}`, [])]);
    expect(keys(flow(nested(6)))).toEqual([]);
    expect(keys(flow(nested(7)))).toEqual(['p1:workflow.design.tooDeep']);
  });
});

describe('modelProblems: start and end', () => {
  it('requires exactly one start, first on the main path', () => {
    expect(keys({ ...flow(), nodes: [approval('a1'), end()] })).toEqual([':workflow.design.startMissing']);
    const model = flow();
    model.nodes.splice(0, 0, approval('a1'));
    expect(keys(model)).toEqual(['start:workflow.design.startMisplaced']);
    const nested = flow(condition('c1', [branch('b1', [{ id: 's2', type: 'start', name: '', fields: {} }], big), branch('b2', [])]));
    expect(keys(nested)).toEqual(['s2:workflow.design.startMisplaced']);
  });

  it('requires an end last on the main path', () => {
    const model = flow(approval('a1'));
    model.nodes.pop();
    expect(keys(model)).toEqual(['a1:workflow.design.endMissing']);
  });

  it('refuses anything after an end, on any path, and after a condition whose every branch ends', () => {
    expect(keys(flow(end('e1'), approval('a1')))).toEqual(['a1:workflow.design.afterEnd']);
    expect(keys(flow(condition('c1', [branch('b1', [end('e1'), approval('a1')], big), branch('b2', [])])))).toEqual(['a1:workflow.design.afterEnd']);
    expect(keys(flow(condition('c1', [branch('b1', [end('e1')], big), branch('b2', [end('e2')])]), approval('a1')))).toEqual(['a1:workflow.design.afterEnd']);
    // One branch ending early is fine: the other goes on.
    expect(keys(flow(condition('c1', [branch('b1', [end('e1')], big), branch('b2', [])]), approval('a1')))).toEqual([]);
  });

  it('refuses an end inside a parallel branch: that branch could never reach the join', () => {
    expect(keys(flow(parallel('p1', [branch('l', [end('e1')]), branch('r', [])])))).toEqual(['e1:workflow.design.endInParallel']);
    const deep = parallel('p1', [branch('l', [condition('c1', [branch('b1', [end('e1')], big), branch('b2', [])])]), branch('r', [])]);
    expect(keys(flow(deep))).toEqual(['e1:workflow.design.endInParallel']);
  });
});

describe('modelProblems: assignees', () => {
  it('requires at least one assignee rule on approval and CC nodes', () => {
    expect(keys(flow(approval('a1', { assignees: [] }), cc('cc1', { assignees: [] })))).toEqual(['a1:workflow.design.noAssignees', 'cc1:workflow.design.noAssignees']);
  });

  it('requires ids for members, roles, role groups and posts', () => {
    for (const kind of ['members', 'roles', 'roleGroups', 'posts'] as const) {
      expect(keys(flow(approval('a1', { assignees: [{ kind, ids: [] }] })))).toEqual(['a1:workflow.design.assigneeIds']);
      expect(keys(flow(approval('a1', { assignees: [{ kind, ids: ['abc'] }] })))).toEqual(['a1:workflow.design.assigneeIds']);
      expect(keys(flow(approval('a1', { assignees: [{ kind, ids: ['7'] }] })))).toEqual([]);
    }
  });

  it('requires 1–10 levels for department heads and superiors', () => {
    for (const kind of ['deptHead', 'superior'] as const) {
      expect(keys(flow(approval('a1', { assignees: [{ kind, levels: 0 }] })))).toEqual(['a1:workflow.design.assigneeLevels']);
      expect(keys(flow(approval('a1', { assignees: [{ kind, levels: 11 }] })))).toEqual(['a1:workflow.design.assigneeLevels']);
      expect(keys(flow(approval('a1', { assignees: [{ kind }] })))).toEqual(['a1:workflow.design.assigneeLevels']);
      expect(keys(flow(approval('a1', { assignees: [{ kind, levels: 10 }] })))).toEqual([]);
    }
  });

  it('requires a member field of the form for a member-field rule', () => {
    expect(keys(flow(approval('a1', { assignees: [{ kind: 'memberField', field: 'f1' }] })))).toEqual(['a1:workflow.design.assigneeField']);
    expect(keys(flow(approval('a1', { assignees: [{ kind: 'memberField', field: 'f9' }] })))).toEqual(['a1:workflow.design.assigneeField']);
  });

  it('refuses ids, levels or fields on rules that take none', () => {
    expect(keys(flow(approval('a1', { assignees: [{ kind: 'initiator', ids: ['1'] }] })))).toEqual(['a1:workflow.design.assigneeExtra']);
    expect(keys(flow(approval('a1', { assignees: [{ kind: 'initiatorSelects' }, { kind: 'previousSelects' }] })))).toEqual([]);
  });

  it('requires the users of an "assign users" empty policy', () => {
    expect(keys(flow(approval('a1', { emptyPolicy: 'assignUsers' })))).toEqual(['a1:workflow.design.emptyUsersRequired']);
    expect(keys(flow(approval('a1', { emptyPolicy: 'assignUsers', emptyUsers: ['x'] })))).toEqual(['a1:workflow.design.badIds']);
  });
});

describe('modelProblems: gateways', () => {
  it('requires at least two branches on condition and parallel nodes', () => {
    expect(keys(flow(condition('c1', [branch('b1', [])])))).toEqual(['c1:workflow.design.tooFewBranches']);
    expect(keys(flow(parallel('p1', [branch('b1', [])])))).toEqual(['p1:workflow.design.tooFewBranches']);
  });

  it('requires exactly one default branch on a condition node, placed last', () => {
    expect(keys(flow(condition('c1', [branch('b1', [], big), branch('b2', [], big)])))).toEqual(['c1:workflow.design.defaultMissing']);
    const first = modelProblems(flow(condition('c1', [branch('b1', []), branch('b2', [], big)])), context);
    expect(first).toEqual([{ node: 'c1', key: 'workflow.design.defaultNotLast', params: { node: 'c1', branch: 'b1' }, branch: 'b1' }]);
  });

  it('names a branch before the default that has no condition yet', () => {
    const unset = modelProblems(flow(condition('c1', [{ ...branch('b1', [], { filter: null, initiatorDepartments: [] }), name: 'Large' }, branch('b2', [])])), context);
    expect(unset).toEqual([{ node: 'c1', key: 'workflow.design.conditionMissing', params: { node: 'c1', branch: 'Large' }, branch: 'b1' }]);
  });

  it('checks branch conditions against the form fields', () => {
    const unknown = { filter: { logic: 'and' as const, items: [{ field: 'f9', op: 'eq' as const, value: 1 }] } };
    expect(keys(flow(condition('c1', [branch('b1', [], unknown), branch('b2', [])])))).toEqual(['c1:forms.filter.unknownField']);
    const wrongOp = { filter: { logic: 'and' as const, items: [{ field: 'f1', op: 'gt' as const, value: 1 }] } };
    expect(keys(flow(condition('c1', [branch('b1', [], wrongOp), branch('b2', [])])))).toEqual(['c1:forms.filter.badOperator']);
    expect(keys(flow(condition('c1', [branch('b1', [], { initiatorDepartments: ['abc'] }), branch('b2', [])])))).toEqual(['c1:workflow.design.badIds']);
  });

  it('refuses conditions on parallel branches', () => {
    expect(keys(flow(parallel('p1', [branch('l', [], big), branch('r', [])])))).toEqual(['p1:workflow.design.parallelCondition']);
  });
});

describe('modelProblems: fields, time limits and settings', () => {
  it('names only existing fields in field modes', () => {
    expect(keys(flow(approval('a1', { fields: { f1: 'editable', f7: 'hidden' } })))).toEqual(['a1:workflow.design.unknownField']);
    expect(keys(flow(approval('a1', { fields: { f1: 'writable' as never } })))).toEqual(['a1:workflow.design.malformed']);
  });

  it('keeps time limits within a year and reminders before the limit', () => {
    const limit = (extra: object) => flow(approval('a1', { timeLimit: { minutes: 60, action: 'autoApprove', ...extra } }));
    expect(keys(limit({ minutes: 0 }))).toEqual(['a1:workflow.design.timeLimitRange']);
    expect(keys(limit({ minutes: 60 * 24 * 365 + 1 }))).toEqual(['a1:workflow.design.timeLimitRange']);
    expect(keys(limit({ remindBefore: 60 }))).toEqual(['a1:workflow.design.reminderRange']);
    expect(keys(limit({ remindEvery: 0 }))).toEqual(['a1:workflow.design.reminderRange']);
    expect(keys(limit({ maxReminds: 101 }))).toEqual(['a1:workflow.design.reminderRange']);
  });

  it('requires process managers to be ids', () => {
    expect(keys({ ...flow(), settings: { ...DEFAULT_SETTINGS, managers: ['admin'] } })).toEqual([':workflow.design.badManagers']);
  });

  it('the shape check alone lets an incomplete draft through', () => {
    expect(shapeProblems(flow(approval('a1', { assignees: [] }), condition('c1', [branch('b1', [])])))).toEqual([]);
  });
});
