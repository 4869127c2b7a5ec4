import { Alert, Button, Empty, Message, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { IconDelete, IconLeft, IconPlus, IconQrcode, IconRight } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import { useRecordList } from '../hooks/use-record-list.ts';
import { isSystemField } from '../model/records.ts';
import { DEFAULT_PAGE_SIZE } from '../model/view-config.ts';
import { deleteRecords } from '../records-api.ts';
import type { RecordRow, SortSpec, ViewConfig } from '../types.ts';
import { defaultColumns, RecordTable } from './RecordTable.tsx';

/** IdsBody and QrBody limits (shared/api/forms.ts): more selected rows than that are refused by the server. */
const DELETE_MAX = 500;
const QR_MAX = 200;

export interface ListViewProps {
  formId: string;
  fields: readonly FieldDef[];
  config: ViewConfig;
  /** The view's filter with whatever the page adds (toolbar filter, cascade path). */
  filter: FilterGroup | undefined;
  q?: string;
  reloadKey: number;
  spaceUri: string;
  canCreate: boolean;
  onOpen(record: RecordRow): void;
  onCreate(): void;
  onChanged(): void;
  onQrCodes(ids: string[]): void;
}

/** The list view: columns, header sort, keyset pages, count, search results, batch delete and QR codes. */
export function ListView(props: ListViewProps) {
  const { formId, fields, config, filter, q, reloadKey, spaceUri } = props;
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [sort, setSort] = useState<SortSpec | undefined>(config.sort);
  const [selected, setSelected] = useState<string[]>([]);
  // Another view (or an edited one) brings its own sort: the header's choice was for the old one.
  const sortKey = JSON.stringify(config.sort ?? null);
  const [sortFor, setSortFor] = useState(sortKey);
  if (sortFor !== sortKey) {
    setSortFor(sortKey);
    setSort(config.sort);
  }
  const columns = config.columns?.length ? config.columns : defaultColumns(fields);
  const pageSize = config.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useRecordList({ formId, filter, sort, columns: columns.filter((c) => !isSystemField(c)), pageSize, q, reloadKey });
  // A selection is of rows on screen: another page or question clears it.
  const listKey = `${list.page}|${reloadKey}|${JSON.stringify(filter ?? null)}|${q ?? ''}`;
  const [selectedFor, setSelectedFor] = useState(listKey);
  if (selectedFor !== listKey) {
    setSelectedFor(listKey);
    setSelected([]);
  }

  async function removeSelected() {
    try {
      const deleted = await deleteRecords(api, formId, selected);
      Message.success(t('forms.views.list.deleted', { n: deleted }));
      props.onChanged();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  // Offer delete only for rows the viewer may delete (the list says so per row), not a refusal after confirming.
  const refused = selected.filter((id) => list.records.find((r) => r.id === id)?.canDelete !== true).length;
  const total = list.total;
  const countText = list.searching
    ? list.capped
      ? t('forms.views.list.searchCapped', { n: list.records.length })
      : t('forms.views.list.searchCount', { n: list.records.length })
    : total
      ? t(total.estimated ? 'forms.views.list.countAbout' : 'forms.views.list.count', { n: total.count.toLocaleString(i18n.language) })
      : '';
  const filtered = !!filter?.items.length || list.searching;
  const empty = filtered ? (
    <Empty description={t('forms.views.list.noMatch')} />
  ) : (
    <Empty
      description={
        <Space direction="vertical">
          <span>{t('forms.views.list.empty')}</span>
          {props.canCreate && (
            <Button type="primary" icon={<IconPlus />} onClick={props.onCreate} data-testid="list-empty-create">
              {t('forms.views.newRecord')}
            </Button>
          )}
        </Space>
      }
    />
  );

  return (
    <div className="qp-fv-list">
      {list.error && <Alert type="error" className="qp-gap" content={list.error} data-testid="list-error" />}
      {selected.length > 0 && (
        <div className="qp-fv-batch" data-testid="batch-bar">
          <span>{t('forms.views.list.selected', { n: selected.length })}</span>
          {refused === 0 ? (
            <Popconfirm title={t('forms.views.list.deleteConfirm', { n: selected.length })} onOk={() => void removeSelected()} okButtonProps={{ 'data-testid': 'batch-delete-ok' } as object}>
              <Button size="small" status="danger" icon={<IconDelete />} disabled={selected.length > DELETE_MAX} data-testid="batch-delete">{t('forms.views.list.delete')}</Button>
            </Popconfirm>
          ) : (
            selected.length > refused && <Typography.Text type="secondary" data-testid="batch-not-deletable">{t('forms.views.list.notDeletable', { n: refused })}</Typography.Text>
          )}
          <Button size="small" icon={<IconQrcode />} disabled={selected.length > QR_MAX} onClick={() => props.onQrCodes(selected)} data-testid="batch-qrcode">
            {t('forms.views.list.qrcodes')}
          </Button>
          {selected.length > QR_MAX && <Typography.Text type="warning">{t('forms.views.list.qrLimit', { max: QR_MAX })}</Typography.Text>}
          <Button size="small" type="text" onClick={() => setSelected([])}>{t('forms.views.list.clearSelection')}</Button>
        </div>
      )}
      <RecordTable
        fields={fields}
        columns={columns}
        records={list.records}
        labels={list.labels}
        loading={list.loading}
        spaceUri={spaceUri}
        sort={list.searching ? undefined : sort}
        onSort={list.searching ? null : setSort}
        selected={selected}
        onSelect={setSelected}
        onOpen={props.onOpen}
        pageSize={list.searching ? pageSize : false}
        empty={empty}
      />
      <div className="qp-fv-list-foot">
        <Space size="mini">
          <Typography.Text type="secondary" data-testid="list-count">{countText}</Typography.Text>
          {!list.searching && total?.estimated && (
            <Button size="mini" type="text" loading={list.exacting} onClick={list.exact} data-testid="list-count-exact">
              {t('forms.views.list.countExact')}
            </Button>
          )}
        </Space>
        {!list.searching && (list.hasPrevious || list.hasNext) && (
          <Space size="small">
            <Button size="small" icon={<IconLeft />} disabled={!list.hasPrevious || list.loading} onClick={list.previous} data-testid="list-previous">
              {t('forms.views.list.previous')}
            </Button>
            <span className="qp-fv-page-no" data-testid="list-page">{t('forms.views.list.page', { n: list.page })}</span>
            <Button size="small" disabled={!list.hasNext || list.loading} onClick={list.next} data-testid="list-next">
              {t('forms.views.list.next')} <IconRight />
            </Button>
          </Space>
        )}
      </div>
    </div>
  );
}
