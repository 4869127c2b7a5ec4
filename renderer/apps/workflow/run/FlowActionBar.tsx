import { Button, Select, Space, Tag } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DANGER_ACTIONS, instanceActions, nodeIndex, nodeLabel, personName, taskActions } from './flow-model.ts';
import type { FlowDetail, MyTask } from './types.ts';

interface Props {
  detail: FlowDetail;
  task: MyTask | null;
  onTask(taskId: string): void;
  busy: string | null;
  /** One click: `taskId` for task actions and for the instance actions about one task. */
  onAction(action: string, taskId?: string): void;
}

const PRIMARY = ['approve', 'submit', 'acceptEntrust'];

/**
 * The actions the caller may take now, as the server listed them (`myTasks`, `can`): those of the chosen to-do
 * (several when he also works to-dos of principals), then those on the instance. Nothing else is offered.
 */
export function FlowActionBar({ detail, task, onTask, busy, onAction }: Props) {
  const { t } = useTranslation();
  const nodes = useMemo(() => nodeIndex(detail.model), [detail.model]);
  const typeName = (type: string) => t(`workflow.ui.nodeType.${type}`);
  const nodeOfTask = (taskId: string) => nodes.get(detail.tasks.find((x) => x.id === taskId)?.nodeId ?? '');
  const principal = (mine: MyTask) => {
    const row = detail.tasks.find((x) => x.id === mine.taskId);
    return personName(detail.users, mine.as === 'answer' ? row?.assigneeId : row?.ownerId);
  };
  const taskText = (mine: MyTask) => {
    const node = nodeLabel(nodes.get(mine.nodeId), typeName, mine.nodeId);
    return mine.as === 'user' ? node : `${node} · ${t(`workflow.ui.as.${mine.as}`, { name: principal(mine) })}`;
  };
  const shared = instanceActions(detail.can, detail.myTasks);
  const button = (action: string, taskId: string | undefined, own: boolean, suffix?: string) => (
    <Button
      key={`${action}-${taskId ?? ''}`}
      type={PRIMARY.includes(action) ? 'primary' : 'secondary'}
      status={DANGER_ACTIONS.includes(action) || action === 'invalidate' ? 'danger' : undefined}
      loading={busy === action}
      disabled={busy !== null && busy !== action}
      onClick={() => onAction(action, taskId)}
      aria-label={suffix ? `${t(`workflow.ui.action.${action}`)} (${suffix})` : undefined}
      data-testid={taskId && !own ? `flow-action-${action}-${taskId}` : `flow-action-${action}`}
    >
      {t(`workflow.ui.action.${action}`)}
    </Button>
  );

  if (!task && !shared.length) return <p className="qp-wf-muted" data-testid="flow-no-actions">{t('workflow.ui.noActions')}</p>;
  const several = (list: string[]) => list.length > 1;
  return (
    <div className="qp-wf-actions" data-testid="flow-actions">
      {detail.myTasks.length > 1 && task && (
        <div className="qp-wf-task-pick">
          <span className="qp-wf-label">{t('workflow.ui.pickTask')}</span>
          <Select value={task.taskId} onChange={onTask} aria-label={t('workflow.ui.pickTask')} data-testid="flow-task-pick">
            {detail.myTasks.map((mine) => (
              <Select.Option key={mine.taskId} value={mine.taskId}>{taskText(mine)}</Select.Option>
            ))}
          </Select>
        </div>
      )}
      {task && task.as !== 'user' && (
        <Tag color={task.as === 'answer' ? 'orange' : 'purple'} data-testid="flow-task-as">
          {task.as === 'answer' ? t('workflow.ui.entrustAwaits', { name: principal(task) }) : t(`workflow.ui.as.${task.as}`, { name: principal(task) })}
        </Tag>
      )}
      <Space wrap>
        {task && taskActions(task).map((action) => button(action, task.taskId, true))}
        {shared.map(({ action, taskId }) =>
          button(action, taskId, false, taskId && several(shared.filter((s) => s.action === action).map((s) => s.taskId ?? '')) ? nodeLabel(nodeOfTask(taskId), typeName, taskId) : undefined),
        )}
      </Space>
    </div>
  );
}
