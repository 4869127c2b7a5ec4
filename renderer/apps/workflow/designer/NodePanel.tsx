import { Alert, Button, Form, Input, List, Switch, Tabs, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_LIMITS, type Branch, type FlowNode } from '../../../../shared/workflow/model.ts';
import { ApprovalPanel } from './ApprovalPanel.tsx';
import { AssigneeEditor } from './AssigneeEditor.tsx';
import { FieldModesEditor } from './FieldModesEditor.tsx';

interface Props {
  node: FlowNode;
  problems: string[];
  onChange(node: FlowNode): void;
  onAddBranch(): void;
  onSelectBranch(branch: Branch): void;
  branchLabel(branch: Branch, index: number): string;
}

/** The settings of the selected node: its name, then what its type has (assignees, mode, fields, branches…). */
export function NodePanel({ node, problems, onChange, onAddBranch, onSelectBranch, branchLabel }: Props) {
  const { t } = useTranslation();
  const name = (
    <Form.Item label={t('workflow.designerUi.name')}>
      <Input value={node.name} maxLength={FLOW_LIMITS.name} placeholder={t(`workflow.designerUi.type.${node.type}`)} onChange={(value) => onChange({ ...node, name: value })}
        aria-label={t('workflow.designerUi.name')} data-testid="flow-prop-name" />
    </Form.Item>
  );
  const alert = problems.length > 0 && <Alert type="error" className="qp-flow-gap" content={problems.map((p, i) => <div key={i}>{p}</div>)} data-testid="flow-node-problems" />;

  let body: ReactNode = null;
  if (node.type === 'approval' || node.type === 'cc') {
    const isCc = node.type === 'cc';
    body = (
      <Tabs defaultActiveTab="who" size="small">
        <Tabs.TabPane key="who" title={<span data-testid="flow-tab-who">{t(isCc ? 'workflow.designerUi.tab.recipients' : 'workflow.designerUi.tab.assignees')}</span>}>
          <AssigneeEditor rules={node.assignees} onChange={(assignees) => onChange({ ...node, assignees })} />
        </Tabs.TabPane>
        {node.type === 'approval' && (
          <Tabs.TabPane key="how" title={<span data-testid="flow-tab-how">{t('workflow.designerUi.tab.settings')}</span>}>
            <ApprovalPanel node={node} onChange={onChange} />
          </Tabs.TabPane>
        )}
        <Tabs.TabPane key="fields" title={<span data-testid="flow-tab-fields">{t('workflow.designerUi.tab.fields')}</span>}>
          <FieldModesEditor modes={node.fields} readOnlyNode={isCc} onChange={(fields) => onChange({ ...node, fields })} />
        </Tabs.TabPane>
      </Tabs>
    );
  } else if (node.type === 'start') {
    body = (
      <>
        <Form.Item label={t('workflow.designerUi.start.initiatorCc')}>
          <Switch checked={!!node.initiatorCc} onChange={(initiatorCc) => onChange({ ...node, initiatorCc })} aria-label={t('workflow.designerUi.start.initiatorCc')} />
        </Form.Item>
        <Typography.Title heading={6}>{t('workflow.designerUi.tab.fields')}</Typography.Title>
        <FieldModesEditor modes={node.fields} onChange={(fields) => onChange({ ...node, fields })} />
      </>
    );
  } else if (node.type === 'condition' || node.type === 'parallel') {
    body = (
      <>
        <Typography.Paragraph type="secondary">{t(`workflow.designerUi.${node.type}Hint`)}</Typography.Paragraph>
        <List
          size="small"
          dataSource={node.branches}
          render={(branch: Branch, index: number) => (
            <List.Item key={branch.id}>
              <Button type="text" size="small" onClick={() => onSelectBranch(branch)} data-testid={`flow-branch-item-${branch.id}`}>{branchLabel(branch, index)}</Button>
            </List.Item>
          )}
        />
        <Button size="small" icon={<IconPlus />} className="qp-flow-gap" disabled={node.branches.length >= FLOW_LIMITS.branches} onClick={onAddBranch} data-testid="flow-add-branch">
          {t('workflow.designerUi.addBranch')}
        </Button>
      </>
    );
  } else {
    body = <Typography.Paragraph type="secondary">{t('workflow.designerUi.endHint')}</Typography.Paragraph>;
  }

  return (
    <Form layout="vertical" className="qp-flow-form" data-testid={`flow-panel-${node.type}`}>
      {alert}
      {name}
      {body}
    </Form>
  );
}
