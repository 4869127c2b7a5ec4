import { Alert, Button, Form, Input, Space } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete } from '@arco-design/web-react/icon';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VALUE_KIND } from '../../../../shared/forms/fields.ts';
import type { FilterProblem } from '../../../../shared/forms/filters.ts';
import { FLOW_LIMITS, type Branch, type BranchCondition, type FlowNode } from '../../../../shared/workflow/model.ts';
import { ConditionBuilder } from '../../forms/detail/ConditionBuilder.tsx';
import { draftProblems, toDraft, toGroup, type FieldChoice } from '../../forms/detail/condition-model.ts';
import { DirectoryProvider } from '../../forms/record-form/directory.tsx';
import { canRemoveBranch } from './model-edit.ts';
import { IdsPicker, RolesSelect, useDesignerShared } from './pickers.tsx';

interface Props {
  gateway: FlowNode & { branches: Branch[] };
  branch: Branch;
  onChange(branch: Branch): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
}

/** The parts of a condition that are given; an empty condition is stored as {} (it is then the default's). */
function cleaned(when: BranchCondition): BranchCondition {
  return {
    ...(when.filter?.items?.length ? { filter: when.filter } : { filter: { logic: when.filter?.logic ?? 'and', items: [] } }),
    ...(when.initiatorDepartments?.length ? { initiatorDepartments: when.initiatorDepartments } : {}),
    ...(when.initiatorRoles?.length ? { initiatorRoles: when.initiatorRoles } : {}),
  };
}

/**
 * A branch of a condition or parallel node: its name and, on a condition node, when it is taken — conditions on the
 * form's fields (the forms condition builder), the initiator's departments and enterprise roles. The last branch of
 * a condition node is the default one ("otherwise") and has no condition (decision 0054).
 */
export function BranchPanel({ gateway, branch, onChange, onRemove, onMove }: Props) {
  const { t } = useTranslation();
  const { fields } = useDesignerShared();
  const index = gateway.branches.findIndex((b) => b.id === branch.id);
  const isDefault = gateway.type === 'condition' && index === gateway.branches.length - 1;
  const takesCondition = gateway.type === 'condition' && !isDefault;
  const when = branch.when ?? {};
  const draft = useMemo(() => toDraft(when.filter ?? null), [when.filter]);
  const choices = useMemo<FieldChoice[]>(() => fields.filter((f) => VALUE_KIND[f.type] !== 'json').map((f) => ({ key: f.key, label: f.label, kind: VALUE_KIND[f.type], field: f })), [fields]);
  const problems = useMemo(() => {
    const found = draftProblems(fields, draft);
    found.delete(null); // a branch may be taken on the initiator alone: no field condition is needed
    return found;
  }, [draft, fields]);
  const setWhen = (next: BranchCondition) => onChange({ ...branch, when: cleaned(next) });
  const needsDirectory = fields.some((f) => f.type === 'member' || f.type === 'department');

  return (
    <Form layout="vertical" className="qp-flow-form" data-testid="flow-branch-panel">
      <Form.Item label={t('workflow.designerUi.branch.name')}>
        <Input value={branch.name} maxLength={FLOW_LIMITS.name} onChange={(name) => onChange({ ...branch, name })} aria-label={t('workflow.designerUi.branch.name')} data-testid="flow-branch-name" />
      </Form.Item>
      {isDefault && <Alert type="info" content={t('workflow.designerUi.branch.defaultHint')} />}
      {gateway.type === 'parallel' && <Alert type="info" content={t('workflow.designerUi.branch.parallelHint')} />}
      {takesCondition && (
        <>
          <Form.Item label={t('workflow.designerUi.branch.fields')}>
            <DirectoryProvider needed={needsDirectory}>
              <ConditionBuilder
                draft={draft}
                choices={choices}
                problems={problems}
                problemText={(p: FilterProblem) => t(p.key, { ...p.params })}
                onChange={(next) => setWhen({ ...when, filter: toGroup(next, fields) })}
              />
            </DirectoryProvider>
          </Form.Item>
          <Form.Item label={t('workflow.designerUi.branch.departments')}>
            <IdsPicker kind="departments" ids={when.initiatorDepartments ?? []} onChange={(ids) => setWhen({ ...when, initiatorDepartments: ids })}
              testId="flow-branch-departments" label={t('workflow.designerUi.branch.pickDepartments')} />
          </Form.Item>
          <Form.Item label={t('workflow.designerUi.branch.roles')}>
            <RolesSelect ids={when.initiatorRoles ?? []} onChange={(ids) => setWhen({ ...when, initiatorRoles: ids })} testId="flow-branch-roles" label={t('workflow.designerUi.branch.roles')} />
          </Form.Item>
        </>
      )}
      <Space wrap>
        {takesCondition && (
          <>
            <Button size="small" icon={<IconArrowUp />} disabled={index === 0} onClick={() => onMove(-1)}>{t('workflow.designerUi.branch.up')}</Button>
            <Button size="small" icon={<IconArrowDown />} disabled={index >= gateway.branches.length - 2} onClick={() => onMove(1)}>{t('workflow.designerUi.branch.down')}</Button>
          </>
        )}
        <Button size="small" status="danger" icon={<IconDelete />} disabled={!canRemoveBranch(gateway, branch.id)} onClick={onRemove} data-testid="flow-branch-remove">
          {t('workflow.designerUi.branch.remove')}
        </Button>
      </Space>
    </Form>
  );
}
