import { Badge, Button, Popover, Space } from '@arco-design/web-react';
import { IconFilter } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { conditionCount, fromFilterGroup, toFilterGroup, type DraftGroup } from '../model/filter-model.ts';
import { FilterBuilder } from './FilterBuilder.tsx';

interface Props {
  fields: readonly FieldDef[];
  value: FilterGroup | undefined;
  onApply(filter: FilterGroup | undefined): void;
}

/** The toolbar's own filter, on top of the view's: edited in a popover, applied on demand (not on every keystroke). */
export function FilterButton({ fields, value, onApply }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DraftGroup>(() => fromFilterGroup(value));
  const active = value ? conditionCount(fromFilterGroup(value)) : 0;

  const apply = (filter: FilterGroup | undefined) => {
    onApply(filter);
    setOpen(false);
  };
  const content = (
    <div className="qp-fv-filter-pop" data-testid="filter-panel">
      <FilterBuilder fields={fields} value={draft} onChange={setDraft} />
      <Space className="qp-fv-filter-actions">
        <Button size="small" onClick={() => {
          setDraft(fromFilterGroup(undefined));
          apply(undefined);
        }} data-testid="filter-reset">{t('forms.views.filter.reset')}</Button>
        <Button size="small" type="primary" onClick={() => apply(toFilterGroup(fields, draft))} data-testid="filter-apply">{t('forms.views.filter.apply')}</Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" position="bl" popupVisible={open} onVisibleChange={(visible) => {
        setOpen(visible);
        // Reopening shows what is applied, not an abandoned edit.
        if (visible) setDraft(fromFilterGroup(value));
      }} content={content} unmountOnExit={false}>
      <Badge count={active} dot={false} offset={[-4, 4]}>
        <Button icon={<IconFilter />} type={active ? 'primary' : 'secondary'} data-testid="filter-button">
          {t('forms.views.filter.button')}
        </Button>
      </Badge>
    </Popover>
  );
}
