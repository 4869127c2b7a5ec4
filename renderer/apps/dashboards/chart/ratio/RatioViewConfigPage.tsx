import { Alert, Button, Card, Empty, Message, Popconfirm, Result, Space, Spin, Table, Typography } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye, IconLeft, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartResult } from '../../../../../shared/dashboards/model.ts';
import { pathTo } from '../../../../shell/paths.ts';
import { useServices } from '../../../../shell/services.tsx';
import { chartApi } from '../chart-api.ts';
import { ChartView } from '../ChartView.tsx';
import { RatioEditor } from './RatioEditor.tsx';
import { useRatioViews } from './use-ratio-views.ts';
import '../designer.css';
import type { PageProps } from '../../../types.ts';

const VALID_ID = /^[0-9]{1,18}$/;

/** One ratio view drawn from its saved definition (POST /charts/:id/data). */
function RatioPreview({ chart }: { chart: Chart }) {
  const { api } = useServices();
  const [state, setState] = useState<{ result: ChartResult | null; error: string | null }>({ result: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ result: null, error: null });
    chartApi(api).data(chart.id).then(
      (result) => live && setState({ result, error: null }),
      (failure: Error) => live && setState({ result: null, error: failure.message }),
    );
    return () => {
      live = false;
    };
  }, [api, chart]);
  if (state.error) return <Alert type="error" content={state.error} data-testid="ratio-view-error" />;
  if (!state.result) return <Spin className="qp-chart-page-loading" />;
  return <ChartView chart={chart} result={state.result} height={320} />;
}

/**
 * The app's ratio views (route forms.ratioView `ratioview/config/{module}/{appId}`, decision 0066): `appId` is the
 * app, `module` a form of it to start new views on (any other value: the user picks the form). Each view is a chart
 * of the charts API (numerator, denominator, their ratio); listed, previewed, edited and deleted here.
 */
export function RatioViewConfigPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const appId = match.params.appId ?? '';
  const module = match.params.module ?? '';
  const startForm = VALID_ID.test(module) ? module : '';
  const valid = VALID_ID.test(appId);
  const views = useRatioViews(valid ? appId : '');
  const [editing, setEditing] = useState<{ chart: Chart | null } | null>(null);
  const [shown, setShown] = useState<Chart | null>(null);

  if (!valid) return <Result status="404" title={t('dashboards.chartUi.ratioView.noApp')} />;
  const back = pathTo(match, 'forms.appView', startForm ? { appId, module: startForm } : { appId });

  async function remove(chart: Chart) {
    try {
      await chartApi(api).remove(chart.id);
      Message.success(t('dashboards.chartUi.ratioView.deleted'));
      if (shown?.id === chart.id) setShown(null);
      views.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('dashboards.chartUi.ratioView.name'), render: (_: unknown, c: Chart) => <span data-testid={`ratio-row-${c.id}`}>{c.name}</span> },
    { title: t('dashboards.chartUi.type.title'), width: 120, render: (_: unknown, c: Chart) => t(`dashboards.chartUi.type.${c.type}`) },
    { title: t('dashboards.chartUi.ratioView.updated'), width: 200, render: (_: unknown, c: Chart) => <Typography.Text type="secondary">{c.createdByName} · {new Date(c.updatedAt).toLocaleString()}</Typography.Text> },
    {
      title: '',
      width: 250,
      render: (_: unknown, c: Chart) => (
        <Space size="mini">
          <Button size="mini" type="text" icon={<IconEye />} onClick={() => setShown(c)} data-testid={`ratio-show-${c.id}`}>{t('dashboards.chartUi.ratioView.show')}</Button>
          {c.canEdit && (
            <>
              <Button size="mini" type="text" icon={<IconEdit />} onClick={() => setEditing({ chart: c })} data-testid={`ratio-edit-${c.id}`}>{t('dashboards.chartUi.ratioView.edit')}</Button>
              <Popconfirm title={t('dashboards.chartUi.ratioView.deleteConfirm', { name: c.name })} onOk={() => void remove(c)}>
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} data-testid={`ratio-delete-${c.id}`}>{t('dashboards.chartUi.ratioView.delete')}</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="qp-fv-page" data-testid="ratio-views">
      <Button type="text" icon={<IconLeft />} href={back} data-testid="ratio-back">{t('dashboards.chartUi.ratioView.back')}</Button>
      <Card
        title={<h1 className="qp-chart-card-title">{t(match.route.title)}</h1>}
        extra={<Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ chart: null })} data-testid="ratio-create">{t('dashboards.chartUi.ratioView.create')}</Button>}
      >
        <p className="qp-chart-hint">{t('dashboards.chartUi.ratioView.hint')}</p>
        {views.error && <Alert type="error" content={views.error} data-testid="ratio-list-error" />}
        {views.items === null ? (
          <Spin className="qp-chart-page-loading" />
        ) : views.items.length === 0 ? (
          <Empty description={t('dashboards.chartUi.ratioView.empty')} data-testid="ratio-empty" />
        ) : (
          <Table rowKey="id" columns={columns} data={views.items} pagination={false} data-testid="ratio-list" />
        )}
      </Card>
      {shown && (
        <Card title={shown.name} className="qp-ratio-shown" data-testid="ratio-view-shown">
          <RatioPreview chart={shown} />
        </Card>
      )}
      {editing && (
        <RatioEditor
          appId={appId}
          chart={editing.chart}
          startForm={startForm}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setShown(saved);
            Message.success(t('dashboards.chartUi.ratioView.saved'));
            views.reload();
          }}
        />
      )}
    </div>
  );
}
