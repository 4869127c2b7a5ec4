import { Checkbox, Form, InputNumber, Radio, Select, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_MODES, EMPTY_POLICIES, FLOW_LIMITS, NODE_ACTIONS, SELF_POLICIES, TIMEOUT_ACTIONS,
  type ApprovalMode, type ApprovalNode, type EmptyPolicy, type NodeAction, type SelfPolicy, type TimeLimit, type TimeoutAction,
} from '../../../../shared/workflow/model.ts';
import { IdsPicker } from './pickers.tsx';

interface Props {
  node: ApprovalNode;
  onChange(node: ApprovalNode): void;
}

const minutes = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? undefined : Math.round(value));

/** The time limit of Part 2 §4.6: minutes of work time, reminders before it and after it, and what happens then. */
function TimeLimitEditor({ limit, onChange }: { limit: TimeLimit | null | undefined; onChange(limit: TimeLimit | null): void }) {
  const { t } = useTranslation();
  const number = (key: 'minutes' | 'remindBefore' | 'remindEvery' | 'maxReminds', min: number, max: number) => (
    <Form.Item label={t(`workflow.designerUi.timeLimit.${key}`)}>
      <InputNumber min={min} max={max} precision={0} value={limit?.[key]} aria-label={t(`workflow.designerUi.timeLimit.${key}`)} data-testid={`flow-time-${key}`}
        onChange={(value) => limit && onChange({ ...limit, [key]: minutes(value) })} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('workflow.designerUi.timeLimit.title')}>
        <Switch checked={!!limit} onChange={(on) => onChange(on ? { minutes: 24 * 60, action: 'remind', remindEvery: 60, maxReminds: 3 } : null)}
          aria-label={t('workflow.designerUi.timeLimit.title')} data-testid="flow-time-on" />
      </Form.Item>
      {limit && (
        <>
          {number('minutes', 1, FLOW_LIMITS.timeLimitMinutes)}
          {number('remindBefore', 0, FLOW_LIMITS.timeLimitMinutes)}
          {number('remindEvery', 1, FLOW_LIMITS.timeLimitMinutes)}
          {number('maxReminds', 0, 100)}
          <Form.Item label={t('workflow.designerUi.timeLimit.action')}>
            <Select value={limit.action} onChange={(action: TimeoutAction) => onChange({ ...limit, action })} aria-label={t('workflow.designerUi.timeLimit.action')} data-testid="flow-time-action">
              {TIMEOUT_ACTIONS.map((a) => <Select.Option key={a} value={a}>{t(`workflow.designerUi.timeLimit.actions.${a}`)}</Select.Option>)}
            </Select>
          </Form.Item>
        </>
      )}
    </>
  );
}

/** An approval node's settings besides its name and assignees. */
export function ApprovalPanel({ node, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ApprovalNode>) => onChange({ ...node, ...patch });
  return (
    <>
      <Form.Item label={t('workflow.designerUi.mode.label')}>
        <Radio.Group value={node.mode} onChange={(mode: ApprovalMode) => set({ mode })} direction="vertical" aria-label={t('workflow.designerUi.mode.label')} data-testid="flow-mode">
          {APPROVAL_MODES.map((mode) => (
            <Radio key={mode} value={mode} data-testid={`flow-mode-${mode}`}>{t(`workflow.designerUi.mode.${mode}`)} <span className="qp-flow-hint">{t(`workflow.designerUi.mode.hint.${mode}`)}</span></Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('workflow.designerUi.actions.label')}>
        <Checkbox.Group value={node.actions} onChange={(actions: NodeAction[]) => set({ actions: NODE_ACTIONS.filter((a) => actions.includes(a)) })} aria-label={t('workflow.designerUi.actions.label')}>
          {NODE_ACTIONS.map((action) => <Checkbox key={action} value={action} data-testid={`flow-action-${action}`}>{t(`workflow.designerUi.actions.${action}`)}</Checkbox>)}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item label={t('workflow.designerUi.empty.label')}>
        <Select value={node.emptyPolicy} aria-label={t('workflow.designerUi.empty.label')} data-testid="flow-empty-policy"
          onChange={(emptyPolicy: EmptyPolicy) => {
            const { emptyUsers: _dropped, ...rest } = node;
            onChange(emptyPolicy === 'assignUsers' ? { ...rest, emptyPolicy, emptyUsers: node.emptyUsers ?? [] } : { ...rest, emptyPolicy });
          }}>
          {EMPTY_POLICIES.map((p) => <Select.Option key={p} value={p}>{t(`workflow.designerUi.empty.${p}`)}</Select.Option>)}
        </Select>
      </Form.Item>
      {node.emptyPolicy === 'assignUsers' && (
        <Form.Item label={t('workflow.designerUi.empty.users')}>
          <IdsPicker kind="members" ids={node.emptyUsers ?? []} onChange={(emptyUsers) => set({ emptyUsers })} testId="flow-empty-users" label={t('workflow.designerUi.assignee.pickMembers')} />
        </Form.Item>
      )}
      <Form.Item label={t('workflow.designerUi.self.label')}>
        <Radio.Group value={node.selfPolicy} onChange={(selfPolicy: SelfPolicy) => set({ selfPolicy })} aria-label={t('workflow.designerUi.self.label')}>
          {SELF_POLICIES.map((p) => <Radio key={p} value={p}>{t(`workflow.designerUi.self.${p}`)}</Radio>)}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('workflow.designerUi.reasonRequired')}>
        <Switch checked={!!node.reasonRequired} onChange={(reasonRequired) => set({ reasonRequired })} aria-label={t('workflow.designerUi.reasonRequired')} data-testid="flow-reason-required" />
      </Form.Item>
      <TimeLimitEditor limit={node.timeLimit} onChange={(timeLimit) => set({ timeLimit })} />
      <Form.Item label={t('workflow.designerUi.rollback.targets')}>
        <Radio.Group value={node.rollbackTargets} onChange={(rollbackTargets: ApprovalNode['rollbackTargets']) => set({ rollbackTargets })} aria-label={t('workflow.designerUi.rollback.targets')}>
          <Radio value="previous">{t('workflow.designerUi.rollback.previous')}</Radio>
          <Radio value="anyPassed">{t('workflow.designerUi.rollback.anyPassed')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('workflow.designerUi.rollback.after')}>
        <Radio.Group value={node.afterRollback} onChange={(afterRollback: ApprovalNode['afterRollback']) => set({ afterRollback })} aria-label={t('workflow.designerUi.rollback.after')}>
          <Radio value="rerun">{t('workflow.designerUi.rollback.rerun')}</Radio>
          <Radio value="jumpBack">{t('workflow.designerUi.rollback.jumpBack')}</Radio>
        </Radio.Group>
      </Form.Item>
    </>
  );
}
