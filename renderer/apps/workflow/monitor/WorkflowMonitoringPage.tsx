import { Alert, Button, Card, Empty, Spin } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { InterveneDialog } from './InterveneDialog.tsx';
import { MonitorFilters } from './MonitorFilters.tsx';
import { MonitorTable, rowTitle } from './MonitorTable.tsx';
import { isFiltered, type Intervention, type MonitorRow } from './monitor-model.ts';
import { useMonitorList } from './use-monitor-list.ts';
import './monitor.css';

/** Whether the caller monitors anything: null while asked, or the failure to show with a retry. */
function useAccess() {
  const { api } = useServices();
  const [manages, setManages] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    api.get<{ manages: boolean }>('/api/workflow/monitor/access').then(
      ({ data }) => live && setManages(data.manages),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  return { manages, error, retry: () => setAttempt((n) => n + 1) };
}

/** The instances, their filters and paging, and the open intervention. */
function MonitorBoard({ match }: PageProps) {
  const { t } = useTranslation();
  const list = useMonitorList();
  const [acting, setActing] = useState<{ row: MonitorRow; action: Intervention } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Ages and overdue marks are read against the time of the last answer, not re-rendered every minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [list.rows]);
  const untitled = (id: string) => t('workflow.monitor.untitled', { id });

  const body = () => {
    if (list.rows === null) {
      if (list.error) {
        return (
          <Alert
            type="error"
            title={t('workflow.monitor.loadFailed')}
            content={list.error}
            action={<Button size="small" onClick={() => list.reload()} data-testid="monitor-retry">{t('workflow.monitor.retry')}</Button>}
            data-testid="monitor-error"
          />
        );
      }
      return <Spin block loading className="qp-wfm-loading" aria-label={t('workflow.monitor.loading')} data-testid="monitor-loading" />;
    }
    return (
      <>
        <MonitorTable match={match} rows={list.rows} users={list.users} filtered={isFiltered(list.filters)} now={now} onIntervene={(row, action) => (setDone(null), setActing({ row, action }))} />
        {list.error && (
          <Alert
            type="error"
            content={list.error}
            action={<Button size="small" onClick={list.loadMore} data-testid="monitor-more-retry">{t('workflow.monitor.retry')}</Button>}
            className="qp-wfm-gap"
            data-testid="monitor-more-error"
          />
        )}
        <div className="qp-wfm-more">
          <span className="qp-wfm-muted" data-testid="monitor-shown">{t('workflow.monitor.shown', { count: list.rows.length })}</span>
          {list.next !== null && !list.error && (
            <Button onClick={list.loadMore} loading={list.loading} data-testid="monitor-more">{t('workflow.monitor.more')}</Button>
          )}
        </div>
      </>
    );
  };

  return (
    <>
      <MonitorFilters applied={list.filters} forms={list.forms} onApply={list.apply} />
      <div className="qp-wfm-toolbar">
        <div role="status" className="qp-wfm-done">
          {done && <Alert type="success" content={done} closable onClose={() => setDone(null)} data-testid="monitor-done" />}
        </div>
        <Button icon={<IconRefresh aria-hidden />} onClick={() => list.reload(true)} loading={list.loading && list.rows !== null} data-testid="monitor-refresh">
          {t('workflow.monitor.refresh')}
        </Button>
      </div>
      {body()}
      {acting && (
        <InterveneDialog
          key={`${acting.row.id}:${acting.action}`}
          action={acting.action}
          row={acting.row}
          title={rowTitle(acting.row, untitled)}
          onCancel={() => setActing(null)}
          onDone={(message) => {
            setActing(null);
            setDone(message);
            list.reload(true);
          }}
        />
      )}
    </>
  );
}

/**
 * Workflow monitoring (route workflow.consoleMonitoring): the running and interrupted instances the
 * caller manages — all of them for an administrator, those of the flows naming him a process manager otherwise —
 * overdue first, then the longest waiting, with the interventions a manager has: reassign a to-do, jump to an
 * approval step, interrupt, recover, invalidate, each with its reason. A member who manages nothing is told so.
 */
export function WorkflowMonitoringPage({ match }: PageProps) {
  const { t } = useTranslation();
  const access = useAccess();
  let content;
  if (access.error) {
    content = (
      <Alert
        type="error"
        title={t('workflow.monitor.loadFailed')}
        content={access.error}
        action={<Button size="small" onClick={access.retry} data-testid="monitor-access-retry">{t('workflow.monitor.retry')}</Button>}
        data-testid="monitor-access-error"
      />
    );
  } else if (access.manages === null) {
    content = <Spin block loading className="qp-wfm-loading" aria-label={t('workflow.monitor.loading')} data-testid="monitor-loading" />;
  } else if (!access.manages) {
    content = <Empty description={t('workflow.monitor.noAccess')} data-testid="monitor-no-access" />;
  } else {
    content = <MonitorBoard match={match} />;
  }
  return (
    <Card title={<h1 className="qp-wfm-h1">{t('routes.workflow.consoleMonitoring')}</h1>} data-testid="workflow-monitoring">
      <p className="qp-wfm-intro">{t('workflow.monitor.intro')}</p>
      {content}
    </Card>
  );
}
