import { Alert, Modal, Select } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import type { StartNode } from '../../../../shared/workflow/model.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { approvalNodes, DANGER_ACTIONS, initiatorSelectNodes, nodeIndex, nodeLabel, previousSelectNodes, reasonCheck, reasonRequired, takesReason } from './flow-model.ts';
import { ReasonField } from './ReasonField.tsx';
import type { ActionInput, FlowDetail, MyTask } from './types.ts';

interface Props {
  action: string;
  task: MyTask | null;
  detail: FlowDetail;
  busy: boolean;
  /** The server's refusal of the last try, in the user's language. */
  error: string | null;
  /** Text the reason box starts with (an approver's saved opinion). */
  initialReason?: string;
  onCancel(): void;
  onConfirm(input: ActionInput): void;
}

/** Actions whose effect is worth a sentence before one confirms (what happens to the instance and its people). */
const HINTED = ['return', 'rollback', 'withdraw', 'retrieve', 'interrupt', 'recover', 'invalidate', 'entrust', 'urge'];

const ids = (items: readonly PickedItem[]) => items.map((i) => i.id);

/**
 * The dialog before an action that takes more than a click: the reason or opinion (required where Part 1 §10 says
 * so, 60 characters), and what the action needs — the entrustee, the CC recipients, the rollback target, the
 * recover node, the handlers of the next nodes that are chosen now. Checked here first; the server checks again.
 */
export function ActionDialog({ action, task, detail, busy, error, initialReason = '', onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const nodes = useMemo(() => nodeIndex(detail.model), [detail.model]);
  const typeName = (type: string) => t(`workflow.ui.nodeType.${type}`);
  const [reason, setReason] = useState(initialReason);
  const [people, setPeople] = useState<PickedItem[]>([]);
  const [target, setTarget] = useState<string | undefined>(action === 'rollback' ? task?.rollbackTargets[0] : undefined);
  const [chosen, setChosen] = useState<Record<string, PickedItem[]>>({});
  const [tried, setTried] = useState(false);
  const required = reasonRequired(action, task);

  const chooseNodes = action === 'submit' ? initiatorSelectNodes(detail.model) : action === 'approve' && task ? previousSelectNodes(detail.model, task.nodeId) : [];
  const ccAtSubmit = action === 'submit' && (detail.model.nodes[0] as StartNode | undefined)?.initiatorCc === true;
  const picksPeople = action === 'entrust' || action === 'cc' || ccAtSubmit;
  const missing = (action === 'entrust' || action === 'cc') && people.length === 0 ? t(`workflow.ui.dialog.${action}.missing`) : action === 'rollback' && !target ? t('workflow.ui.dialog.rollback.missing') : null;

  const confirm = () => {
    setTried(true);
    if ((takesReason(action) && reasonCheck(reason, required).problem) || missing) return;
    const input: ActionInput = {};
    if (task) input.taskId = task.taskId;
    if (takesReason(action) && reason.trim()) input.reason = reason.trim();
    if (action === 'entrust') input.to = people[0]!.id;
    if (action === 'cc' || (ccAtSubmit && people.length)) input.userIds = ids(people);
    if (target) input.target = target;
    const selections = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v.length).map(([node, v]) => [node, ids(v)]));
    if (Object.keys(selections).length) input.selections = selections;
    onConfirm(input);
  };

  const reasonLabel = action === 'approve' || action === 'saveTaskDraft' ? t('workflow.ui.dialog.opinion') : ['cc', 'urge', 'entrust'].includes(action) ? t('workflow.ui.dialog.note') : t('workflow.ui.dialog.reason');
  return (
    <Modal
      title={t(`workflow.ui.action.${action}`)}
      visible
      onCancel={onCancel}
      onOk={confirm}
      okText={t('workflow.ui.dialog.confirm')}
      cancelText={t('workflow.ui.dialog.cancel')}
      confirmLoading={busy}
      okButtonProps={{ status: DANGER_ACTIONS.includes(action) ? 'danger' : undefined, className: 'qp-wf-ok', 'data-testid': 'flow-dialog-ok' } as object}
      cancelButtonProps={{ 'data-testid': 'flow-dialog-cancel' } as object}
      unmountOnExit
      data-testid={`flow-dialog-${action}`}
    >
      <div className="qp-wf-dialog">
        {error && <Alert type="error" content={error} data-testid="flow-dialog-error" />}
        {HINTED.includes(action) && <p className="qp-wf-hint">{t(`workflow.ui.dialog.hint.${action}`)}</p>}
        {action === 'rollback' && task && (
          <div>
            <span className="qp-wf-label">{t('workflow.ui.dialog.rollback.target')}</span>
            <Select value={target} onChange={setTarget} aria-label={t('workflow.ui.dialog.rollback.target')} data-testid="flow-dialog-target" status={tried && !target ? 'error' : undefined}>
              {task.rollbackTargets.map((id) => (
                <Select.Option key={id} value={id}>{nodeLabel(nodes.get(id), typeName, id)}</Select.Option>
              ))}
            </Select>
          </div>
        )}
        {action === 'recover' && (
          <div>
            <span className="qp-wf-label">{t('workflow.ui.dialog.recover.target')}</span>
            <Select value={target} onChange={setTarget} allowClear placeholder={t('workflow.ui.dialog.recover.whereStopped')} aria-label={t('workflow.ui.dialog.recover.target')} data-testid="flow-dialog-target">
              {approvalNodes(detail.model).map((node) => (
                <Select.Option key={node.id} value={node.id}>{nodeLabel(node, typeName)}</Select.Option>
              ))}
            </Select>
          </div>
        )}
        {picksPeople && (
          <div>
            <span className="qp-wf-label">{t(action === 'entrust' ? 'workflow.ui.dialog.entrust.to' : 'workflow.ui.dialog.cc.to')}</span>
            <OrgPicker kinds={['member']} multiple={action !== 'entrust'} value={people} onChange={setPeople} placeholder={t(action === 'entrust' ? 'workflow.ui.dialog.entrust.pick' : 'workflow.ui.dialog.cc.pick')} testId="flow-dialog-people" />
          </div>
        )}
        {chooseNodes.map((node) => (
          <div key={node.id}>
            <span className="qp-wf-label">{t('workflow.ui.dialog.choose', { node: nodeLabel(node, typeName) })}</span>
            <OrgPicker kinds={['member']} multiple value={chosen[node.id] ?? []} onChange={(v) => setChosen((old) => ({ ...old, [node.id]: v }))} placeholder={t('workflow.ui.dialog.choosePick')} testId={`flow-dialog-choose-${node.id}`} />
          </div>
        ))}
        {takesReason(action) && <ReasonField label={reasonLabel} value={reason} onChange={setReason} required={required} showProblem={tried} testId="flow-dialog-reason" />}
        {tried && missing && <Alert type="warning" content={missing} data-testid="flow-dialog-missing" />}
      </div>
    </Modal>
  );
}
