import { Alert, Button, Card, Grid, Space, Spin, Statistic } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DATACENTER_API, type DataMonitoring, type DataTableItem } from '../../../../shared/api/forms-datacenter.ts';
import type { PageProps } from '../../types.ts';
import { pathTo } from '../detail/model.ts';
import { GrowthChart } from './GrowthChart.tsx';
import { countText, sizeText, useDataCenter } from './model.ts';
import { TablesTable } from './TablesTable.tsx';
import './datacenter.css';

/**
 * Data monitoring (`console/tmp/datacenter/monitoring`, admins): the space's totals, the records added each day
 * over all its forms, and its largest tables.
 */
export function DataMonitoringPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, error, reload } = useDataCenter<DataMonitoring>(`${DATACENTER_API}/monitoring`);
  const centre = pathTo(match, 'forms.consoleDataCenter');
  const tablePath = (item: DataTableItem) => pathTo(match, 'forms.dataTable', { table: item.formId });
  const total = (title: string, value: string, testId: string) => (
    <Grid.Col xs={24} md={8}>
      <Card size="small"><Statistic title={title} value={value} data-testid={testId} /></Card>
    </Grid.Col>
  );
  return (
    <Card
      title={<h1 className="qp-dc-title">{t(match.route.title)}</h1>}
      extra={
        <Space>
          <Button size="small" href={centre} onClick={(event) => (event.preventDefault(), navigate(centre))} data-testid="dc-back">{t('forms.datacenter.back')}</Button>
          <Button size="small" onClick={reload}>{t('forms.datacenter.refresh')}</Button>
        </Space>
      }
      data-testid="dc-monitoring-page">
      {error && <Alert type="error" content={error.text} />}
      {!data && !error && <Spin className="qp-dc-loading" />}
      {data && (
        <Space direction="vertical" size="medium" className="qp-dc-body">
          <Grid.Row gutter={[12, 12]}>
            {total(t('forms.datacenter.totals.forms'), data.totals.forms.toLocaleString(i18n.language), 'dc-total-forms')}
            {total(t('forms.datacenter.totals.rows'), countText(t, data.totals.rows, data.totals.estimated, i18n.language), 'dc-total-rows')}
            {total(t('forms.datacenter.totals.size'), sizeText(data.totals.bytes), 'dc-total-size')}
          </Grid.Row>
          <Card size="small" title={<h2 className="qp-dc-subtitle">{t('forms.datacenter.growthSpace')}</h2>}>
            <GrowthChart growth={data.growth} formId="" testId="dc-space-growth" />
          </Card>
          <Card size="small" title={<h2 className="qp-dc-subtitle">{t('forms.datacenter.largest')}</h2>}>
            <TablesTable items={data.largest} hrefOf={tablePath} onOpen={(item) => navigate(tablePath(item))} empty={t('forms.datacenter.empty')} testId="dc-largest" />
          </Card>
        </Space>
      )}
    </Card>
  );
}
