import { Button, Input, Radio, Space } from '@arco-design/web-react';
import { IconDelete, IconExport, IconImport, IconLock, IconPlus, IconTool } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { VIEW_KIND_ORDER } from '../model/view-config.ts';
import type { ViewKind } from '../types.ts';
import { FilterButton } from './FilterButton.tsx';
import { KIND_ICON } from './ViewTabs.tsx';

interface Props {
  fields: readonly FieldDef[];
  kind: ViewKind;
  onKind(kind: ViewKind): void;
  /** Search applies to list-like kinds only: its answer is ranked, not a time window or columns. */
  searchable: boolean;
  q: string;
  onSearch(q: string): void;
  filter: FilterGroup | undefined;
  onFilter(filter: FilterGroup | undefined): void;
  canDesign: boolean;
  /** The space's data-sharing policy lets this viewer export (decision 0046); the server refuses otherwise. */
  canExport: boolean;
  links: { recycle: string; design: string; permissions: string };
  onNewRecord(): void;
  onImport(): void;
  onExport(): void;
}

/** The view's toolbar: kind switcher, search, filter; new record, import, export, recycle bin, design, permissions. */
export function ViewToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <div className="qp-fv-toolbar">
      <Space wrap>
        <Radio.Group type="button" value={props.kind} onChange={props.onKind} className="qp-fv-switcher">
          {VIEW_KIND_ORDER.map((kind) => (
            <Radio key={kind} value={kind} data-testid={`view-kind-${kind}`} title={t(`forms.views.kind.${kind}`)}>
              {KIND_ICON[kind]}
              <span className="qp-fv-kind-label">{t(`forms.views.kind.${kind}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
        {props.searchable && (
          <Input.Search
            key="search"
            allowClear
            className="qp-fv-search"
            defaultValue={props.q}
            placeholder={t('forms.views.searchPlaceholder')}
            maxLength={100}
            onSearch={(text) => props.onSearch(text.trim())}
            onClear={() => props.onSearch('')}
            data-testid="search-input"
          />
        )}
        <FilterButton fields={props.fields} value={props.filter} onApply={props.onFilter} />
      </Space>
      <Space wrap>
        <Button type="primary" icon={<IconPlus />} onClick={props.onNewRecord} data-testid="new-record">
          {t('forms.views.newRecord')}
        </Button>
        <Button icon={<IconImport />} onClick={props.onImport} data-testid="import-button">
          {t('forms.views.import.button')}
        </Button>
        {props.canExport && (
          <Button icon={<IconExport />} onClick={props.onExport} data-testid="export-button">
            {t('forms.views.export.button')}
          </Button>
        )}
        <Button icon={<IconDelete />} href={props.links.recycle} data-testid="recycle-link">
          {t('forms.views.recycle')}
        </Button>
        {props.canDesign && (
          <>
            <Button icon={<IconTool />} href={props.links.design} data-testid="design-link">
              {t('forms.views.design')}
            </Button>
            <Button icon={<IconLock />} href={props.links.permissions} data-testid="permissions-link">
              {t('forms.views.permissions')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}
