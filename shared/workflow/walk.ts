import type { Branch, FlowModel, FlowNode } from './model.ts';

/** Where a node sits: the path that holds it, its index there, and the gateway and branch that hold the path. */
export interface Place {
  node: FlowNode;
  path: FlowNode[];
  index: number;
  /** The condition or parallel node whose branch holds the path; null on the main path. */
  gateway: FlowNode | null;
  branch: Branch | null;
}

/** Every node of the model by id, with its place (branches inside branches included). */
export function placesOf(model: FlowModel): Map<string, Place> {
  const places = new Map<string, Place>();
  const visit = (path: FlowNode[], gateway: FlowNode | null, branch: Branch | null) => {
    path.forEach((node, index) => {
      places.set(node.id, { node, path, index, gateway, branch });
      if (node.type === 'condition' || node.type === 'parallel') for (const b of node.branches) visit(b.nodes, node, b);
    });
  };
  visit(model.nodes, null, null);
  return places;
}

/** All nodes inside a gateway's branches, at any depth. */
export function nodesInside(gateway: FlowNode): FlowNode[] {
  if (gateway.type !== 'condition' && gateway.type !== 'parallel') return [];
  return gateway.branches.flatMap((b) => b.nodes.flatMap((n) => [n, ...nodesInside(n)]));
}

/** The parallel gateways that hold a node, innermost first. */
export function parallelAncestors(places: Map<string, Place>, id: string): Array<{ gateway: FlowNode; branch: Branch }> {
  const found: Array<{ gateway: FlowNode; branch: Branch }> = [];
  let place = places.get(id);
  while (place?.gateway) {
    if (place.gateway.type === 'parallel') found.push({ gateway: place.gateway, branch: place.branch! });
    place = places.get(place.gateway.id);
  }
  return found;
}

/**
 * Approval nodes upstream of `id` on a sequential path (Part 2 §7.4): earlier nodes of its own path, the insides
 * of condition branches before it (the one actually taken is told by the tasks), then the same outwards past each
 * enclosing gateway. Never a node after it, never inside a parallel group it is not in.
 */
export function upstreamApprovals(places: Map<string, Place>, id: string): string[] {
  const found: string[] = [];
  let place = places.get(id);
  while (place) {
    for (let i = place.index - 1; i >= 0; i--) {
      const node = place.path[i]!;
      if (node.type === 'approval') found.push(node.id);
      if (node.type === 'condition') for (const inner of nodesInside(node)) if (inner.type === 'approval') found.push(inner.id);
    }
    place = place.gateway ? places.get(place.gateway.id) : undefined;
  }
  return found;
}
