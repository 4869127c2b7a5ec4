import { Alert, Button, Modal, Space, Steps, Typography } from '@arco-design/web-react';
import { IconFile, IconUpload } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../shell/services.tsx';
import { useJob } from '../hooks/use-job.ts';
import { apiLink, failuresLink, uploadImportFile } from '../links.ts';
import { formPath } from '../records-api.ts';
import type { Job } from '../types.ts';
import { ImportMapping, type HiddenRows, type SheetChoice, type SheetPreview } from './ImportMapping.tsx';
import { ImportProgress } from './JobStatus.tsx';

/** What the server reads as an import sheet; .xls and .ods go up too, so the server can advise saving as .xlsx. */
const ACCEPT = '.xlsx,.csv,.xls,.ods';
const ACCEPTED = /\.(xlsx|csv|xls|ods)$/i;

interface Props {
  formId: string;
  spaceUri: string;
  onClose(): void;
  /** Called once when the job ends with rows imported: the page reloads its records. */
  onImported(): void;
}

/** Import in three steps: upload the sheet, map its columns to fields, watch the job (rows imported / failed). */
export function ImportModal({ formId, spaceUri, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [hiddenRows, setHiddenRows] = useState<HiddenRows>('include');
  const [started, setStarted] = useState<Job | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { job, error: pollError } = useJob(started?.id ?? null, started);
  const told = useRef(false);

  useEffect(() => {
    if (job && job.status !== 'preparing' && (job.done ?? 0) > 0 && !told.current) {
      told.current = true;
      onImported();
    }
  }, [job, onImported]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(ACCEPTED.test(chosen.name) ? null : t('forms.import.badType'));
    setFile(ACCEPTED.test(chosen.name) ? chosen : null);
  };
  const dropped = (e: DragEvent) => {
    e.preventDefault();
    choose(e.dataTransfer.files[0]);
  };

  async function upload() {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await uploadImportFile(spaceUri, formId, file, t('common.uploadError'));
      setPreview(answer);
      setMapping(answer.mapping ?? {});
      setProblem(null);
      setStep(1);
    } catch (failure) {
      // The server checked the file (type, size, damage, rows): its own words.
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  /** Another sheet or header row: the server previews the uploaded file again with that choice. */
  async function chooseSheet(choice: SheetChoice) {
    if (!preview) return;
    setBusy(true);
    try {
      const params: Record<string, string> = {};
      if (choice.sheet !== undefined) params.sheet = String(choice.sheet);
      if (choice.headerRow !== undefined) params.headerRow = String(choice.headerRow);
      const answer = await api.get<SheetPreview>(formPath(formId, `/imports/files/${encodeURIComponent(preview.file.fileId)}/preview`), { params });
      setPreview({ ...answer.data, file: preview.file });
      setMapping(answer.data.mapping ?? {});
      setProblem(null);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!preview) return;
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, key]) => key));
    if (Object.keys(chosen).length === 0) return setProblem(t('forms.import.mappingEmpty'));
    setBusy(true);
    try {
      const body = { fileId: preview.file.fileId, mapping: chosen, sheet: preview.sheet, headerRow: preview.headerRow, ...(preview.hiddenRows ? { hiddenRows } : {}) };
      const answer = await api.post<Job>(formPath(formId, '/imports'), body, { json: true });
      setStarted(answer.data);
      setProblem(null);
      setStep(2);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const mapped = Object.values(mapping).filter(Boolean).length;
  const footer = (
    <Space>
      {step === 0 && <Button onClick={onClose}>{t('forms.views.cancel')}</Button>}
      {step === 0 && <Button type="primary" disabled={!file} loading={busy} onClick={() => void upload()} data-testid="import-next">{t('forms.views.import.next')}</Button>}
      {step === 1 && <Button onClick={() => setStep(0)}>{t('forms.views.import.back')}</Button>}
      {step === 1 && <Button type="primary" disabled={mapped === 0} loading={busy} onClick={() => void start()} data-testid="import-start">{t('forms.views.import.start')}</Button>}
      {step === 2 && <Button type="primary" onClick={onClose} data-testid="import-close">{t('forms.views.close')}</Button>}
    </Space>
  );

  return (
    <Modal visible title={t('forms.views.import.title')} onCancel={onClose} footer={footer} style={{ width: 720 }} maskClosable={false} unmountOnExit>
      <Steps current={step + 1} size="small" className="qp-fv-steps">
        <Steps.Step title={t('forms.views.import.stepUpload')} />
        <Steps.Step title={t('forms.views.import.stepMap')} />
        <Steps.Step title={t('forms.views.import.stepRun')} />
      </Steps>
      {problem && <Alert type="error" className="qp-gap" content={problem} data-testid="import-problem" />}
      {step === 0 && (
        <>
          <div className="qp-fv-drop" role="button" tabIndex={0} onClick={() => input.current?.click()} onKeyDown={(e) => e.key === 'Enter' && input.current?.click()} onDragOver={(e) => e.preventDefault()} onDrop={dropped}>
            <IconUpload className="qp-fv-drop-icon" />
            <div>{t('forms.views.import.drop')}</div>
            <Typography.Text type="secondary">{t('forms.views.import.hint')}</Typography.Text>
          </div>
          <input ref={input} type="file" accept={ACCEPT} hidden data-testid="import-file-input" onChange={(e) => {
              choose(e.target.files?.[0]);
              // Choosing the same file again after a refusal must fire change again.
              e.target.value = '';
            }} />
          <Typography.Paragraph className="qp-gap">
            <a href={apiLink(spaceUri, formPath(formId, '/imports/template'))} download data-testid="import-template">
              {t('forms.views.import.template')}
            </a>
          </Typography.Paragraph>
          {file && (
            <div className="qp-fv-chosen" data-testid="import-chosen">
              <IconFile /> {file.name} <Typography.Text type="secondary">({(file.size / 1024).toFixed(1)} KB)</Typography.Text>
            </div>
          )}
        </>
      )}
      {step === 1 && preview && (
        <>
          <Typography.Paragraph type="secondary">{t('forms.views.import.mapHint', { name: preview.file.name, n: mapped })}</Typography.Paragraph>
          <ImportMapping
            preview={preview}
            mapping={mapping}
            onChange={setMapping}
            onChoose={(choice) => void chooseSheet(choice)}
            hiddenRows={hiddenRows}
            onHiddenRows={setHiddenRows}
            busy={busy}
          />
        </>
      )}
      {step === 2 && <ImportProgress job={job} error={pollError} failuresHref={started ? failuresLink(spaceUri, started.id) : ''} />}
    </Modal>
  );
}
