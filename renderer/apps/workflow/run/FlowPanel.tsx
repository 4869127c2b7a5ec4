import { Alert, Card, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import type { StartNode } from '../../../../shared/workflow/model.ts';
import { formatTime } from '../../../kernel/time.ts';
import { RecordForm } from '../../forms/record-form/RecordForm.tsx';
import type { RecordLabels } from '../../forms/record-form/types.ts';
import { useRecordValidation } from '../../forms/record-form/validation.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { FlowActionBar } from './FlowActionBar.tsx';
import { FlowDiagram } from './FlowDiagram.tsx';
import { CcList, FlowTimeline } from './FlowTimeline.tsx';
import { STATE_COLOR } from './state-colors.ts';
import { changedAmong, editableKeys, initiatorSelectNodes, personName } from './flow-model.ts';
import type { ActionInput, FlowDetail } from './types.ts';
import { useFlowActions } from './use-flow-actions.ts';
import './run.css';

export interface FlowPanelProps {
  detail: FlowDetail;
  /** The form's fields (GET /api/forms/forms/:formId). */
  fields: readonly FieldDef[];
  /** The record as forms shows it to this member; null when only his part in the flow lets him see it. */
  recordValues: Record<string, unknown> | null;
  labels?: RecordLabels;
  /** Reads the detail (and the record) again after an action. */
  reload(): Promise<unknown>;
}

/** Actions that carry the values changed in the record form. */
const WITH_VALUES = ['approve', 'saveTaskDraft', 'submit', 'saveDraft'];
/** Actions sent at once: nothing to choose or explain first. */
const DIRECT = ['saveDraft', 'acceptEntrust', 'cancelEntrust'];

/**
 * The form detail's workflow part (spec §2.8 "Form detail with workflow actions"): the record with the fields the
 * caller's node opens editable, the actions he may take, the flow with where the instance stands, every action of
 * every round and the CCs. Lazily loaded by the forms record page, so forms pages without a flow do not carry it.
 */
export function FlowPanel({ detail, fields, recordValues, labels, reload }: FlowPanelProps) {
  const { t, i18n } = useTranslation();
  const [taskId, setTaskId] = useState<string | null>(null);
  const task = detail.myTasks.find((x) => x.taskId === taskId) ?? detail.myTasks.find((x) => x.as !== 'answer') ?? detail.myTasks[0] ?? null;
  // Without forms' own view of the record, the fields the node hides are not shown at all (their values are absent).
  const shown = useMemo(() => (recordValues ? fields : fields.filter((f) => detail.fields[f.key] !== 'hidden')), [detail.fields, fields, recordValues]);
  const base = useMemo(() => ({ ...(recordValues ?? {}), ...detail.values }), [detail.values, recordValues]);
  const editKeys = useMemo(() => editableKeys(detail, task).filter((key) => shown.some((f) => f.key === key)), [detail, shown, task]);
  const validate = useRecordValidation(useMemo(() => shown.filter((f) => editKeys.includes(f.key)), [editKeys, shown]));
  const [values, setValues] = useState(base);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [dialog, setDialog] = useState<{ action: string; taskId?: string } | null>(null);
  const actions = useFlowActions(detail.instance.id, reload);
  // A new detail (after an action, or another to-do chosen) starts from what the server holds now.
  useEffect(() => {
    setValues({ ...base, ...(task?.draft?.values ?? {}) });
    setErrors([]);
  }, [base, task]);

  const changed = () => changedAmong(editKeys, base, values);
  const problems = (action: string) => {
    if (action === 'submit') return validate(Object.fromEntries(editKeys.map((k) => [k, values[k]])));
    return action === 'approve' || action === 'saveTaskDraft' ? validate(changed(), { partial: true }) : [];
  };
  const send = async (action: string, input: ActionInput) => {
    const ok = await actions.run(action, WITH_VALUES.includes(action) ? { ...input, values: changed() } : input);
    if (ok) setDialog(null);
  };
  const start = detail.model.nodes[0] as StartNode | undefined;
  const onAction = (action: string, id?: string) => {
    actions.clearError();
    const found = problems(action);
    setErrors(found);
    if (found.length) return;
    const plainSubmit = action === 'submit' && !initiatorSelectNodes(detail.model).length && start?.initiatorCc !== true;
    if (DIRECT.includes(action) || plainSubmit) void send(action, id ? { taskId: id } : {});
    else setDialog({ action, ...(id ? { taskId: id } : {}) });
  };
  const dialogTask = dialog && task && dialog.taskId === task.taskId && task.actions.includes(dialog.action) ? task : null;
  const allErrors = errors.length ? errors : actions.fieldErrors;
  const { instance } = detail;

  return (
    <div className="qp-wf-panel" data-testid="flow-panel">
      <Card
        title={<h2 className="qp-wf-h2">{t('workflow.ui.panel.title')}</h2>}
        extra={<Tag color={STATE_COLOR[instance.state]} data-testid="flow-state">{t(`workflow.ui.state.${instance.state}`)}</Tag>}
      >
        <p className="qp-wf-muted qp-wf-summary">
          {t('workflow.ui.panel.initiator', { name: personName(detail.users, instance.initiatorId) })}
          {instance.submittedAt && ` · ${t('workflow.ui.panel.submitted', { time: formatTime(instance.submittedAt, i18n.language) })}`}
          {instance.finishedAt && ` · ${t('workflow.ui.panel.finished', { time: formatTime(instance.finishedAt, i18n.language) })}`}
        </p>
        <FlowActionBar detail={detail} task={task} onTask={setTaskId} busy={actions.busy} onAction={onAction} />
        {actions.error && !dialog && <Alert type="error" className="qp-wf-gap" content={actions.error} closable onClose={actions.clearError} data-testid="flow-error" />}
        {errors.length > 0 && <Alert type="warning" className="qp-wf-gap" content={t('workflow.ui.fixFields', { n: errors.length })} data-testid="flow-fix-fields" />}
      </Card>
      <div className="qp-wf-columns">
        <Card title={t('workflow.ui.panel.values')} className="qp-wf-values" data-testid={editKeys.length ? 'flow-values-editable' : 'flow-values'}>
          {shown.length === 0 ? (
            <Typography.Text type="secondary">{t('workflow.ui.panel.noFields')}</Typography.Text>
          ) : (
            <RecordForm fields={shown} values={values} onChange={setValues} errors={allErrors} readOnly={editKeys.length === 0} readOnlyKeys={shown.map((f) => f.key).filter((k) => !editKeys.includes(k))} labels={labels} />
          )}
        </Card>
        <div className="qp-wf-side">
          <Card title={t('workflow.ui.diagram.title')}>
            <FlowDiagram detail={detail} />
          </Card>
          <Card title={t('workflow.ui.timeline.title')}>
            <FlowTimeline detail={detail} />
          </Card>
          <Card title={t('workflow.ui.cc.title')}>
            <CcList detail={detail} />
          </Card>
        </div>
      </div>
      {dialog && (
        <ActionDialog
          action={dialog.action}
          task={dialogTask}
          detail={detail}
          busy={actions.busy === dialog.action}
          error={actions.error}
          initialReason={dialogTask && (dialog.action === 'approve' || dialog.action === 'saveTaskDraft') ? (dialogTask.draft?.reason ?? '') : ''}
          onCancel={() => (setDialog(null), actions.clearError())}
          onConfirm={(input) => void send(dialog.action, { ...input, ...(dialog.taskId ? { taskId: dialog.taskId } : {}) })}
        />
      )}
    </div>
  );
}

export default FlowPanel;
