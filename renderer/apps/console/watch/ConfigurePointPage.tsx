import { Alert, Button, Card, Popconfirm, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Breach, Threshold, ThresholdInput } from '../../../../shared/api/console-watch.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { percent } from './InterfaceWatchPage.tsx';
import { ThresholdDialog } from './ThresholdDialog.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import { watchApi } from './watch-api.ts';

/** `/sysop/configurePoint`: the alert limits (global or per route: error rate, p95) and the breaches they raised. */
export function ConfigurePointPage(_: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const calls = watchApi(api);
  const thresholds = useLoad(() => calls.thresholds(), []);
  const breaches = useLoad(() => calls.breaches(), []);
  const known = useLoad(() => calls.routes('7d'), []);
  const [editing, setEditing] = useState<Threshold | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(input: ThresholdInput) {
    if (editing && editing !== 'new') await calls.updateThreshold(editing.id, input);
    else await calls.createThreshold(input);
    setEditing(null);
    thresholds.reload();
  }
  async function remove(id: string) {
    try {
      await calls.deleteThreshold(id);
      thresholds.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const shown = (metric: Breach['metric'], v: number) => (metric === 'errorRate' ? percent(v) : `${Math.round(v)} ms`);
  const limitColumns: TableColumnProps<Threshold>[] = [
    { title: t('console.watch.threshold.scope'), render: (_: unknown, r) => (r.route ? <code>{`${r.method} ${r.route}`}</code> : <Tag color="arcoblue">{t('console.watch.threshold.global')}</Tag>) },
    { title: t('console.watch.threshold.maxErrorPercent'), dataIndex: 'maxErrorPercent', render: (v: number | null) => (v === null ? t('console.watch.threshold.none') : `${v}%`) },
    { title: t('console.watch.threshold.maxP95Ms'), dataIndex: 'maxP95Ms', render: (v: number | null) => v ?? t('console.watch.threshold.none') },
    { title: t('console.watch.threshold.minCalls'), dataIndex: 'minCalls' },
    {
      title: t('console.watch.threshold.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Button size="mini" onClick={() => setEditing(r)} data-testid={`threshold-edit-${r.id}`}>{t('console.watch.threshold.edit')}</Button>
          <Popconfirm title={t('console.watch.threshold.deleteConfirm')} onOk={() => void remove(r.id)}>
            <Button size="mini" status="danger" data-testid={`threshold-delete-${r.id}`}>{t('console.watch.threshold.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const breachColumns: TableColumnProps<Breach>[] = [
    { title: t('console.watch.col.route'), render: (_: unknown, b) => <code>{`${b.method} ${b.route}`}</code> },
    { title: t('console.watch.breach.metric'), dataIndex: 'metric', render: (m: Breach['metric']) => t(`console.watch.breach.metric.${m}`) },
    { title: t('console.watch.breach.value'), render: (_: unknown, b) => shown(b.metric, b.value) },
    { title: t('console.watch.breach.limit'), render: (_: unknown, b) => shown(b.metric, b.limit) },
    { title: t('console.watch.breach.started'), dataIndex: 'startedMinute', render: when },
    { title: t('console.watch.breach.last'), dataIndex: 'lastMinute', render: when },
    { title: t('console.watch.breach.state'), dataIndex: 'endedAt', render: (v: string | null) => (v ? <Tag color="green">{t('console.watch.breach.ended')}</Tag> : <Tag color="red">{t('console.watch.breach.open')}</Tag>) },
  ];

  const loadError = error ?? thresholds.error ?? breaches.error ?? known.error;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('console.watch.threshold.title')}
        data-testid="configure-point"
        extra={<Button type="primary" icon={<IconPlus />} onClick={() => setEditing('new')} data-testid="threshold-add" data-track="threshold-add">{t('console.watch.threshold.add')}</Button>}
      >
        <p className="qp-muted">{t('console.watch.threshold.hint')}</p>
        {loadError && <Alert type="error" className="qp-gap" content={t('console.watch.loadFailed', { message: loadError })} />}
        <Table rowKey="id" columns={limitColumns} data={thresholds.data ?? []} loading={thresholds.loading} pagination={false} noDataElement={t('console.watch.threshold.empty')} data-testid="threshold-table" />
      </Card>
      <Card title={t('console.watch.breach.title')}>
        <Table rowKey="id" columns={breachColumns} data={breaches.data ?? []} loading={breaches.loading} pagination={{ pageSize: 20 }} noDataElement={t('console.watch.breach.empty')} data-testid="breach-table" />
      </Card>
      {editing && (
        <ThresholdDialog editing={editing === 'new' ? null : editing} routes={(known.data ?? []).map((r) => `${r.method} ${r.route}`)} onSave={save} onClose={() => setEditing(null)} />
      )}
    </Space>
  );
}
