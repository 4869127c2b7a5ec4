import { Alert, Button, Card, Input, Space } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DATACENTER_API, type DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import type { PageProps } from '../../types.ts';
import { pathTo } from '../detail/model.ts';
import { matches, useDataCenter } from './model.ts';
import { TablesTable } from './TablesTable.tsx';
import './datacenter.css';

/**
 * The data centre (`console/tmp/datacenter`, admins): the space's forms as tables — records, size, growth and last
 * change — searchable and sortable; a row opens the table's own page (`datacenter/table/list/{formId}`).
 */
export function DataCenterPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, reload } = useDataCenter<{ items: DataTableItem[] }>(`${DATACENTER_API}/tables`);
  const [search, setSearch] = useState('');
  const items = useMemo(() => (data ? data.items.filter((item) => matches(item, search)) : null), [data, search]);
  const tablePath = (item: DataTableItem) => pathTo(match, 'forms.dataTable', { table: item.formId });
  return (
    <Card title={<h1 className="qp-dc-title">{t(match.route.title)}</h1>} data-testid="datacenter-page"
      extra={
        <Space>
          <Button size="small" href={pathTo(match, 'forms.consoleDataMonitoring')} onClick={(event) => (event.preventDefault(), navigate(pathTo(match, 'forms.consoleDataMonitoring')))} data-testid="dc-monitoring">
            {t('routes.forms.consoleDataMonitoring')}
          </Button>
          <Button size="small" onClick={reload} data-testid="dc-refresh">{t('forms.datacenter.refresh')}</Button>
        </Space>
      }>
      <Space direction="vertical" size="medium" className="qp-dc-body">
        <Input.Search allowClear className="qp-dc-search" placeholder={t('forms.datacenter.search')} aria-label={t('forms.datacenter.search')} value={search} onChange={setSearch} data-testid="dc-search" />
        {error && <Alert type="error" content={error.text} data-testid="dc-error" />}
        <TablesTable
          items={error && !data ? [] : items}
          hrefOf={tablePath}
          onOpen={(item) => navigate(tablePath(item))}
          empty={data && data.items.length > 0 ? t('forms.datacenter.noMatch') : t('forms.datacenter.empty')}
          sortable
          testId="dc-tables"
        />
      </Space>
    </Card>
  );
}
