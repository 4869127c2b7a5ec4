import { Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node } from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowModel } from '../../../../shared/workflow/model.ts';
import { BranchNode, CanvasContext, CardNode, InsertEdge, JoinNode, type CanvasActions } from './canvas-nodes.tsx';
import { layoutModel } from './layout.ts';
import '@xyflow/react/dist/style.css';

const nodeTypes = { card: CardNode, branch: BranchNode, join: JoinNode };
const edgeTypes = { insert: InsertEdge };
const noop = () => undefined;

interface Props {
  model: FlowModel;
  actions: CanvasActions;
}

/** Fits the chart into view whenever its structure changes (a node or branch added or removed), not on every edit. */
function FitOnChange({ shape }: { shape: string }) {
  const flow = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.15, maxZoom: 1, duration: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [flow, shape]);
  return null;
}

/**
 * The flow chart: the nested model laid out top to bottom (layout.ts) and drawn with React Flow (decision 0054).
 * Nodes stay where the layout puts them; the canvas pans and zooms. Nodes, edges and their buttons act through
 * CanvasContext.
 */
export function FlowCanvas({ model, actions }: Props) {
  const { t } = useTranslation();
  const laid = useMemo(() => layoutModel(model), [model]);
  const nodes = useMemo<Node[]>(
    () => laid.nodes.map((n) => ({
      id: n.id,
      type: n.kind,
      position: { x: n.x, y: n.y },
      data: n.kind === 'card' ? { node: n.node } : n.kind === 'branch' ? { gateway: n.gateway, branch: n.branch, index: n.index } : {},
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
    })),
    [laid],
  );
  const edges = useMemo<Edge[]>(
    () => laid.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, type: 'insert', data: e.insert, selectable: false, focusable: false })),
    [laid],
  );
  const shape = laid.nodes.map((n) => n.id).join(',');
  const ariaLabelConfig = {
    'controls.ariaLabel': t('workflow.designerUi.canvas.controls'),
    'controls.zoomIn.ariaLabel': t('workflow.designerUi.canvas.zoomIn'),
    'controls.zoomOut.ariaLabel': t('workflow.designerUi.canvas.zoomOut'),
    'controls.fitView.ariaLabel': t('workflow.designerUi.canvas.fitView'),
    'controls.interactive.ariaLabel': t('workflow.designerUi.canvas.interactive'),
    'node.a11yDescription.default': t('workflow.designerUi.canvas.nodeHelp'),
    'node.a11yDescription.keyboardDisabled': t('workflow.designerUi.canvas.nodeHelp'),
    'edge.a11yDescription.default': t('workflow.designerUi.canvas.nodeHelp'),
  };

  return (
    <CanvasContext.Provider value={actions}>
      <ReactFlowProvider>
        <div className="qp-flow-canvas" data-testid="flow-canvas" role="region" aria-label={t('workflow.designerUi.canvas.label')}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            // React Flow turns pointer events off on nodes it sees no handler for; the cards' buttons need them.
            onNodeClick={noop}
            zoomOnDoubleClick={false}
            minZoom={0.2}
            maxZoom={1.5}
            fitView
            fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
            ariaLabelConfig={ariaLabelConfig}
          >
            <Background gap={16} />
            <Controls showInteractive={false} />
            <FitOnChange shape={shape} />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </CanvasContext.Provider>
  );
}
