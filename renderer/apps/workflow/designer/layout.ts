import type { Branch, FlowModel, FlowNode } from '../../../../shared/workflow/model.ts';
import { branchKey } from './model-edit.ts';

/**
 * Positions of the nested model on the canvas, computed (nobody drags nodes): a top-to-bottom column per path,
 * the branches of a gateway side by side under it, meeting again at a join dot. Every gap between two steps of a
 * path is an edge that carries a "+" to insert there (`insert`: the path's key and the index a new node takes).
 */
export const SIZE = { cardW: 220, cardH: 84, branchW: 200, branchH: 64, gapY: 64, gapX: 40, join: 14 } as const;

export type LaidKind = 'card' | 'branch' | 'join';
export interface LaidNode {
  id: string;
  kind: LaidKind;
  x: number;
  y: number;
  /** card: the model node; branch: its gateway's and its own ids. */
  node?: FlowNode;
  gateway?: FlowNode;
  branch?: Branch;
  /** branch: its place among the gateway's branches. */
  index?: number;
}
export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  insert?: { path: string; index: number };
}

interface Box {
  w: number;
  h: number;
}

const isGateway = (node: FlowNode): node is FlowNode & { branches: Branch[] } => node.type === 'condition' || node.type === 'parallel';

function columnHeight(branch: Branch): number {
  const path = measurePath(branch.nodes);
  return SIZE.branchH + SIZE.gapY + (path.h > 0 ? path.h + SIZE.gapY : 0);
}
const columnWidth = (branch: Branch) => Math.max(SIZE.branchW, measurePath(branch.nodes).w);

function measureNode(node: FlowNode): Box {
  if (!isGateway(node)) return { w: SIZE.cardW, h: SIZE.cardH };
  const widths = node.branches.map(columnWidth);
  const w = Math.max(SIZE.cardW, widths.reduce((a, b) => a + b, 0) + SIZE.gapX * Math.max(widths.length - 1, 0));
  const tallest = Math.max(0, ...node.branches.map(columnHeight));
  return { w, h: SIZE.cardH + SIZE.gapY + tallest + SIZE.join };
}

function measurePath(path: readonly FlowNode[]): Box {
  const boxes = path.map(measureNode);
  return { w: Math.max(0, ...boxes.map((b) => b.w)), h: boxes.reduce((a, b) => a + b.h, 0) + SIZE.gapY * Math.max(boxes.length - 1, 0) };
}

export const branchNodeId = (gateway: string, branch: string) => `branch:${gateway}:${branch}`;
export const joinNodeId = (gateway: string) => `join:${gateway}`;

export function layoutModel(model: FlowModel): { nodes: LaidNode[]; edges: LaidEdge[] } {
  const nodes: LaidNode[] = [];
  const edges: LaidEdge[] = [];
  const link = (source: string, target: string, insert?: LaidEdge['insert']) =>
    edges.push({ id: `${source}->${target}`, source, target, ...(insert ? { insert } : {}) });

  /** Places a path centred on `cx` from `y` down; returns what flows out of it (null: it stops at an end). */
  const place = (path: readonly FlowNode[], key: string, cx: number, top: number, entry: string | null): string | null => {
    let previous = entry;
    let y = top;
    path.forEach((node, index) => {
      if (previous) link(previous, node.id, { path: key, index });
      nodes.push({ id: node.id, kind: 'card', x: cx - SIZE.cardW / 2, y, node });
      previous = node.id;
      if (isGateway(node)) previous = placeGateway(node, cx, y);
      else if (node.type === 'end') previous = null;
      y += measureNode(node).h + SIZE.gapY;
    });
    return previous;
  };

  const placeGateway = (node: FlowNode & { branches: Branch[] }, cx: number, top: number): string | null => {
    const widths = node.branches.map(columnWidth);
    const total = widths.reduce((a, b) => a + b, 0) + SIZE.gapX * Math.max(widths.length - 1, 0);
    const columnsTop = top + SIZE.cardH + SIZE.gapY;
    const joinY = columnsTop + Math.max(0, ...node.branches.map(columnHeight));
    let x = cx - total / 2;
    const exits: Array<{ from: string; key: string; index: number }> = [];
    node.branches.forEach((branch, index) => {
      const bcx = x + widths[index]! / 2;
      const id = branchNodeId(node.id, branch.id);
      nodes.push({ id, kind: 'branch', x: bcx - SIZE.branchW / 2, y: columnsTop, gateway: node, branch, index });
      link(node.id, id);
      const key = branchKey(node.id, branch.id);
      const exit = place(branch.nodes, key, bcx, columnsTop + SIZE.branchH + SIZE.gapY, id);
      if (exit) exits.push({ from: exit, key, index: branch.nodes.length });
      x += widths[index]! + SIZE.gapX;
    });
    // Every branch ended: nothing flows on, and there is nothing to join.
    if (exits.length === 0) return null;
    const join = joinNodeId(node.id);
    nodes.push({ id: join, kind: 'join', x: cx - SIZE.join / 2, y: joinY });
    for (const exit of exits) link(exit.from, join, { path: exit.key, index: exit.index });
    return join;
  };

  place(model.nodes, '', 0, 0, null);
  return { nodes, edges };
}
