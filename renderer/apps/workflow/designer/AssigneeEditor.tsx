import { Button, InputNumber, Select, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { ASSIGNEE_KINDS, FLOW_LIMITS, type AssigneeKind, type AssigneeRule } from '../../../../shared/workflow/model.ts';
import { IdsPicker, RolesSelect, useDesignerShared } from './pickers.tsx';

/** A rule of a new kind, with what that kind needs and nothing else (the publish check refuses anything extra). */
export function ruleOfKind(kind: AssigneeKind): AssigneeRule {
  if (kind === 'members' || kind === 'roles' || kind === 'roleGroups' || kind === 'posts') return { kind, ids: [] };
  if (kind === 'deptHead' || kind === 'superior') return { kind, levels: 1 };
  if (kind === 'memberField') return { kind, field: '' };
  return { kind };
}

function RuleParams({ rule, index, onChange, prefix }: { rule: AssigneeRule; index: number; onChange(rule: AssigneeRule): void; prefix: string }) {
  const { t } = useTranslation();
  const { fields } = useDesignerShared();
  const label = t(`workflow.designerUi.assignee.kind.${rule.kind}`);
  const testId = `${prefix}-${index}-value`;
  const setIds = (ids: string[]) => onChange({ ...rule, ids });
  switch (rule.kind) {
    case 'members':
      return <IdsPicker kind="members" ids={rule.ids ?? []} onChange={setIds} testId={testId} label={t('workflow.designerUi.assignee.pickMembers')} />;
    case 'roleGroups':
      return <IdsPicker kind="roleGroups" ids={rule.ids ?? []} onChange={setIds} testId={testId} label={t('workflow.designerUi.assignee.pickRoleGroups')} />;
    case 'posts':
      return <IdsPicker kind="posts" ids={rule.ids ?? []} onChange={setIds} testId={testId} label={t('workflow.designerUi.assignee.pickPosts')} />;
    case 'roles':
      return <RolesSelect ids={rule.ids ?? []} onChange={setIds} testId={testId} label={label} />;
    case 'deptHead':
    case 'superior':
      return (
        <span className="qp-flow-inline">
          <InputNumber min={1} max={FLOW_LIMITS.levels} precision={0} value={rule.levels ?? 1} onChange={(levels) => onChange({ ...rule, levels: Number(levels) || 1 })}
            aria-label={t('workflow.designerUi.assignee.levels')} data-testid={testId} style={{ width: 96 }} />
          <Typography.Text type="secondary">{t('workflow.designerUi.assignee.levelsHint')}</Typography.Text>
        </span>
      );
    case 'memberField': {
      const members = fields.filter((f) => f.type === 'member');
      return (
        <Select value={rule.field || undefined} onChange={(field: string) => onChange({ ...rule, field })} placeholder={t('workflow.designerUi.assignee.pickField')}
          aria-label={label} data-testid={testId} notFoundContent={t('workflow.designerUi.assignee.noMemberFields')}>
          {members.map((f) => <Select.Option key={f.key} value={f.key}>{f.label}</Select.Option>)}
        </Select>
      );
    }
    default:
      return <Typography.Text type="secondary">{t(`workflow.designerUi.assignee.hint.${rule.kind}`)}</Typography.Text>;
  }
}

/** Who handles a node: a list of rules whose people are put together when the node is reached (Part 2 §4.1). */
export function AssigneeEditor({ rules, onChange, prefix = 'flow-assignee' }: { rules: AssigneeRule[]; onChange(rules: AssigneeRule[]): void; prefix?: string }) {
  const { t } = useTranslation();
  const set = (index: number, rule: AssigneeRule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  return (
    <div className="qp-flow-rules" data-testid={prefix}>
      {rules.map((rule, index) => (
        <div key={index} className="qp-flow-rule" data-testid={`${prefix}-${index}`}>
          <div className="qp-flow-inline">
            <Select value={rule.kind} onChange={(kind: AssigneeKind) => set(index, ruleOfKind(kind))} aria-label={t('workflow.designerUi.assignee.kindLabel')}
              data-testid={`${prefix}-${index}-kind`} style={{ flex: 1 }}>
              {ASSIGNEE_KINDS.map((kind) => <Select.Option key={kind} value={kind}>{t(`workflow.designerUi.assignee.kind.${kind}`)}</Select.Option>)}
            </Select>
            <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('workflow.designerUi.assignee.remove')} onClick={() => onChange(rules.filter((_, i) => i !== index))}
              data-testid={`${prefix}-${index}-remove`} />
          </div>
          <RuleParams rule={rule} index={index} onChange={(next) => set(index, next)} prefix={prefix} />
        </div>
      ))}
      {rules.length === 0 && <Typography.Text type="secondary">{t('workflow.designerUi.noAssignee')}</Typography.Text>}
      <div>
        <Button size="small" icon={<IconPlus />} onClick={() => onChange([...rules, ruleOfKind('members')])} data-testid={`${prefix}-add`}>
          {t('workflow.designerUi.assignee.add')}
        </Button>
      </div>
    </div>
  );
}
