import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconClose, IconPlus } from '@arco-design/web-react/icon';
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, Handle, Position, type EdgeProps, type NodeProps } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch, FlowNode } from '../../../../shared/workflow/model.ts';
import { SIZE } from './layout.ts';
import { canRemoveBranch, INSERT_TYPES, type InsertType } from './model-edit.ts';

export type Selection = { kind: 'node'; id: string } | { kind: 'branch'; gateway: string; branch: string } | null;

/** What the canvas's nodes and edges do and show, handed down once instead of through every node's data. */
export interface CanvasActions {
  selection: Selection;
  select(selection: Selection): void;
  insert(path: string, index: number, type: InsertType): void;
  remove(id: string): void;
  removeBranch(gateway: string, branch: string): void;
  /** Translated problems of a node, and of a branch (`gateway:branch`). */
  problems: Map<string, string[]>;
  summary(node: FlowNode): string;
  branchSummary(gateway: FlowNode, branch: Branch): string;
}
export const CanvasContext = createContext<CanvasActions | null>(null);
const useActions = () => useContext(CanvasContext)!;

/** Edges attach to invisible handles: nobody draws connections here, the layout does. */
const Handles = () => (
  <>
    <Handle type="target" position={Position.Top} isConnectable={false} className="qp-flow-handle" />
    <Handle type="source" position={Position.Bottom} isConnectable={false} className="qp-flow-handle" />
  </>
);

export type CardData = { node: FlowNode };
export type BranchData = { gateway: FlowNode; branch: Branch; index: number };

/** A step of the flow: its type, name and who handles it; a click selects it, its × removes it. */
export function CardNode({ data }: NodeProps & { data: CardData }) {
  const { t } = useTranslation();
  const actions = useActions();
  const { node } = data;
  const problems = actions.problems.get(node.id) ?? [];
  const selected = actions.selection?.kind === 'node' && actions.selection.id === node.id;
  const typeLabel = t(`workflow.designerUi.type.${node.type}`);
  const title = node.name.trim() || typeLabel;
  const removable = node.type !== 'start' && node.type !== 'end';
  return (
    <div className={`qp-flow-card qp-flow-card-${node.type}${selected ? ' is-selected' : ''}${problems.length ? ' has-problem' : ''}`} style={{ width: SIZE.cardW, height: SIZE.cardH }} data-testid={`flow-node-${node.id}`}>
      <Handles />
      <button type="button" className="qp-flow-card-body nodrag" onClick={() => actions.select({ kind: 'node', id: node.id })} data-testid={`flow-select-${node.id}`}>
        {/* The type is said once: above a name of the node's own, or as the title of an unnamed one. */}
        {title !== typeLabel && <span className="qp-flow-card-type">{typeLabel}</span>}
        <span className="qp-flow-card-title">{title}</span>
        <span className="qp-flow-card-summary">{actions.summary(node)}</span>
        {problems.length > 0 && <span className="qp-flow-card-problem" data-testid={`flow-problem-${node.id}`}>{problems[0]}</span>}
      </button>
      {removable && (
        <Tooltip content={t('workflow.designerUi.removeNode')}>
          <Button className="qp-flow-card-remove nodrag" size="mini" type="text" icon={<IconClose />} aria-label={t('workflow.designerUi.removeNodeNamed', { name: title })}
            onClick={() => actions.remove(node.id)} data-testid={`flow-remove-${node.id}`} />
        </Tooltip>
      )}
    </div>
  );
}

/** The head of a branch: its name and condition; a click selects it for editing. */
export function BranchNode({ data }: NodeProps & { data: BranchData }) {
  const { t } = useTranslation();
  const actions = useActions();
  const { gateway, branch } = data;
  const key = `${gateway.id}:${branch.id}`;
  const problems = actions.problems.get(key) ?? [];
  const selected = actions.selection?.kind === 'branch' && actions.selection.branch === branch.id && actions.selection.gateway === gateway.id;
  const name = branch.name.trim() || t('workflow.designerUi.branchN', { n: data.index + 1 });
  return (
    <div className={`qp-flow-branch${selected ? ' is-selected' : ''}${problems.length ? ' has-problem' : ''}`} style={{ width: SIZE.branchW, height: SIZE.branchH }} data-testid={`flow-branch-${key}`}>
      <Handles />
      <button type="button" className="qp-flow-card-body nodrag" onClick={() => actions.select({ kind: 'branch', gateway: gateway.id, branch: branch.id })} data-testid={`flow-select-branch-${key}`}>
        <span className="qp-flow-card-title">{name}</span>
        <span className="qp-flow-card-summary">{problems[0] ?? actions.branchSummary(gateway, branch)}</span>
      </button>
      {canRemoveBranch(gateway, branch.id) && (
        <Button className="qp-flow-card-remove nodrag" size="mini" type="text" icon={<IconClose />} aria-label={t('workflow.designerUi.removeBranchNamed', { name })}
          onClick={() => actions.removeBranch(gateway.id, branch.id)} data-testid={`flow-remove-branch-${key}`} />
      )}
    </div>
  );
}

export function JoinNode() {
  return (
    <div className="qp-flow-join" style={{ width: SIZE.join, height: SIZE.join }} aria-hidden>
      <Handles />
    </div>
  );
}

export type InsertData = { path: string; index: number };

/** An edge with a "+" just below where it starts: insert an approval, CC, condition or parallel node there. */
export function InsertEdge({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps & { data?: InsertData }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [path] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition: Position.Bottom, targetPosition: Position.Top, borderRadius: 8 });
  if (!data) return <BaseEdge id={id} path={path} />;
  const testId = `flow-add-${data.path || 'main'}-${data.index}`;
  const menu = (
    <Menu onClickMenuItem={(key) => actions.insert(data.path, data.index, key as InsertType)}>
      {INSERT_TYPES.map((type) => (
        <Menu.Item key={type} data-testid={`flow-insert-${type}`}>{t(`workflow.designerUi.type.${type}`)}</Menu.Item>
      ))}
    </Menu>
  );
  return (
    <>
      <BaseEdge id={id} path={path} />
      <EdgeLabelRenderer>
        <div className="qp-flow-add nodrag nopan" style={{ transform: `translate(-50%, -50%) translate(${sourceX}px, ${sourceY + Math.min(SIZE.gapY / 2, (targetY - sourceY) / 2)}px)` }}>
          <Dropdown droplist={menu} trigger="click" position="bottom">
            <Button shape="circle" size="mini" type="primary" icon={<IconPlus />} aria-label={t('workflow.designerUi.addHere')} data-testid={testId} />
          </Dropdown>
        </div>
      </EdgeLabelRenderer>
    </>
  );
}
