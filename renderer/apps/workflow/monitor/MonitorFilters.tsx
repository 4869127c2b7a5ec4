import { Alert, Button, Checkbox, Input, InputNumber, Select } from '@arco-design/web-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { EMPTY_FILTERS, filtersProblem, MAX_HOURS, type MonitorFilters as Filters } from './monitor-model.ts';

interface Props {
  applied: Filters;
  /** Forms met so far (id → name). */
  forms: ReadonlyMap<string, string>;
  onApply(filters: Filters): void;
}

/**
 * The filters, edited as a draft and applied together (the button or Enter): a half-typed step id or number of
 * hours would otherwise ask the server at every key. A value the server would refuse is named here instead.
 */
export function MonitorFilters({ applied, forms, onApply }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Filters>(applied);
  const [problem, setProblem] = useState<'nodeId' | 'hours' | null>(null);
  useEffect(() => setDraft(applied), [applied]);
  const set = (change: Partial<Filters>) => setDraft((old) => ({ ...old, ...change }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const found = filtersProblem(draft);
    setProblem(found);
    if (!found) onApply({ ...draft, nodeId: draft.nodeId.trim() });
  };
  const reset = () => {
    setProblem(null);
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <form className="qp-wfm-filters" onSubmit={submit} aria-label={t('workflow.monitor.filters')} data-testid="monitor-filters">
      <div className="qp-wfm-filter">
        <span className="qp-wfm-label">{t('workflow.monitor.filter.form')}</span>
        <Select
          value={draft.formId ?? undefined}
          onChange={(value: string | undefined) => set({ formId: value || null })}
          allowClear
          showSearch
          placeholder={t('workflow.monitor.filter.allForms')}
          aria-label={t('workflow.monitor.filter.form')}
          className="qp-wfm-select"
          data-testid="monitor-filter-form"
          filterOption={(text, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(text.trim().toLowerCase())}
        >
          {[...forms].map(([formId, name]) => (
            <Select.Option key={formId} value={formId}>{name}</Select.Option>
          ))}
        </Select>
      </div>
      <div className="qp-wfm-filter">
        <label htmlFor={`${id}-node`} className="qp-wfm-label">{t('workflow.monitor.filter.node')}</label>
        <Input
          id={`${id}-node`}
          value={draft.nodeId}
          onChange={(nodeId) => set({ nodeId })}
          onPressEnter={() => submit()}
          placeholder={t('workflow.monitor.filter.nodePlaceholder')}
          status={problem === 'nodeId' ? 'error' : undefined}
          aria-invalid={problem === 'nodeId'}
          className="qp-wfm-node"
          data-testid="monitor-filter-node"
        />
      </div>
      <div className="qp-wfm-filter">
        <span className="qp-wfm-label">{t('workflow.monitor.filter.assignee')}</span>
        <OrgPicker kinds={['member']} value={draft.assignee ? [draft.assignee] : []} onChange={(picked) => set({ assignee: picked[0] ?? null })} placeholder={t('workflow.monitor.filter.pickAssignee')} testId="monitor-filter-assignee" />
      </div>
      <div className="qp-wfm-filter">
        <label htmlFor={`${id}-hours`} className="qp-wfm-label">{t('workflow.monitor.filter.olderThan')}</label>
        <InputNumber
          id={`${id}-hours`}
          value={draft.olderThanHours ?? undefined}
          onChange={(value) => set({ olderThanHours: typeof value === 'number' && !Number.isNaN(value) ? value : null })}
          min={0}
          max={MAX_HOURS}
          precision={0}
          suffix={t('workflow.monitor.filter.hours')}
          error={problem === 'hours'}
          aria-invalid={problem === 'hours'}
          className="qp-wfm-hours"
          data-testid="monitor-filter-hours"
        />
      </div>
      <Checkbox checked={draft.overdue} onChange={(overdue: boolean) => set({ overdue })} data-testid="monitor-filter-overdue">
        {t('workflow.monitor.filter.overdue')}
      </Checkbox>
      <div className="qp-wfm-filter-buttons">
        <Button type="primary" htmlType="submit" data-testid="monitor-filter-apply">{t('workflow.monitor.filter.apply')}</Button>
        <Button onClick={reset} data-testid="monitor-filter-reset">{t('workflow.monitor.filter.reset')}</Button>
      </div>
      {problem && <Alert type="warning" content={t(`workflow.monitor.filter.invalid.${problem}`)} className="qp-wfm-filter-problem" data-testid="monitor-filter-problem" />}
    </form>
  );
}
