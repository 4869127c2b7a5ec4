import { Alert, Checkbox, Form, Input, Message, Modal, Radio, Select } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FilterProblem } from '../../../../shared/forms/filters.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { useDirectory } from '../record-form/directory.tsx';
import { ConditionBuilder } from './ConditionBuilder.tsx';
import { draftProblems, emptyDraft, fieldChoices, toDraft, toGroup, type ConditionDraft } from './condition-model.ts';
import { failureText } from './model.ts';
import type { Group, Member, Rule, RuleInput, RuleLevel, RuleScope, SubjectKind } from './types.ts';

export const RULE_ROLES = ['saas', 'admin', 'user', 'safe', 'audit'] as const;
export const RULE_LEVELS: readonly RuleLevel[] = ['view', 'modify', 'delete', 'monitor'];
export const RULE_SCOPES: readonly RuleScope[] = ['all', 'own', 'department', 'condition'];
/** RuleBody of shared/api/forms.ts. */
const NAME_MAX = 60;

interface RuleDialogProps {
  formId: string;
  /** The rule being edited; null for a new one. */
  rule: Rule | null;
  visible: boolean;
  fields: readonly FieldDef[];
  groups: Group[];
  onClose(): void;
  onSaved(): void;
}

interface Draft {
  name: string;
  subjectKind: SubjectKind;
  subject: string;
  levels: RuleLevel[];
  scope: RuleScope;
  condition: ConditionDraft;
  hiddenFields: string[];
}

const draftOf = (rule: Rule | null): Draft =>
  rule
    ? { ...rule, condition: toDraft(rule.condition), hiddenFields: rule.hiddenFields ?? [] }
    : { name: '', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'own', condition: emptyDraft(), hiddenFields: [] };

