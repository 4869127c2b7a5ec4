import { placesOf } from '../../../../shared/workflow/walk.ts';
import type { ApprovalNode, Branch, CcNode, FlowModel, FlowNode } from '../../../../shared/workflow/model.ts';

/**
 * The designer's edits of the nested model, as pure functions (each returns a new model, never changes its input).
 * A path is named by a key: '' for the main path, `gatewayId:branchId` for a branch.
 */
export type InsertType = 'approval' | 'cc' | 'condition' | 'parallel';
export const INSERT_TYPES: readonly InsertType[] = ['approval', 'cc', 'condition', 'parallel'];

export const branchKey = (gateway: string, branch: string) => `${gateway}:${branch}`;

/** Default names in the designer's language, given by the caller (the model keeps whatever text it was given). */
export interface NewNames {
  node(type: InsertType): string;
  branch(n: number): string;
  otherwise: string;
}

/** Every id in use, nodes and branches alike (they share one namespace: shape check, model-shape.ts). */
function idsOf(model: FlowModel): Set<string> {
  const ids = new Set<string>();
  for (const [id, place] of placesOf(model)) {
    ids.add(id);
    if (place.node.type === 'condition' || place.node.type === 'parallel') for (const b of place.node.branches) ids.add(b.id);
  }
  return ids;
}

/** A fresh id `prefix` + n, above every number in use with that prefix. */
export function freshId(model: FlowModel, prefix: string, taken: Set<string> = idsOf(model)): string {
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  taken.add(`${prefix}${n}`);
  return `${prefix}${n}`;
}

/** A new node with the defaults a designer expects: approval by the direct superior, return/rollback offered. */
export function newNode(model: FlowModel, type: InsertType, names: NewNames): FlowNode {
  const taken = idsOf(model);
  const id = freshId(model, { approval: 'a', cc: 'cc', condition: 'c', parallel: 'p' }[type], taken);
  const name = names.node(type);
  if (type === 'approval') {
    const node: ApprovalNode = {
      id, type, name, assignees: [{ kind: 'superior', levels: 1 }], mode: 'single', fields: {}, actions: ['return', 'rollback', 'entrust', 'cc'],
      emptyPolicy: 'assignManagers', selfPolicy: 'approve', rollbackTargets: 'previous', afterRollback: 'rerun',
    };
    return node;
  }
  if (type === 'cc') {
    const node: CcNode = { id, type, name, assignees: [{ kind: 'initiator' }], fields: {} };
    return node;
  }
  const branch = (n: number, last: boolean): Branch => ({
    id: freshId(model, 'b', taken),
    name: type === 'condition' && last ? names.otherwise : names.branch(n),
    // A condition branch starts without a condition (the designer asks for one); the last is the default.
    when: type === 'condition' && !last ? { filter: { logic: 'and', items: [] } } : null,
    nodes: [],
  });
  return { id, type, name, branches: [branch(1, false), branch(2, true)] };
}

/** The path a key names, in a copy of the model the caller may change. */
function pathIn(model: FlowModel, key: string): FlowNode[] | null {
  if (key === '') return model.nodes;
  const [gatewayId, branchId] = key.split(':');
  const place = placesOf(model).get(gatewayId ?? '');
  if (!place || (place.node.type !== 'condition' && place.node.type !== 'parallel')) return null;
  return place.node.branches.find((b) => b.id === branchId)?.nodes ?? null;
}

export function insertNode(model: FlowModel, key: string, index: number, node: FlowNode): FlowModel {
  const next = structuredClone(model);
  pathIn(next, key)?.splice(index, 0, node);
  return next;
}

/** Removes a node (a gateway with everything inside it); start and end stay. */
export function removeNode(model: FlowModel, id: string): FlowModel {
  const next = structuredClone(model);
  const place = placesOf(next).get(id);
  if (!place || place.node.type === 'start' || (place.node.type === 'end' && !place.gateway)) return model;
  place.path.splice(place.index, 1);
  return next;
}

export function updateNode(model: FlowModel, id: string, change: (node: FlowNode) => FlowNode): FlowModel {
  const next = structuredClone(model);
  const place = placesOf(next).get(id);
  if (!place) return model;
  place.path[place.index] = change(place.node);
  return next;
}

/** A new branch: before the default ("otherwise") branch of a condition node, last on a parallel node. */
export function addBranch(model: FlowModel, gatewayId: string, names: NewNames): FlowModel {
  return updateNode(model, gatewayId, (node) => {
    if (node.type !== 'condition' && node.type !== 'parallel') return node;
    const branch: Branch = {
      id: freshId(model, 'b'),
      name: names.branch(node.branches.length + (node.type === 'condition' ? 0 : 1)),
      when: node.type === 'condition' ? { filter: { logic: 'and', items: [] } } : null,
      nodes: [],
    };
    const at = node.type === 'condition' ? Math.max(node.branches.length - 1, 0) : node.branches.length;
    return { ...node, branches: [...node.branches.slice(0, at), branch, ...node.branches.slice(at)] };
  });
}

/** Whether a branch may go: a gateway keeps two branches, a condition node its default. */
export function canRemoveBranch(node: FlowNode, branchId: string): boolean {
  if (node.type !== 'condition' && node.type !== 'parallel') return false;
  if (node.branches.length <= 2) return false;
  return !(node.type === 'condition' && node.branches[node.branches.length - 1]?.id === branchId);
}

export function removeBranch(model: FlowModel, gatewayId: string, branchId: string): FlowModel {
  return updateNode(model, gatewayId, (node) => {
    if (!canRemoveBranch(node, branchId) || (node.type !== 'condition' && node.type !== 'parallel')) return node;
    return { ...node, branches: node.branches.filter((b) => b.id !== branchId) };
  });
}

export function updateBranch(model: FlowModel, gatewayId: string, branchId: string, change: (branch: Branch) => Branch): FlowModel {
  return updateNode(model, gatewayId, (node) => {
    if (node.type !== 'condition' && node.type !== 'parallel') return node;
    return { ...node, branches: node.branches.map((b) => (b.id === branchId ? change(b) : b)) };
  });
}

/** Moves a condition branch one place up or down among the non-default ones (the order is the order of evaluation). */
export function moveBranch(model: FlowModel, gatewayId: string, branchId: string, by: -1 | 1): FlowModel {
  return updateNode(model, gatewayId, (node) => {
    if (node.type !== 'condition') return node;
    const from = node.branches.findIndex((b) => b.id === branchId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= node.branches.length - 1 || from === node.branches.length - 1) return node;
    const branches = [...node.branches];
    [branches[from], branches[to]] = [branches[to]!, branches[from]!];
    return { ...node, branches };
  });
}

export const findNode = (model: FlowModel, id: string): FlowNode | null => placesOf(model).get(id)?.node ?? null;
