import { Alert, Button, Card, Descriptions, Grid, Result, Space, Spin, Statistic } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DATACENTER_API, type DataTableDetail } from '../../../../shared/api/forms-datacenter.ts';
import type { PageProps } from '../../types.ts';
import { VALID_ID, appViewPath, formatTime, pathTo } from '../detail/model.ts';
import { GrowthChart } from './GrowthChart.tsx';
import { countText, sizeText, useDataCenter } from './model.ts';
import './datacenter.css';

/**
 * One form as a table (`datacenter/table/list/{table}`, `{table}` being the form id — decision 0068): its figures,
 * the records added each day of the last 90, and the way to its records.
 */
export function DataTablePage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formId = match.params['table'] ?? '';
  const valid = VALID_ID.test(formId);
  const { data, error, reload } = useDataCenter<DataTableDetail>(valid ? `${DATACENTER_API}/tables/${formId}` : null);
  const centre = pathTo(match, 'forms.consoleDataCenter');
  const back = (
    <Button size="small" href={centre} onClick={(event) => (event.preventDefault(), navigate(centre))} data-testid="dc-back">
      {t('forms.datacenter.back')}
    </Button>
  );
  if (!valid || error?.status === 404 || error?.status === 403 || error?.status === 422) {
    return <Result status="404" title={error?.text ?? t('forms.formNotFound')} extra={back} data-testid="dc-table-missing" />;
  }
  const figure = (title: string, value: string, testId?: string) => (
    <Grid.Col xs={12} md={6}>
      <Card size="small"><Statistic title={title} value={value} data-testid={testId} /></Card>
    </Grid.Col>
  );
  return (
    <Card
      title={<h1 className="qp-dc-title">{data ? `${data.appName} / ${data.formName}` : t(match.route.title)}</h1>}
      extra={
        <Space wrap>
          {back}
          {data && (
            <Button size="small" type="primary" href={appViewPath(match, data.appId, data.formId)} data-testid="dc-open-records">
              {t('forms.datacenter.openRecords')}
            </Button>
          )}
          <Button size="small" onClick={reload}>{t('forms.datacenter.refresh')}</Button>
        </Space>
      }
      data-testid="dc-table-page">
      {error && <Alert type="error" content={error.text} />}
      {!data && !error && <Spin className="qp-dc-loading" />}
      {data && (
        <Space direction="vertical" size="medium" className="qp-dc-body">
          <Grid.Row gutter={[12, 12]}>
            {figure(t('forms.datacenter.col.rows'), countText(t, data.rows, data.estimated, i18n.language), 'dc-table-rows')}
            {figure(t('forms.datacenter.col.size'), sizeText(data.bytes), 'dc-table-size')}
            {figure(t('forms.datacenter.col.added7d'), data.added7d.toLocaleString(i18n.language), 'dc-table-added7d')}
            {figure(t('forms.datacenter.col.added30d'), data.added30d.toLocaleString(i18n.language), 'dc-table-added30d')}
          </Grid.Row>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            size="small"
            border
            data={[
              { label: t('forms.datacenter.col.app'), value: data.appName },
              { label: t('forms.datacenter.col.form'), value: data.formName },
              { label: t('forms.datacenter.table'), value: <code>{data.table}</code> },
              { label: t('forms.datacenter.fields'), value: data.fields },
              { label: t('forms.datacenter.col.updatedAt'), value: data.updatedAt ? formatTime(data.updatedAt, i18n.language) : t('forms.datacenter.noChange') },
            ]}
          />
          <Card size="small" title={<h2 className="qp-dc-subtitle">{t('forms.datacenter.growth')}</h2>}>
            <GrowthChart growth={data.growth} formId={data.formId} testId="dc-table-growth" />
          </Card>
        </Space>
      )}
    </Card>
  );
}
