import { Alert, Button, Card, Grid, Result, Space, Statistic, Table, Typography } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import type { RecordLabels } from '../record-form/types.ts';
import { FormPicker } from './FormPicker.tsx';
import { detailPath, failureText, formatTime, formIdOf, pathTo, statusOf } from './model.ts';
import type { ApiRecord } from './types.ts';
import './detail.css';

interface Group {
  id: string | null;
  count: number;
}
interface Total {
  count: number;
  estimated: boolean;
}
/** `data` of GET /api/forms/forms/{formId}/monitor (server/apps/forms/monitor-routes.ts). */
interface Monitor {
  form: { id: string; name: string; appId: string; appName: string };
  total: Total;
  recycled: Total;
  byOwner: Group[];
  byDepartment: Group[];
  byHandler: Group[];
  recent: ApiRecord[];
  titleField: string | null;
  labels: RecordLabels;
}

/**
 * The monitoring view of §6 (route forms.monitor `app/monitor?formId=`): for those who monitor a form, its
 * records by owner, department and current handler, the latest changes and the recycle bin's size.
 */
export function AppMonitorPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = formIdOf(match);
  if (formId) return <MonitorBoard match={match} formId={formId} onSwitch={() => navigate(pathTo(match, 'forms.monitor'))} />;
  return (
    <div className="qp-fd">
      <Typography.Title heading={5}>{t(match.route.title)}</Typography.Title>
      <FormPicker hint={t('forms.detail.monitor.pick')} onPick={(id) => navigate(pathTo(match, 'forms.monitor', {}, { formId: id }))} />
    </div>
  );
}

function MonitorBoard({ match, formId, onSwitch }: { match: RouteMatch; formId: string; onSwitch(): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [data, setData] = useState<Monitor | null>(null);
  const [error, setError] = useState<{ text: string; status: number } | null>(null);
  const load = useCallback(() => {
    api.get<Monitor>(`/api/forms/forms/${formId}/monitor`).then(
      (answer) => (setData(answer.data), setError(null)),
      (failure: unknown) => setError({ text: failureText(failure, t('common.fetchFailed')), status: statusOf(failure) }),
    );
  }, [api, formId, t]);
  useEffect(load, [load]);

  if (error?.status === 403 || error?.status === 404) return <Result status="403" title={error.text} data-testid="monitor-refused" />;
  const count = (total: Total | undefined) => (total ? (total.estimated ? t('forms.detail.monitor.about', { n: total.count.toLocaleString() }) : total.count.toLocaleString()) : '…');
  const user = (id: string | null) => (id ? (data?.labels.users?.[id] ?? `#${id}`) : t('forms.detail.monitor.nobody'));
  const dept = (id: string | null) => (id ? (data?.labels.departments?.[id] ?? `#${id}`) : t('forms.detail.monitor.noDepartment'));
  const groupTable = (title: string, rows: Group[] | undefined, name: (id: string | null) => string, testId: string) => (
    <Card title={title} size="small" data-testid={testId}>
      <Table size="small" pagination={false} rowKey={(g: Group) => g.id ?? '-'} data={rows ?? []} noDataElement={t('forms.detail.monitor.empty')}
        columns={[{ title: t('forms.detail.monitor.who'), render: (_: unknown, g: Group) => name(g.id) }, { title: t('forms.detail.monitor.count'), dataIndex: 'count', width: 120 }]} />
    </Card>
  );
  return (
    <div className="qp-fd" data-testid="monitor-page">
      <Space className="qp-gap" align="center">
        <Typography.Title heading={5} style={{ margin: 0 }}>{data ? `${data.form.appName} / ${data.form.name}` : t(match.route.title)}</Typography.Title>
        <Button size="small" onClick={onSwitch}>{t('forms.detail.monitor.switch')}</Button>
        <Button size="small" onClick={load}>{t('forms.detail.monitor.refresh')}</Button>
      </Space>
      {error && <Alert type="error" content={error.text} />}
      <Grid.Row gutter={12} className="qp-gap">
        <Grid.Col span={8}><Card><Statistic title={t('forms.detail.monitor.total')} value={count(data?.total)} data-testid="monitor-total" /></Card></Grid.Col>
        <Grid.Col span={8}><Card><Statistic title={t('forms.detail.monitor.recycled')} value={count(data?.recycled)} /></Card></Grid.Col>
        <Grid.Col span={8}><Card><Statistic title={t('forms.detail.monitor.owners')} value={data ? data.byOwner.length : '…'} /></Card></Grid.Col>
      </Grid.Row>
      <Grid.Row gutter={12} className="qp-gap">
        <Grid.Col span={8}>{groupTable(t('forms.detail.monitor.byOwner'), data?.byOwner, user, 'monitor-owners')}</Grid.Col>
        <Grid.Col span={8}>{groupTable(t('forms.detail.monitor.byDepartment'), data?.byDepartment, dept, 'monitor-departments')}</Grid.Col>
        <Grid.Col span={8}>{groupTable(t('forms.detail.monitor.byHandler'), data?.byHandler, user, 'monitor-handlers')}</Grid.Col>
      </Grid.Row>
      <Card title={t('forms.detail.monitor.recent')} size="small" className="qp-gap">
        <Table size="small" pagination={false} rowKey="id" data={data?.recent ?? []} noDataElement={t('forms.detail.monitor.empty')}
          columns={[
            { title: t('forms.detail.monitor.record'), render: (_: unknown, r: ApiRecord) => (
              <a href={detailPath(match, data!.form.appId, formId, r.id)}>{(data?.titleField && String(r.values[data.titleField] ?? '')) || r.number || `#${r.id}`}</a>
            ) },
            { title: t('forms.detail.monitor.owner'), render: (_: unknown, r: ApiRecord) => user(r.ownerId) },
            { title: t('forms.detail.monitor.changedBy'), render: (_: unknown, r: ApiRecord) => user(r.updatedBy) },
            { title: t('forms.detail.monitor.changedAt'), render: (_: unknown, r: ApiRecord) => formatTime(r.updatedAt, i18n.language) },
          ]} />
      </Card>
    </div>
  );
}
