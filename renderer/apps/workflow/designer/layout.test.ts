import { describe, expect, it } from 'vitest';
import { starterModel, type FlowModel } from '../../../../shared/workflow/model.ts';
import { layoutModel, SIZE } from './layout.ts';
import { addBranch, canRemoveBranch, insertNode, moveBranch, newNode, removeBranch, removeNode, updateBranch, type NewNames } from './model-edit.ts';

const names: NewNames = { node: (type) => `new ${type}`, branch: (n) => `Branch ${n}`, otherwise: 'Otherwise' };

/** start, condition c1 (b1: a2, b2 default: empty), a1, end. */
function withCondition(): FlowModel {
  const model = starterModel();
  return insertNode(model, '', 1, newNode(model, 'condition', names));
}

describe('editing the nested model', () => {
  it('inserts new nodes with fresh ids into the main path and into branches', () => {
    const model = withCondition();
    expect(model.nodes.map((n) => n.id)).toEqual(['start', 'c1', 'n1', 'end']);
    const condition = model.nodes[1]!;
    if (condition.type !== 'condition') throw new Error('not a condition');
    expect(condition.branches.map((b) => [b.id, b.name, b.when])).toEqual([['b1', 'Branch 1', { filter: { logic: 'and', items: [] } }], ['b2', 'Otherwise', null]]);
    const inBranch = insertNode(model, 'c1:b1', 0, newNode(model, 'approval', names));
    expect(inBranch.nodes[1]).toMatchObject({ branches: [{ nodes: [{ id: 'a1', name: 'new approval', assignees: [{ kind: 'superior', levels: 1 }] }] }, { nodes: [] }] });
    expect(model.nodes[1]).toEqual(condition); // the input is never changed
  });

  it('adds branches before the default one, keeps two branches and the default, and moves branches among the others', () => {
    let model = addBranch(withCondition(), 'c1', names);
    const ids = () => (model.nodes[1] as { branches: Array<{ id: string }> }).branches.map((b) => b.id);
    expect(ids()).toEqual(['b1', 'b3', 'b2']);
    expect(canRemoveBranch(model.nodes[1]!, 'b2')).toBe(false);
    model = moveBranch(model, 'c1', 'b3', -1);
    expect(ids()).toEqual(['b3', 'b1', 'b2']);
    model = moveBranch(model, 'c1', 'b1', 1); // never below the default
    expect(ids()).toEqual(['b3', 'b1', 'b2']);
    model = removeBranch(model, 'c1', 'b3');
    expect(ids()).toEqual(['b1', 'b2']);
    model = removeBranch(model, 'c1', 'b1');
    expect(ids()).toEqual(['b1', 'b2']);
    model = updateBranch(model, 'c1', 'b1', (b) => ({ ...b, name: 'Large' }));
    expect((model.nodes[1] as { branches: Array<{ name: string }> }).branches[0]!.name).toBe('Large');
  });

  it('removes nodes but never the start or the main end', () => {
    const model = withCondition();
    expect(removeNode(model, 'c1').nodes.map((n) => n.id)).toEqual(['start', 'n1', 'end']);
    expect(removeNode(model, 'start')).toBe(model);
    expect(removeNode(model, 'end')).toBe(model);
  });
});

describe('layoutModel', () => {
  it('stacks the main path in one column with an insert edge between every two steps', () => {
    const { nodes, edges } = layoutModel(starterModel());
    expect(nodes.map((n) => [n.id, n.x, n.y])).toEqual([
      ['start', -SIZE.cardW / 2, 0],
      ['n1', -SIZE.cardW / 2, SIZE.cardH + SIZE.gapY],
      ['end', -SIZE.cardW / 2, 2 * (SIZE.cardH + SIZE.gapY)],
    ]);
    expect(edges.map((e) => [e.source, e.target, e.insert])).toEqual([
      ['start', 'n1', { path: '', index: 1 }],
      ['n1', 'end', { path: '', index: 2 }],
    ]);
  });

  it('puts branches side by side under their gateway and joins them before the next step', () => {
    const model = insertNode(withCondition(), 'c1:b1', 0, newNode(withCondition(), 'approval', names));
    const { nodes, edges } = layoutModel(model);
    const at = (id: string) => nodes.find((n) => n.id === id)!;
    expect(at('branch:c1:b1').x).toBeLessThan(at('branch:c1:b2').x);
    expect(at('branch:c1:b1').y).toBe(at('branch:c1:b2').y);
    expect(at('a1').y).toBeGreaterThan(at('branch:c1:b1').y);
    expect(at('join:c1').y).toBeGreaterThan(at('a1').y);
    expect(at('n1').y).toBeGreaterThan(at('join:c1').y);
    const inserts = edges.filter((e) => e.insert).map((e) => `${e.source}->${e.target}@${e.insert!.path}#${e.insert!.index}`);
    expect(inserts).toEqual(['start->c1@#1', 'branch:c1:b1->a1@c1:b1#0', 'a1->join:c1@c1:b1#1', 'branch:c1:b2->join:c1@c1:b2#0', 'join:c1->n1@#2', 'n1->end@#3']);
  });

  it('draws no edge out of an end, and no join when every branch ends', () => {
    const model = withCondition();
    const condition = model.nodes[1] as { branches: Array<{ nodes: unknown[] }> };
    condition.branches[0]!.nodes.push({ id: 'e1', type: 'end', name: '' });
    condition.branches[1]!.nodes.push({ id: 'e2', type: 'end', name: '' });
    const { nodes, edges } = layoutModel(model);
    expect(nodes.some((n) => n.id === 'join:c1')).toBe(false);
    expect(edges.some((e) => e.source === 'e1' || e.source === 'e2')).toBe(false);
    expect(edges.some((e) => e.target === 'n1')).toBe(false);
  });
});
