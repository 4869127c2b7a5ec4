import { Alert, Button, Link, Modal, Radio, Space, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import { useJob } from '../hooks/use-job.ts';
import { formPath } from '../records-api.ts';
import type { Job } from '../types.ts';
import { ExportProgress } from './JobStatus.tsx';

interface Props {
  formId: string;
  spaceUri: string;
  /** What the current view shows: its filter and its form-field columns (the export adds number, owner and times itself). */
  filter: FilterGroup | undefined;
  columns: string[] | undefined;
  historyHref: string;
  onClose(): void;
}

/** Export the current view as xlsx or csv: a background job (§4 preparing → complete / failed), then a download. */
export function ExportModal({ formId, spaceUri, filter, columns, historyHref, onClose }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [started, setStarted] = useState<Job | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { job, error } = useJob(started?.id ?? null, started);

  async function start() {
    setBusy(true);
    try {
      const body = { format, ...(filter ? { filter } : {}), ...(columns?.length ? { columns } : {}) };
      const answer = await api.post<Job>(formPath(formId, '/exports'), body, { json: true });
      setStarted(answer.data);
      setProblem(null);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <Space>
      <Link href={historyHref} onClick={onClose} data-testid="export-history">{t('forms.views.export.history')}</Link>
      {!started && <Button onClick={onClose}>{t('forms.views.cancel')}</Button>}
      {!started && <Button type="primary" loading={busy} onClick={() => void start()} data-testid="export-start">{t('forms.views.export.start')}</Button>}
      {started && <Button type="primary" onClick={onClose}>{t('forms.views.close')}</Button>}
    </Space>
  );

  return (
    <Modal visible title={t('forms.views.export.title')} onCancel={onClose} footer={footer} style={{ width: 520 }} unmountOnExit>
      {problem && <Alert type="error" className="qp-gap" content={problem} data-testid="export-problem" />}
      {!started ? (
        <Space direction="vertical" size="medium" style={{ width: '100%' }}>
          <div>
            <Typography.Text bold>{t('forms.views.export.format')}</Typography.Text>
            <div className="qp-gap">
              <Radio.Group type="button" value={format} onChange={setFormat}>
                <Radio value="xlsx" data-testid="export-format-xlsx">Excel (.xlsx)</Radio>
                <Radio value="csv" data-testid="export-format-csv">CSV (.csv)</Radio>
              </Radio.Group>
            </div>
            <Typography.Paragraph type="secondary" className="qp-gap" data-testid="export-format-hint">
              {t(format === 'xlsx' ? 'forms.views.export.xlsxHint' : 'forms.views.export.csvHint')}
            </Typography.Paragraph>
          </div>
          <Typography.Text type="secondary">
            {filter ? t('forms.views.export.scopeFiltered') : t('forms.views.export.scopeAll')} {columns?.length ? t('forms.views.export.columnsSome', { n: columns.length }) : t('forms.views.export.columnsAll')}
          </Typography.Text>
        </Space>
      ) : (
        <ExportProgress job={job} error={error} spaceUri={spaceUri} />
      )}
    </Modal>
  );
}
