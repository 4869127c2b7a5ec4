import { Alert, Button, Card, Message, Popconfirm, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeadLetter, QueueCounts } from '../../../../shared/api/console-jobs.ts';
import { jobKindLabel } from '../../../../shared/jobs.ts';
import { useServices } from '../../../shell/services.tsx';
import { useLoad } from '../../../shell/use-load.ts';
import type { PageProps } from '../../types.ts';
import { jobsApi } from './jobs-api.ts';

/** A long error stays one line; the whole text is in its title. */
const clipped = { display: 'inline-block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' } as const;

/**
 * `/sysop/jobs` (decision 0095): the kernel's queues across spaces — each kind's jobs by state — and the dead
 * letters, which root retries (attempts from zero) or discards after confirming.
 */
export function JobsPage(_: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const calls = jobsApi(api);
  const overview = useLoad(() => calls.overview(), []);
  const [busy, setBusy] = useState<string | null>(null);

  const kind = (k: string) => jobKindLabel(k, (key, params) => (i18n.exists(key) ? t(key, params) : null));
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');

  async function act(letter: DeadLetter, action: 'retry' | 'discard') {
    setBusy(letter.id);
    try {
      await calls[action](letter.id);
      Message.success(t(action === 'retry' ? 'console.jobs.retried' : 'console.jobs.discarded'));
    } catch (failure) {
      Message.error((failure as Error).message);
    } finally {
      setBusy(null);
      // Reloaded either way: a 404 means another operator acted first, and the list should say so.
      await overview.reload();
    }
  }

  const count = (key: keyof Omit<QueueCounts, 'kind'>, title: string, color?: string): TableColumnProps<QueueCounts> => ({
    title,
    dataIndex: key,
    align: 'right',
    sorter: (a, b) => a[key] - b[key],
    render: (n: number) => (color && n > 0 ? <Tag color={color}>{n}</Tag> : n),
  });
  const kindCell = (k: string) => {
    const label = kind(k);
    return label === k ? <code>{k}</code> : <span title={k}>{label}</span>;
  };
  const queueColumns: TableColumnProps<QueueCounts>[] = [
    { title: t('console.jobs.col.kind'), dataIndex: 'kind', render: kindCell },
    count('ready', t('console.jobs.col.ready')),
    count('running', t('console.jobs.col.running'), 'arcoblue'),
    count('done', t('console.jobs.col.done')),
    count('dead', t('console.jobs.col.dead'), 'red'),
  ];
  const deadColumns: TableColumnProps<DeadLetter>[] = [
    { title: t('console.jobs.col.kind'), dataIndex: 'kind', render: kindCell },
    {
      title: t('console.jobs.col.space'),
      render: (_: unknown, r) => (r.spaceId === null ? <Tag>{t('console.jobs.platform')}</Tag> : `${r.spaceName ?? r.spaceId} (${r.spaceId})`),
    },
    { title: t('console.jobs.col.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('console.jobs.col.lastError'), dataIndex: 'lastError', render: (e: string | null) => (e ? <span style={clipped} title={e}>{e}</span> : '—') },
    { title: t('console.jobs.col.finishedAt'), dataIndex: 'finishedAt', render: when },
    {
      title: t('console.jobs.col.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Button size="mini" type="primary" loading={busy === r.id} disabled={busy !== null} onClick={() => void act(r, 'retry')} data-testid={`jobs-retry-${r.id}`}>
            {t('console.jobs.retry')}
          </Button>
          <Popconfirm title={t('console.jobs.discardConfirm')} onOk={() => void act(r, 'discard')}>
            <Button size="mini" status="danger" disabled={busy !== null} data-testid={`jobs-discard-${r.id}`}>
              {t('console.jobs.discard')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('console.jobs.title')}
        data-testid="jobs-page"
        extra={
          <Button icon={<IconRefresh />} onClick={() => void overview.reload()} data-testid="jobs-refresh">
            {t('console.jobs.refresh')}
          </Button>
        }
      >
        <p className="qp-muted">{t('console.jobs.hint')}</p>
        {overview.error && <Alert type="error" className="qp-gap" content={t('console.jobs.loadFailed', { message: overview.error })} />}
        <Table
          rowKey="kind"
          columns={queueColumns}
          data={overview.data?.queues ?? []}
          loading={overview.loading}
          pagination={false}
          noDataElement={t('console.jobs.queuesEmpty')}
          data-testid="jobs-queues"
        />
      </Card>
      <Card title={t('console.jobs.dead.title')}>
        <p className="qp-muted">{t('console.jobs.dead.hint')}</p>
        <Table
          rowKey="id"
          columns={deadColumns}
          data={overview.data?.dead ?? []}
          loading={overview.loading}
          pagination={{ pageSize: 20 }}
          noDataElement={t('console.jobs.dead.empty')}
          data-testid="jobs-dead"
        />
      </Card>
    </Space>
  );
}
