import { Button, DatePicker, Input, InputNumber, Select, Space, Tag } from '@arco-design/web-react';
import { IconClose, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalFilter } from '../../../../shared/dashboards/model.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { controlFor, type ControlValue, type FilterCandidate } from './global-filters.ts';

/** The filter's options and picker kind, from the board's forms' fields (a filter only keeps its name and kind). */
export type CandidateOf = (filter: GlobalFilter) => FilterCandidate | undefined;

/**
 * The dashboard's global filters while viewing: one value control per filter by its kind (text, options, number
 * range, date range, members or departments). A change applies at once (texts on Enter or leaving the box); an
 * empty control filters nothing. In edit mode each filter can be removed and new ones added.
 */
export function FilterBar(props: {
  filters: readonly GlobalFilter[];
  controls: Readonly<Record<string, ControlValue>>;
  candidateOf: CandidateOf;
  editing: boolean;
  onControl(id: string, value: ControlValue | undefined): void;
  onRemove?(id: string): void;
  onAdd?(): void;
}) {
  const { t } = useTranslation();
  if (props.filters.length === 0 && !props.editing) return null;
  return (
    <div className="qp-board-filters" role="group" aria-label={t('dashboards.boards.filter.title')} data-testid="board-filters">
      {props.filters.map((filter) => (
        <div key={filter.id} className="qp-board-filter" data-testid={`board-filter-${filter.id}`}>
          <span className="qp-board-filter-label" id={`filter-label-${filter.id}`}>{filter.label}</span>
          <FilterControl filter={filter} candidate={props.candidateOf(filter)} value={props.controls[filter.id]} onChange={(value) => props.onControl(filter.id, value)} />
          {props.editing && (
            <Button size="mini" type="text" icon={<IconClose />} aria-label={t('dashboards.boards.filter.remove', { name: filter.label })} onClick={() => props.onRemove?.(filter.id)} data-testid={`board-filter-remove-${filter.id}`} />
          )}
        </div>
      ))}
      {props.editing && (
        <Button size="small" icon={<IconPlus />} onClick={props.onAdd} data-testid="board-filter-add">{t('dashboards.boards.filter.add')}</Button>
      )}
    </div>
  );
}

function FilterControl({ filter, candidate, value, onChange }: { filter: GlobalFilter; candidate: FilterCandidate | undefined; value: ControlValue | undefined; onChange(value: ControlValue | undefined): void }) {
  const { t } = useTranslation();
  const type = controlFor(filter.kind, candidate?.options ?? []);
  const label = filter.label;
  const testId = `board-filter-value-${filter.id}`;
  switch (type) {
    case 'options':
      return (
        <Select mode="multiple" allowClear size="small" style={{ minWidth: 180 }} placeholder={t('dashboards.boards.filter.any')} aria-label={label} data-testid={testId}
          value={value?.type === 'options' ? value.values : []}
          onChange={(values: string[]) => onChange(values.length ? { type: 'options', values } : undefined)}
        >
          {(candidate?.options ?? []).map((option) => <Select.Option key={option} value={option}>{option}</Select.Option>)}
        </Select>
      );
    case 'range': {
      const range = value?.type === 'range' ? value : { type: 'range' as const, from: null, to: null };
      const set = (patch: Partial<typeof range>) => {
        const next = { ...range, ...patch };
        onChange(next.from === null && next.to === null ? undefined : next);
      };
      return (
        <Space size="mini">
          <InputNumber size="small" style={{ width: 110 }} placeholder={t('dashboards.boards.filter.from')} aria-label={`${label} ${t('dashboards.boards.filter.from')}`} value={range.from ?? undefined} onChange={(from) => set({ from: Number.isFinite(from) ? from : null })} data-testid={`${testId}-from`} />
          <span aria-hidden>–</span>
          <InputNumber size="small" style={{ width: 110 }} placeholder={t('dashboards.boards.filter.to')} aria-label={`${label} ${t('dashboards.boards.filter.to')}`} value={range.to ?? undefined} onChange={(to) => set({ to: Number.isFinite(to) ? to : null })} data-testid={`${testId}-to`} />
        </Space>
      );
    }
    case 'dates': {
      const dates = value?.type === 'dates' ? [value.from ?? '', value.to ?? ''] : [];
      return (
        <DatePicker.RangePicker size="small" style={{ width: 240 }} aria-label={label} data-testid={testId} value={dates.filter(Boolean).length === 2 ? dates : undefined}
          onChange={(days: string[] | undefined) => onChange(days && days[0] && days[1] ? { type: 'dates', from: days[0], to: days[1] } : undefined)}
        />
      );
    }
    case 'refs':
      return <RefsControl kind={candidate?.refType ?? 'member'} value={value} onChange={onChange} testId={testId} label={label} />;
    default:
      return <TextControl value={value?.type === 'text' ? value.text : ''} onChange={(text) => onChange(text.trim() ? { type: 'text', text } : undefined)} testId={testId} label={label} />;
  }
}

/** A text filter applies on Enter or when leaving the box, not on each key (each would read every chart again). */
function TextControl({ value, onChange, testId, label }: { value: string; onChange(text: string): void; testId: string; label: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => text !== value && onChange(text);
  return <Input size="small" allowClear style={{ width: 180 }} placeholder={t('dashboards.boards.filter.contains')} aria-label={label} value={text} onChange={setText} onPressEnter={commit} onBlur={commit} onClear={() => onChange('')} data-testid={testId} />;
}

function RefsControl({ kind, value, onChange, testId, label }: { kind: 'member' | 'department'; value: ControlValue | undefined; onChange(value: ControlValue | undefined): void; testId: string; label: string }) {
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const ids = value?.type === 'refs' ? value.ids : [];
  const shown = picked.filter((item) => ids.includes(item.id));
  return (
    <span role="group" aria-label={label} className="qp-board-filter-refs">
      <OrgPicker kinds={[kind]} multiple value={shown} testId={testId} onChange={(items) => (setPicked(items), onChange(items.length ? { type: 'refs', ids: items.map((item) => item.id) } : undefined))} />
      {shown.length === 0 && ids.length > 0 && <Tag>{ids.length}</Tag>}
    </span>
  );
}
