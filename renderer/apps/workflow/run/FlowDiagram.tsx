import { Tag } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNode } from '../../../../shared/workflow/model.ts';
import { formatTime } from '../../../kernel/time.ts';
import { nodeLabel, nodeStatuses, personName, type NodeStatus } from './flow-model.ts';
import type { FlowDetail, FlowTask } from './types.ts';

const STATUS_COLOR: Record<NodeStatus, string | undefined> = { done: 'green', current: 'arcoblue', sentBack: 'orange', stopped: 'red', pending: undefined };

/** The people of one node in this round: each task's handler, its state, an entrustment waiting for an answer. */
function People({ tasks, users }: { tasks: FlowTask[]; users: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  if (!tasks.length) return null;
  return (
    <ul className="qp-wf-people">
      {tasks.map((task) => (
        <li key={task.id} data-testid={`flow-task-${task.id}`}>
          <span>{personName(users, task.assigneeId)}</span>
          {task.entrustState === 'requested' && task.entrusteeId && (
            <span className="qp-wf-muted"> {t('workflow.ui.task.entrustedTo', { name: personName(users, task.entrusteeId) })}</span>
          )}
          <span className="qp-wf-muted"> · {t(`workflow.ui.taskState.${task.state}`)}</span>
          {task.state === 'pending' && task.dueAt && <span className="qp-wf-muted"> · {t('workflow.ui.task.due', { time: formatTime(task.dueAt, i18n.language) })}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The frozen flow of the instance drawn top to bottom (the model is a nested path, so a list of lists shows it
 * exactly): each node with its status in this round, the people at approval nodes, branches side by side.
 */
export function FlowDiagram({ detail }: { detail: FlowDetail }) {
  const { t } = useTranslation();
  const statuses = useMemo(() => nodeStatuses(detail), [detail]);
  const typeName = (type: string) => t(`workflow.ui.nodeType.${type}`);

  const item = (node: FlowNode) => {
    const status = statuses.get(node.id) ?? 'pending';
    const head = (
      <div className={`qp-wf-node qp-wf-node-${status}`}>
        <span className="qp-wf-dot" aria-hidden="true" />
        <span className="qp-wf-node-name">{nodeLabel(node, typeName)}</span>
        <Tag size="small" color={STATUS_COLOR[status]}>{t(`workflow.ui.nodeStatus.${status}`)}</Tag>
      </div>
    );
    if (node.type === 'condition' || node.type === 'parallel') {
      return (
        <li key={node.id} className="qp-wf-step" data-testid={`flow-node-${node.id}`} data-status={status}>
          {head}
          <div className="qp-wf-branches">
            {node.branches.map((branch, index) => (
              <div key={branch.id} className="qp-wf-branch">
                <div className="qp-wf-branch-name">{branch.name.trim() || t('workflow.ui.diagram.branch', { n: index + 1 })}</div>
                <ol className="qp-wf-path">{branch.nodes.map(item)}</ol>
              </div>
            ))}
          </div>
        </li>
      );
    }
    return (
      <li key={node.id} className="qp-wf-step" data-testid={`flow-node-${node.id}`} data-status={status}>
        {head}
        {node.type === 'start' ? (
          <ul className="qp-wf-people">
            <li>{personName(detail.users, detail.instance.initiatorId)}</li>
          </ul>
        ) : (
          <People tasks={detail.tasks.filter((task) => task.nodeId === node.id)} users={detail.users} />
        )}
      </li>
    );
  };

  return (
    <ol className="qp-wf-path qp-wf-diagram" aria-label={t('workflow.ui.diagram.title')} data-testid="flow-diagram">
      {detail.model.nodes.map(item)}
    </ol>
  );
}
