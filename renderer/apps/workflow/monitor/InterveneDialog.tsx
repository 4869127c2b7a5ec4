import { Alert, Button, Modal, Select, Spin } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { approvalSteps, missingOf, needsDetail, nodeNames, reasonView, reassignable, requestOf, type Intervention, type MonitorDetail, type MonitorRow } from './monitor-model.ts';
import { ReasonField } from '../run/ReasonField.tsx';
import '../run/run.css';

interface Props {
  action: Intervention;
  row: MonitorRow;
  /** The row's title as the table shows it. */
  title: string;
  onCancel(): void;
  /** After the server accepted: what to tell the manager. */
  onDone(message: string): void;
}

const DANGER: readonly Intervention[] = ['interrupt', 'invalidate'];

/** The instance's detail, for the dialogs that choose a to-do or a step; `retry` asks again after a failure. */
function useDetail(action: Intervention, id: string) {
  const { api } = useServices();
  const [detail, setDetail] = useState<MonitorDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needsDetail(action)) return;
    let live = true;
    setError(null);
    api.get<MonitorDetail>(`/api/workflow/instances/${encodeURIComponent(id)}`).then(
      ({ data }) => live && setDetail(data),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, action, id, attempt]);
  return { detail, error, retry: () => setAttempt((n) => n + 1) };
}

/**
 * One intervention on one instance: what it does, what it needs (the to-do and its new handler, the approval step
 * to jump to or recover at) and the required reason. Checked here first so a slip costs no round trip; the
 * server checks again, and its refusal is shown as it words it, in the manager's language.
 */
export function InterveneDialog({ action, row, title, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { detail, error: detailError, retry } = useDetail(action, row.id);
  const [reason, setReason] = useState('');
  const [taskId, setTaskId] = useState<string | undefined>();
  const [to, setTo] = useState<PickedItem[]>([]);
  const [target, setTarget] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const nodes = useMemo(() => (detail ? nodeNames(detail.model) : new Map()), [detail]);
  const nodeLabel = (id: string) => nodes.get(id)?.name.trim() || t('workflow.monitor.unnamedNode', { id });
  const tasks = detail ? reassignable(detail) : [];
  const steps = detail ? approvalSteps(detail.model) : [];
  // One open to-do is the one to reassign: no need to make the manager pick it.
  const chosenTask = taskId ?? (tasks.length === 1 ? tasks[0]!.id : undefined);
  const input = { reason, taskId: chosenTask, to: to[0]?.id, target };
  const missing = missingOf(action, input);
  const waitingForDetail = needsDetail(action) && !detail;
  const nothingToReassign = action === 'reassign' && !!detail && tasks.length === 0;

  const confirm = async () => {
    setTried(true);
    if (reasonView(reason).problem || missing || waitingForDetail || nothingToReassign) return;
    setBusy(true);
    setError(null);
    try {
      const { path, body } = requestOf(action, row.id, input);
      await api.post(path, body, { json: true });
      onDone(t(`workflow.monitor.done.${action}`, { title }));
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  const taskText = (task: (typeof tasks)[number]) =>
    t(task.state === 'waiting' ? 'workflow.monitor.dialog.taskWaiting' : 'workflow.monitor.dialog.taskOption', {
      node: nodeLabel(task.nodeId),
      name: detail?.users[task.assigneeId] ?? `#${task.assigneeId}`,
    });
  const stepText = (id: string) => (detail?.instance.currentNodes.includes(id) ? t('workflow.monitor.dialog.current', { node: nodeLabel(id) }) : nodeLabel(id));

  return (
    <Modal
      title={t('workflow.monitor.dialog.title', { action: t(`workflow.monitor.action.${action}`), title })}
      visible
      onCancel={onCancel}
      onOk={() => void confirm()}
      okText={t('workflow.monitor.dialog.confirm')}
      cancelText={t('workflow.monitor.dialog.cancel')}
      confirmLoading={busy}
      okButtonProps={{ status: DANGER.includes(action) ? 'danger' : undefined, className: 'qp-wfm-ok', disabled: nothingToReassign, 'data-testid': 'monitor-dialog-ok' } as object}
      cancelButtonProps={{ 'data-testid': 'monitor-dialog-cancel' } as object}
      unmountOnExit
      data-testid={`monitor-dialog-${action}`}
    >
      <div className="qp-wfm-dialog">
        {error && <Alert type="error" content={error} data-testid="monitor-dialog-error" />}
        <p className="qp-wfm-hint">{t(`workflow.monitor.hint.${action}`)}</p>
        {needsDetail(action) && !detail && !detailError && <Spin aria-label={t('workflow.monitor.loading')} data-testid="monitor-dialog-loading" />}
        {detailError && (
          <Alert
            type="error"
            title={t('workflow.monitor.dialog.loadFailed')}
            content={detailError}
            action={<Button size="small" onClick={retry}>{t('workflow.monitor.retry')}</Button>}
            data-testid="monitor-dialog-detail-error"
          />
        )}
        {nothingToReassign && <Alert type="info" content={t('workflow.monitor.dialog.noTasks')} data-testid="monitor-dialog-no-tasks" />}
        {action === 'reassign' && tasks.length > 0 && (
          <>
            <div className="qp-wfm-field">
              <span className="qp-wfm-label">{t('workflow.monitor.dialog.task')}</span>
              <Select value={chosenTask} onChange={setTaskId} aria-label={t('workflow.monitor.dialog.task')} status={tried && missing === 'task' ? 'error' : undefined} data-testid="monitor-dialog-task">
                {tasks.map((task) => (
                  <Select.Option key={task.id} value={task.id}>{taskText(task)}</Select.Option>
                ))}
              </Select>
            </div>
            <div className="qp-wfm-field">
              <span className="qp-wfm-label">{t('workflow.monitor.dialog.to')}</span>
              <OrgPicker kinds={['member']} value={to} onChange={setTo} placeholder={t('workflow.monitor.dialog.pickTo')} testId="monitor-dialog-to" />
            </div>
          </>
        )}
        {(action === 'jump' || action === 'recover') && detail && (
          <div className="qp-wfm-field">
            <span className="qp-wfm-label">{t(`workflow.monitor.dialog.target.${action}`)}</span>
            <Select
              value={target}
              onChange={setTarget}
              allowClear={action === 'recover'}
              placeholder={action === 'recover' ? t('workflow.monitor.dialog.whereStopped') : t('workflow.monitor.dialog.pickStep')}
              aria-label={t(`workflow.monitor.dialog.target.${action}`)}
              status={tried && missing === 'target' ? 'error' : undefined}
              data-testid="monitor-dialog-target"
            >
              {steps.map((node) => (
                <Select.Option key={node.id} value={node.id}>{stepText(node.id)}</Select.Option>
              ))}
            </Select>
          </div>
        )}
        <ReasonField label={t('workflow.monitor.dialog.reason')} value={reason} onChange={setReason} required showProblem={tried} testId="monitor-reason" />
        {tried && missing && <Alert type="warning" content={t(`workflow.monitor.dialog.missing.${missing}`)} data-testid="monitor-dialog-missing" />}
      </div>
    </Modal>
  );
}
