import type { TFunction } from 'i18next';
import type { FlowNames } from '../../../../shared/api/workflow-design.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { isGroup, type FilterGroup } from '../../../../shared/forms/filters.ts';
import { isDefaultCondition } from '../../../../shared/workflow/conditions.ts';
import type { AssigneeRule, Branch, FlowNode } from '../../../../shared/workflow/model.ts';

/** What the canvas shows on a card and a branch: short, in the user's language, names instead of ids. */
export interface SummaryContext {
  t: TFunction;
  names: FlowNames;
  fields: readonly FieldDef[];
}

const NAME_KIND: Record<string, keyof FlowNames | undefined> = { members: 'members', roles: 'roles', roleGroups: 'roleGroups', posts: 'posts' };
const MAX_NAMES = 3;

/** A list of names, the first few and then "…+n". */
function listed(ids: readonly string[], names: Record<string, string>): string {
  const shown = ids.slice(0, MAX_NAMES).map((id) => names[id] ?? `#${id}`).join('、');
  return ids.length > MAX_NAMES ? `${shown} +${ids.length - MAX_NAMES}` : shown;
}

export function ruleSummary(rule: AssigneeRule, { t, names, fields }: SummaryContext): string {
  const kind = t(`workflow.designerUi.assignee.kind.${rule.kind}`);
  const nameKind = NAME_KIND[rule.kind];
  if (nameKind) return rule.ids?.length ? t('workflow.designerUi.labelled', { label: kind, value: listed(rule.ids, names[nameKind]) }) : kind;
  if (rule.kind === 'deptHead' || rule.kind === 'superior') return t('workflow.designerUi.assignee.levelsShort', { kind, n: rule.levels ?? 1 });
  if (rule.kind === 'memberField') return t('workflow.designerUi.labelled', { label: kind, value: fields.find((f) => f.key === rule.field)?.label ?? rule.field ?? '' });
  return kind;
}

/** The card's second line: who handles it, what its branches are, or nothing. */
export function nodeSummary(node: FlowNode, context: SummaryContext): string {
  const { t } = context;
  if (node.type === 'approval' || node.type === 'cc') {
    if (node.assignees.length === 0) return t('workflow.designerUi.noAssignee');
    const who = node.assignees.map((r) => ruleSummary(r, context)).join('；');
    return node.type === 'approval' ? `${who} · ${t(`workflow.designerUi.mode.${node.mode}`)}` : who;
  }
  if (node.type === 'condition' || node.type === 'parallel') return t('workflow.designerUi.branchCount', { n: node.branches.length });
  if (node.type === 'start') return t('workflow.designerUi.startSummary');
  return t('workflow.designerUi.endSummary');
}

function filterSummary(group: FilterGroup, context: SummaryContext): string {
  const { t, fields } = context;
  const parts = group.items.map((item) => {
    if (isGroup(item)) return `(${filterSummary(item, context)})`;
    const label = fields.find((f) => f.key === item.field)?.label ?? item.field;
    const value = Array.isArray(item.value) ? item.value.join(', ') : item.value === undefined ? '' : String(item.value);
    return `${label} ${t(`forms.detail.op.${item.op}`)} ${value}`.trim();
  });
  return parts.join(group.logic === 'or' ? ` ${t('forms.detail.rules.logic.or')} ` : ` ${t('forms.detail.rules.logic.and')} `);
}

/** A branch's condition in words; the default branch says so; a condition branch not yet given one asks for it. */
export function branchSummary(gateway: FlowNode, branch: Branch, context: SummaryContext): string {
  const { t, names } = context;
  if (gateway.type === 'parallel') return t('workflow.designerUi.parallelBranch');
  const last = gateway.type === 'condition' && gateway.branches[gateway.branches.length - 1]?.id === branch.id;
  if (isDefaultCondition(branch.when)) return last ? t('workflow.designerUi.defaultBranch') : t('workflow.designerUi.noCondition');
  const when = branch.when!;
  const parts: string[] = [];
  if (when.filter?.items?.length) parts.push(filterSummary(when.filter, context));
  if (when.initiatorDepartments?.length) parts.push(t('workflow.designerUi.labelled', { label: t('workflow.designerUi.branch.departments'), value: listed(when.initiatorDepartments, names.departments) }));
  if (when.initiatorRoles?.length) parts.push(t('workflow.designerUi.labelled', { label: t('workflow.designerUi.branch.roles'), value: listed(when.initiatorRoles, names.roles) }));
  return parts.join('；');
}
