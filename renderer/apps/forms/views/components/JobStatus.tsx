import { Alert, Link, Progress, Space, Spin, Typography } from '@arco-design/web-react';
import { IconCheckCircleFill, IconCloseCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { exportDownload } from '../links.ts';
import type { Job } from '../types.ts';

interface ImportProps {
  job: Job | null;
  error: string | null;
  failuresHref: string;
}

/** Step 3 of an import: rows imported and failed as the job goes; the failure reasons to download (§8). */
export function ImportProgress({ job, error, failuresHref }: ImportProps) {
  const { t } = useTranslation();
  const done = job?.done ?? 0;
  const failed = job?.failed ?? 0;
  const total = job?.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round(((done + failed) / total) * 100)) : 0;
  return (
    <div className="qp-fv-job" data-testid="import-progress">
      {error && <Alert type="warning" className="qp-gap" content={error} />}
      {(!job || job.status === 'preparing') && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space><Spin size={16} />{t('forms.views.import.running')}</Space>
          {total > 0 ? <Progress percent={percent} /> : null}
          <Typography.Text type="secondary">{t('forms.views.import.soFar', { done, failed })}</Typography.Text>
        </Space>
      )}
      {job && job.status !== 'preparing' && (
        <div className="qp-fv-job-result" data-testid="import-result">
          {job.status === 'complete' && failed === 0 && <IconCheckCircleFill className="qp-fv-ok" />}
          {(job.status === 'failed' || failed > 0) && <IconCloseCircleFill className={job.status === 'failed' ? 'qp-fv-bad' : 'qp-fv-warn'} />}
          <div>
            <Typography.Title heading={6}>
              {job.status === 'failed' ? t('common.importFailed') : failed > 0 ? t('forms.views.import.partly') : t('forms.views.import.done')}
            </Typography.Title>
            <div>{t('forms.views.import.result', { done, failed })}</div>
            {job.status === 'failed' && job.errorKey && <Typography.Text type="error">{t(job.errorKey, { ...job.errorParams })}</Typography.Text>}
          </div>
        </div>
      )}
      {failed > 0 && job?.status !== 'preparing' && (
        <Link href={failuresHref} target="_blank" data-testid="import-failures-link">
          {t('common.importFailedDownload')}
        </Link>
      )}
    </div>
  );
}

interface ExportProps {
  job: Job | null;
  error: string | null;
  spaceUri: string;
}

/** An export's state (§4): preparing, then prepare complete (download) or prepare failed. */
export function ExportProgress({ job, error, spaceUri }: ExportProps) {
  const { t } = useTranslation();
  const status = job?.status ?? 'preparing';
  return (
    <div className="qp-fv-job">
      {error && <Alert type="warning" className="qp-gap" content={error} />}
      <div className="qp-fv-job-result" data-testid="export-status" data-status={status}>
        {status === 'preparing' && <Spin size={16} />}
        {status === 'complete' && <IconCheckCircleFill className="qp-fv-ok" />}
        {status === 'failed' && <IconCloseCircleFill className="qp-fv-bad" />}
        <div>
          <Typography.Title heading={6}>
            {status === 'preparing' ? `${t('forms.export.preparing')}…` : status === 'complete' ? t('forms.export.complete') : t('forms.export.failed')}
          </Typography.Title>
          {status === 'complete' && job && (
            <Link {...exportDownload(spaceUri, job.id, job.fileName)} data-testid="export-download">
              {t('forms.views.export.download', { name: job.fileName ?? '' })}
            </Link>
          )}
          {status === 'failed' && job?.errorKey && <Typography.Text type="error">{t(job.errorKey, { ...job.errorParams })}</Typography.Text>}
          {status === 'preparing' && <Typography.Text type="secondary">{t('forms.views.export.preparingHint')}</Typography.Text>}
        </div>
      </div>
    </div>
  );
}
