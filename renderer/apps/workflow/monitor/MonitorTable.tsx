import { Button, Empty, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { formatTime } from '../../../kernel/time.ts';
import { ageParts, interventionsFor, recordPath, rowFlags, type Intervention, type MonitorRow } from './monitor-model.ts';

interface Props {
  match: RouteMatch;
  rows: MonitorRow[];
  users: Record<string, string>;
  /** The filters narrow the list: an empty one then says "nothing matches", not "nothing to watch". */
  filtered: boolean;
  now: number;
  onIntervene(row: MonitorRow, action: Intervention): void;
}

const nowrap = { headerCellStyle: { whiteSpace: 'nowrap' }, bodyCellStyle: { whiteSpace: 'nowrap' } } as const;

/** The title a row goes by: its own, else its form's, else its number. */
export const rowTitle = (row: MonitorRow, untitled: (id: string) => string) => row.title.trim() || row.formName?.trim() || untitled(row.id);

/**
 * The monitored instances, overdue first then the longest waiting (the server's order). Overdue rows and stuck
 * ones (nobody holds a to-do, or three days without movement) are tinted and also say so in words, so colour is
 * never the only sign. Each row opens its record and offers the interventions its state allows.
 */
export function MonitorTable({ match, rows, users, filtered, now, onIntervene }: Props) {
  const { t, i18n } = useTranslation();
  const name = (id: string) => users[id] ?? `#${id}`;
  const untitled = (id: string) => t('workflow.monitor.untitled', { id });
  const age = (ms: number) => {
    const { days, hours } = ageParts(ms);
    if (days > 0) return t('workflow.monitor.age.days', { days, hours });
    return hours > 0 ? t('workflow.monitor.age.hours', { hours }) : t('workflow.monitor.age.lessThanHour');
  };

  return (
    <Table
      rowKey="id"
      data={rows}
      pagination={false}
      border={false}
      scroll={{ x: true }}
      noDataElement={<Empty description={t(filtered ? 'workflow.monitor.noMatch' : 'workflow.monitor.empty')} data-testid="monitor-empty" />}
      rowClassName={(row: MonitorRow) => {
        const flags = rowFlags(row, now);
        return flags.overdue ? 'qp-wfm-row-overdue' : flags.noHandler || flags.stalled ? 'qp-wfm-row-stuck' : '';
      }}
      onRow={(row: MonitorRow) => ({ 'data-testid': 'monitor-row', 'data-id': row.id, 'data-state': row.state } as object)}
      columns={[
        {
          title: t('workflow.monitor.column.title'),
          dataIndex: 'title',
          render: (_: string, row: MonitorRow) => (
            <div className="qp-wfm-title-cell">
              <a className="qp-wfm-title" href={recordPath(match, row)} data-testid="monitor-open">
                {rowTitle(row, untitled)}
              </a>
              {row.formName && <span className="qp-wfm-muted">{row.formName}</span>}
            </div>
          ),
        },
        {
          title: t('workflow.monitor.column.state'),
          dataIndex: 'state',
          render: (_: string, row: MonitorRow) => {
            const flags = rowFlags(row, now);
            return (
              <div className="qp-wfm-flags">
                <span className={`qp-wfm-state qp-wfm-state-${row.state}`} data-testid="monitor-state">{t(`workflow.monitor.state.${row.state}`)}</span>
                {flags.overdue && <span className="qp-wfm-flag qp-wfm-flag-overdue" data-testid="monitor-overdue">{t('workflow.monitor.flag.overdue')}</span>}
                {flags.noHandler && <span className="qp-wfm-flag qp-wfm-flag-stuck" data-testid="monitor-no-handler">{t('workflow.monitor.flag.noHandler')}</span>}
                {flags.stalled && <span className="qp-wfm-flag qp-wfm-flag-stuck" data-testid="monitor-stalled">{t('workflow.monitor.flag.stalled')}</span>}
              </div>
            );
          },
        },
        { title: t('workflow.monitor.column.nodes'), dataIndex: 'currentNodes', ...nowrap, render: (nodes: string[]) => <span data-testid="monitor-nodes">{nodes.join(', ') || t('workflow.monitor.none')}</span> },
        {
          title: t('workflow.monitor.column.assignees'),
          dataIndex: 'assignees',
          render: (ids: string[]) => <span data-testid="monitor-assignees">{ids.length ? [...new Set(ids)].map(name).join(', ') : t('workflow.monitor.none')}</span>,
        },
        { title: t('workflow.monitor.column.initiator'), dataIndex: 'initiatorId', ...nowrap, render: (id: string) => name(id) },
        {
          title: t('workflow.monitor.column.waiting'),
          dataIndex: 'since',
          ...nowrap,
          render: (since: string, row: MonitorRow) => (
            <time dateTime={since} title={formatTime(since, i18n.language)} data-testid="monitor-age">
              {age(rowFlags(row, now).waitedMs)}
            </time>
          ),
        },
        { title: t('workflow.monitor.column.due'), dataIndex: 'dueAt', ...nowrap, render: (due: string | null) => (due ? formatTime(due, i18n.language) : t('workflow.monitor.none')) },
        {
          title: t('workflow.monitor.column.actions'),
          dataIndex: 'id',
          ...nowrap,
          render: (_: string, row: MonitorRow) => (
            <div className="qp-wfm-actions" role="group" aria-label={t('workflow.monitor.actionsOf', { title: rowTitle(row, untitled) })}>
              {interventionsFor(row.state).map((action) => (
                <Button key={action} size="mini" status={action === 'invalidate' || action === 'interrupt' ? 'danger' : undefined} onClick={() => onIntervene(row, action)} data-testid={`monitor-${action}`}>
                  {t(`workflow.monitor.action.${action}`)}
                </Button>
              ))}
            </div>
          ),
        },
      ]}
    />
  );
}
