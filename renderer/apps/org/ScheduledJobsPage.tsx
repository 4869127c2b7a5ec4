import { Alert, Button, Card, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { SPACE_JOBS_API, type SpaceJob, type SpaceJobs, type SpaceSchedule } from '../../../shared/api/org-jobs.ts';
import { jobKindLabel } from '../../../shared/jobs.ts';
import { useGet } from '../../shell/use-load.ts';

const STATE_COLOR: Record<SpaceJob['state'], string> = { ready: 'gray', running: 'arcoblue', dead: 'red' };
/** A long error stays one line; the whole text is in its title. */
const clipped = { display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' } as const;

/**
 * `console/jobs` (admin; decision 0095): the space's schedules and its jobs still waiting, running or dead. Read-only:
 * a schedule belongs to the app that made it (a rule's timer, a report's delivery), which is where it is changed.
 */
export function ScheduledJobsPage() {
  const { t, i18n } = useTranslation();
  const loaded = useGet<SpaceJobs>(SPACE_JOBS_API);
  const kind = (k: string) => {
    const label = jobKindLabel(k, (key, params) => (i18n.exists(key) ? t(key, params) : null));
    return label === k ? <code>{k}</code> : <span title={k}>{label}</span>;
  };
  const when = (iso: string | null, timeZone?: string) => {
    if (!iso) return '—';
    try {
      return new Date(iso).toLocaleString(i18n.language, { timeZone });
    } catch {
      return new Date(iso).toLocaleString(i18n.language); // a zone this browser does not know
    }
  };
  const yesNo = (v: boolean) => t(v ? 'org.jobs.yes' : 'org.jobs.no');

  const scheduleColumns: TableColumnProps<SpaceSchedule>[] = [
    { title: t('org.jobs.col.name'), dataIndex: 'name' },
    { title: t('org.jobs.col.kind'), dataIndex: 'kind', render: kind },
    { title: t('org.jobs.col.cron'), dataIndex: 'cron', render: (c: string) => <code>{c}</code> },
    { title: t('org.jobs.col.timeZone'), dataIndex: 'timeZone' },
    { title: t('org.jobs.col.workTimeOnly'), dataIndex: 'workTimeOnly', render: yesNo },
    {
      title: t('org.jobs.col.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean) => <Tag color={on ? 'green' : 'gray'}>{t(on ? 'org.jobs.enabled' : 'org.jobs.disabled')}</Tag>,
    },
    // In the schedule's own zone, the one its cron is read in: 09:00 of `0 9 * * *` shows as 09:00.
    { title: t('org.jobs.col.nextRun'), dataIndex: 'nextRunAt', render: (v: string | null, s) => when(v, s.timeZone) },
    { title: t('org.jobs.col.lastRun'), dataIndex: 'lastRunAt', render: (v: string | null, s) => when(v, s.timeZone) },
  ];
  const jobColumns: TableColumnProps<SpaceJob>[] = [
    { title: t('org.jobs.col.kind'), dataIndex: 'kind', render: kind },
    { title: t('org.jobs.col.state'), dataIndex: 'state', render: (s: SpaceJob['state']) => <Tag color={STATE_COLOR[s]}>{t(`org.jobs.state.${s}`)}</Tag> },
    { title: t('org.jobs.col.attempts'), render: (_: unknown, j) => `${j.attempts} / ${j.maxAttempts}` },
    { title: t('org.jobs.col.lastError'), dataIndex: 'lastError', render: (e: string | null) => (e ? <span style={clipped} title={e}>{e}</span> : '—') },
    { title: t('org.jobs.col.runAt'), dataIndex: 'runAt', render: (v: string) => when(v) },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('org.jobs.title')}
        data-testid="scheduled-jobs"
        extra={
          <Button icon={<IconRefresh />} onClick={() => void loaded.reload()} data-testid="scheduled-jobs-refresh">
            {t('org.jobs.refresh')}
          </Button>
        }
      >
        <p className="qp-muted">{t('org.jobs.hint')}</p>
        {loaded.error && <Alert type="error" className="qp-gap" content={t('org.jobs.loadFailed', { message: loaded.error })} />}
        <h3>{t('org.jobs.schedules')}</h3>
        <Table
          rowKey="id"
          columns={scheduleColumns}
          data={loaded.data?.schedules ?? []}
          loading={loaded.loading}
          pagination={false}
          noDataElement={t('org.jobs.schedulesEmpty')}
          data-testid="scheduled-jobs-schedules"
        />
      </Card>
      <Card title={t('org.jobs.jobs')}>
        <Table
          rowKey="id"
          columns={jobColumns}
          data={loaded.data?.jobs ?? []}
          loading={loaded.loading}
          pagination={{ pageSize: 20 }}
          noDataElement={t('org.jobs.jobsEmpty')}
          data-testid="scheduled-jobs-jobs"
        />
      </Card>
    </Space>
  );
}
