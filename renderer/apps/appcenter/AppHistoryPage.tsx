import { Alert, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconDownload, IconLoading, IconRefresh } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_HISTORY_DAYS } from '../../../shared/constants.ts';
import { downloadLink } from '../../kernel/download-link.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';

export type ExportStatus = 'preparing' | 'complete' | 'failed';

/** One row of GET /api/forms/exports/history (server/apps/forms/jobs/job-routes.ts). */
export interface ExportRow {
  id: string;
  appId: string;
  appName: string | null;
  systemName: string | null;
  fileName: string | null;
  fileSize: number | string | null;
  status: ExportStatus;
  errorKey: string | null;
  errorParams?: Record<string, string | number> | null;
  createdAt: string;
  finishedAt: string | null;
}

/** While an export is being prepared the list asks again this often, so "complete" shows without a reload. */
export const HISTORY_REFRESH_MS = 3_000;

/** §4's words for the export states (shared/i18n/{zh-CN,en}/forms.json). */
export const STATUS_KEY: Record<ExportStatus, string> = {
  preparing: 'forms.export.preparing',
  complete: 'forms.export.complete',
  failed: 'forms.export.failed',
};
const STATUS_COLOR: Record<ExportStatus, string> = { preparing: 'arcoblue', complete: 'green', failed: 'red' };

function size(value: number | string | null): string {
  const bytes = Number(value);
  if (value === null || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export history (route appcenter.history `appstore/history`, spec §3/§4): this user's exports of the last three
 * days, the latest one per application, with their state and, once prepared, the file to download.
 */
export function AppHistoryPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [history, setHistory] = useState<ExportRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api.get<{ history: ExportRow[] }>('/api/forms/exports/history').then(
      (answer) => (setHistory(answer.data.history), setError(null)),
      (failure: Error) => (setError(failure.message || t('common.fetchFailed')), setHistory((old) => old ?? [])),
    );
  }, [api, t]);
  useEffect(load, [load]);

  const preparing = history?.some((row) => row.status === 'preparing') ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(load, HISTORY_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [preparing, history, load]);

  const time = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language) : '');
  const columns = [
    { title: t('forms.detail.history.time'), render: (_: unknown, row: ExportRow) => <span data-testid={`history-row-${row.id}`}>{time(row.createdAt)}</span> },
    {
      title: t('forms.detail.history.file'),
      render: (_: unknown, row: ExportRow) => (
        <Space direction="vertical" size={0}>
          <span>{row.fileName || t('forms.detail.history.noFile')}</span>
          {row.fileSize !== null && <Typography.Text type="secondary">{size(row.fileSize)}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('forms.detail.history.system'), render: (_: unknown, row: ExportRow) => row.systemName ?? '' },
    { title: t('forms.detail.history.app'), render: (_: unknown, row: ExportRow) => row.appName ?? '' },
    {
      title: t('forms.detail.history.status'),
      render: (_: unknown, row: ExportRow) => {
        const tag = (
          <Tag color={STATUS_COLOR[row.status]} icon={row.status === 'preparing' ? <IconLoading /> : undefined} data-testid={`history-status-${row.id}`}>
            {t(STATUS_KEY[row.status] ?? row.status)}
          </Tag>
        );
        // A failed export says why when the server named a reason this dictionary knows.
        return row.status === 'failed' && row.errorKey && i18n.exists(row.errorKey) ? <Tooltip content={t(row.errorKey, { ...row.errorParams })}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('forms.detail.history.download'),
      render: (_: unknown, row: ExportRow) =>
        row.status === 'complete' ? (
          <Button
            type="text"
            size="small"
            icon={<IconDownload />}
            {...downloadLink(match.spaceUri, `/api/forms/jobs/${encodeURIComponent(row.id)}/file`, row.fileName)}
            data-testid={`history-download-${row.id}`}
          >
            {t('forms.detail.history.downloadFile')}
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <div className="qp-appcenter">
      <Card>
        <div className="qp-appcenter-bar">
          <Typography.Title heading={5} className="qp-appcenter-heading">
            {t('forms.detail.history.title')}
          </Typography.Title>
          <span className="qp-appcenter-spacer" />
          <Button icon={<IconRefresh />} onClick={load} data-testid="history-refresh">
            {t('forms.detail.history.refresh')}
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="history-note">
          {t('forms.detail.history.note', { days: EXPORT_HISTORY_DAYS })}
        </Typography.Paragraph>
      </Card>
      {error && <Alert type="error" content={error} data-testid="history-error" />}
      <Card>
        <Table
          rowKey="id"
          columns={columns}
          data={history ?? []}
          loading={history === null}
          pagination={false}
          noDataElement={<Empty description={t('forms.detail.history.empty', { days: EXPORT_HISTORY_DAYS })} />}
          data-testid="history-table"
        />
      </Card>
    </div>
  );
}