/** A record permission rule (§6): who, which levels, over which records, with which fields hidden from them. */
export function RuleDialog({ formId, rule, visible, fields, groups, onClose, onSaved }: RuleDialogProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Names of subjects picked in this dialog; a saved rule's subject is named from the directory or the group list.
  const [pickedNames, setPickedNames] = useState<Record<string, string>>({});
  const directory = useDirectory();
  useEffect(() => {
    if (!visible) return;
    setDraft(draftOf(rule));
    setChecked(false);
    setServerError(null);
  }, [visible, rule]);

  const choices = useMemo(() => fieldChoices(fields, (key) => t(`forms.detail.systemField.${key}`)), [fields, t]);
  const label = (key: string) => choices.find((c) => c.key === key)?.label ?? key;
  const problemText = (p: FilterProblem) => t(p.key, { ...p.params, ...(p.params?.field ? { field: label(String(p.params.field)) } : {}) });
  const set = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));
  const pickerKind = draft.subjectKind === 'user' ? 'member' : 'userGroup';
  const subjectName = (id: string) =>
    pickedNames[id] ?? (draft.subjectKind === 'user' ? ((directory?.users ?? []) as Member[]).find((m) => m.id === id)?.name : groups.find((g) => g.id === id)?.name) ?? `#${id}`;
  const subjectValue: PickedItem[] = draft.subject && draft.subjectKind !== 'role' ? [{ kind: pickerKind, id: draft.subject, name: subjectName(draft.subject) }] : [];
  const pick = (items: PickedItem[]) => {
    const item = items[0];
    if (item) setPickedNames((old) => ({ ...old, [item.id]: item.name }));
    set({ subject: item?.id ?? '' });
  };

  // Problems show once the user tried to save, then follow every change.
  const problems = {
    name: !draft.name.trim() ? t('validation.required', { field: t('forms.detail.rules.name') }) : null,
    subject: !draft.subject ? t('validation.required', { field: t('forms.detail.rules.subject') }) : null,
    levels: draft.levels.length === 0 ? t('forms.detail.rules.levelsRequired') : null,
    condition: draft.scope === 'condition' ? draftProblems(fields, draft.condition) : new Map<number | null, FilterProblem>(),
  };
  const invalid = !!(problems.name || problems.subject || problems.levels || problems.condition.size);
  const shown = <T,>(value: T) => (checked ? value : null);

  async function save() {
    setChecked(true);
    if (invalid) return;
    const body: RuleInput = {
      name: draft.name.trim(),
      subjectKind: draft.subjectKind,
      subject: draft.subject,
      levels: draft.levels,
      scope: draft.scope,
      hiddenFields: draft.hiddenFields,
      ...(draft.scope === 'condition' ? { condition: toGroup(draft.condition, fields) } : {}),
    };
    setBusy(true);
    try {
      const path = `/api/forms/forms/${formId}/rules`;
      if (rule) await api.put(`${path}/${rule.id}`, body, { json: true });
      else await api.post(path, body, { json: true });
      Message.success(t('forms.detail.rules.saved'));
      onSaved();
    } catch (failure) {
      setServerError(failureText(failure, t('common.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  const item = (error: string | null) => ({ validateStatus: error ? ('error' as const) : undefined, help: error ?? undefined });
  return (
    <Modal
      title={rule ? t('forms.detail.rules.edit') : t('forms.detail.rules.new')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t('forms.detail.rules.save')}
      okButtonProps={{ 'data-testid': 'rule-save' } as object}
      style={{ width: 760, maxWidth: '96vw' }}
      unmountOnExit
    >
      {serverError && <Alert type="error" content={serverError} className="qp-fd-gap" data-testid="rule-error" />}
      <Form layout="vertical">
        <Form.Item label={t('forms.detail.rules.name')} required {...item(shown(problems.name))}>
          <Input value={draft.name} onChange={(name) => set({ name })} maxLength={NAME_MAX} showWordLimit aria-label={t('forms.detail.rules.name')} data-testid="rule-name" />
        </Form.Item>
        <Form.Item label={t('forms.detail.rules.subject')} required {...item(shown(problems.subject))}>
          <Radio.Group type="button" value={draft.subjectKind} onChange={(subjectKind: SubjectKind) => set({ subjectKind, subject: '' })} className="qp-fd-gap">
            {(['role', 'group', 'user'] as const).map((kind) => (
              <Radio key={kind} value={kind}>
                {t(`forms.detail.rules.kind.${kind}`)}
              </Radio>
            ))}
          </Radio.Group>
          {draft.subjectKind === 'role' && (
            <Select value={draft.subject || undefined} onChange={(subject: string) => set({ subject })} placeholder={t('forms.detail.rules.pickRole')} data-testid="rule-role">
              {RULE_ROLES.map((role) => (
                <Select.Option key={role} value={role}>
                  {t(`appcenter.role.${role}`)}
                </Select.Option>
              ))}
            </Select>
          )}
          {/* Members and user groups are chosen with the platform's one picker (decision 0038). */}
          {draft.subjectKind !== 'role' && (
            <OrgPicker
              key={draft.subjectKind}
              kinds={[pickerKind]}
              value={subjectValue}
              onChange={pick}
              placeholder={draft.subjectKind === 'user' ? t('forms.ui.input.pickMember') : t('forms.detail.rules.pickGroup')}
              testId={`rule-${pickerKind}`}
            />
          )}
        </Form.Item>
        <Form.Item label={t('forms.detail.rules.levels')} required {...item(shown(problems.levels))}>
          <Checkbox.Group value={draft.levels} onChange={(levels: RuleLevel[]) => set({ levels })} className="qp-fd-rule-levels">
            {RULE_LEVELS.map((level) => (
              <Checkbox key={level} value={level} data-testid={`rule-level-${level}`}>
                {t(`forms.detail.rules.level.${level}`)}
                <span className="qp-fd-hint">{t(`forms.detail.rules.levelHint.${level}`)}</span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label={t('forms.detail.rules.scope')} required extra={t(`forms.detail.rules.scopeHint.${draft.scope}`)}>
          <Radio.Group value={draft.scope} onChange={(scope: RuleScope) => set({ scope })}>
            {RULE_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} data-testid={`rule-scope-${scope}`}>
                {t(`forms.detail.rules.scopeName.${scope}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {draft.scope === 'condition' && (
          <Form.Item label={t('forms.detail.rules.condition')}>
            <ConditionBuilder
              draft={draft.condition}
              onChange={(condition) => set({ condition })}
              choices={choices}
              problems={checked ? problems.condition : new Map()}
              problemText={problemText}
            />
          </Form.Item>
        )}
        <Form.Item label={t('forms.detail.rules.hiddenFields')} extra={t('forms.detail.rules.hiddenFieldsHint')}>
          <Select mode="multiple" value={draft.hiddenFields} onChange={(hiddenFields: string[]) => set({ hiddenFields })} placeholder={t('forms.detail.rules.noHiddenFields')} allowClear>
            {fields.map((field) => (
              <Select.Option key={field.key} value={field.key}>
                {field.label}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
      </Form>
    </Modal>
  );
}
