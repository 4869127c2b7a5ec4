import { Alert, Button, Radio, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_FIELDS, type FieldDef } from '../../../../../shared/forms/fields.ts';
import { FILTER_LIMITS, type Operator } from '../../../../../shared/forms/filters.ts';
import { useLoadedDirectory as useDirectory } from '../../record-form/directory.tsx';
import {
  BUILDER_MAX_DEPTH, appendTo, conditionCount, emptyDraft, isDraftGroup, newCondition, operatorsFor, removeItem, replaceCondition, setLogic,
  unfinishedCount, withField, withOperator, type DraftCondition, type DraftGroup, type DraftItem,
} from '../model/filter-model.ts';
import { systemLabelKey } from '../model/records.ts';
import { FilterValueInput, needsDirectory } from './FilterValueInput.tsx';

interface Props {
  fields: readonly FieldDef[];
  value: DraftGroup;
  onChange(next: DraftGroup): void;
}

function namesRefs(fields: readonly FieldDef[], group: DraftGroup): boolean {
  return group.items.some((item) => (isDraftGroup(item) ? namesRefs(fields, item) : needsDirectory(fields, item.field)));
}

/** And/or groups of conditions; each condition's operators and value input follow its field's kind (OPERATORS_BY_KIND). */
export function FilterBuilder({ fields, value, onChange }: Props) {
  const { t } = useTranslation();
  const directory = useDirectory(namesRefs(fields, value));
  const full = conditionCount(value) >= FILTER_LIMITS.conditions;
  const unfinished = unfinishedCount(fields, value);
  const fieldOptions = useMemo(
    () => [
      ...fields.map((f) => ({ value: f.key, label: f.label || f.key })),
      ...SYSTEM_FIELDS.map((key) => ({ value: key, label: t(systemLabelKey(key)) })),
    ],
    [fields, t],
  );

  const conditionRow = (condition: DraftCondition) => (
    <div key={condition.id} className="qp-fv-condition" data-testid="filter-condition">
      <Select
        className="qp-fv-filter-field"
        showSearch
        value={condition.field}
        options={fieldOptions}
        onChange={(key: string) => onChange(replaceCondition(value, withField(fields, condition, key)))}
      />
      <Select
        className="qp-fv-filter-op"
        value={condition.op}
        options={operatorsFor(fields, condition.field).map((op) => ({ value: op, label: t(`forms.views.op.${op}`) }))}
        onChange={(op: Operator) => onChange(replaceCondition(value, withOperator(condition, op)))}
      />
      <FilterValueInput fields={fields} condition={condition} directory={directory} onChange={(v) => onChange(replaceCondition(value, { ...condition, value: v }))} />
      <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('forms.views.filter.remove')} onClick={() => onChange(removeItem(value, condition.id))} />
    </div>
  );

  const group = (node: DraftGroup, depth: number): ReactElement => (
    <div key={node.id} className={depth > 1 ? 'qp-fv-group qp-fv-group-nested' : 'qp-fv-group'}>
      <div className="qp-fv-group-head">
        <Radio.Group type="button" size="small" value={node.logic} onChange={(logic: 'and' | 'or') => onChange(setLogic(value, node.id, logic))}>
          <Radio value="and">{t('forms.views.filter.and')}</Radio>
          <Radio value="or">{t('forms.views.filter.or')}</Radio>
        </Radio.Group>
        {depth > 1 && <Button size="mini" type="text" status="danger" icon={<IconDelete />} onClick={() => onChange(removeItem(value, node.id))}>{t('forms.views.filter.removeGroup')}</Button>}
      </div>
      {node.items.length === 0 && <div className="qp-muted qp-fv-group-empty">{t('forms.views.filter.none')}</div>}
      {node.items.map((item: DraftItem) => (isDraftGroup(item) ? group(item, depth + 1) : conditionRow(item)))}
      <Space size="mini">
        <Button size="small" type="text" icon={<IconPlus />} disabled={full} onClick={() => onChange(appendTo(value, node.id, newCondition(fields)))} data-testid="filter-add-condition">
          {t('forms.views.filter.addCondition')}
        </Button>
        {depth < BUILDER_MAX_DEPTH && (
          <Button size="small" type="text" icon={<IconPlus />} disabled={full} onClick={() => onChange(appendTo(value, node.id, { ...emptyDraft(), items: [newCondition(fields)] }))}>
            {t('forms.views.filter.addGroup')}
          </Button>
        )}
      </Space>
    </div>
  );

  return (
    <div className="qp-fv-filter">
      {group(value, 1)}
      {unfinished > 0 && <Alert className="qp-fv-filter-note" type="warning" showIcon content={t('forms.views.filter.unfinished', { n: unfinished })} />}
    </div>
  );
}
