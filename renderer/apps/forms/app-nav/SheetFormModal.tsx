import { Alert, Button, Checkbox, Input, Modal, Select, Space, Table, Typography } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import { ImportProgress } from '../views/components/JobStatus.tsx';
import { useJob } from '../views/hooks/use-job.ts';
import { failuresLink } from '../views/links.ts';
import type { AppForm, Job } from '../views/types.ts';
import { SHEET_TYPES, createFromSheet, guessFields, type SheetField, type SheetGuess } from './sheet-form.ts';

const ACCEPT = '.xlsx,.csv';

interface Props {
  spaceUri: string;
  appId: string;
  onClose(): void;
  /** The form is created; its rows are imported (or the user chose to open it while they are). */
  onCreated(form: AppForm): void;
}

/** "New form from a spreadsheet": upload, check the guessed fields (label, type, left out), create and import. */
export function SheetFormModal({ spaceUri, appId, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [guess, setGuess] = useState<SheetGuess | null>(null);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<SheetField[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ form: AppForm; job: Job } | null>(null);
  const { job, error: jobError } = useJob(created?.job.id ?? null, created?.job ?? null);
  // A clean import opens the new form with its rows; failures stay on screen with their file to download.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !created || job?.status !== 'complete' || (job.failed ?? 0) > 0) return;
    opened.current = true;
    onCreated(created.form);
  }, [created, job, onCreated]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setProblem(null);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : t('common.operationFailed'));
    } finally {
      setBusy(false);
    }
  };
  const choose = (chosen: File | undefined) =>
    chosen &&
    void run(async () => {
      const answer = await guessFields(spaceUri, appId, chosen, t('common.uploadError'));
      setFile(chosen);
      setGuess(answer);
      setName(answer.name);
      setColumns(answer.fields.map((f) => ({ ...f, include: true })));
    });
  const edit = (column: number, change: Partial<SheetField>) => setColumns((all) => all.map((c) => (c.column === column ? { ...c, ...change } : c)));
  const create = () => {
    if (!name.trim()) return setProblem(t('forms.app.nameRequired'));
    if (!columns.some((c) => c.include)) return setProblem(t('forms.app.sheet.noColumns'));
    if (!file || !guess) return;
    void run(async () => {
      setCreated(await createFromSheet(api, spaceUri, appId, name.trim(), file, guess, columns, t('common.uploadError')));
    });
  };

  const footer = created ? (
    <Button type="primary" onClick={() => onCreated(created.form)} data-testid="sheet-open">
      {t('forms.app.sheet.open')}
    </Button>
  ) : (
    <Space>
      <Button onClick={onClose}>{t('forms.views.cancel')}</Button>
      <Button type="primary" disabled={!guess} loading={busy} onClick={create} data-testid="sheet-create">
        {t('forms.app.sheet.create')}
      </Button>
    </Space>
  );
  return (
    <Modal visible title={t('forms.app.sheet.title')} onCancel={created ? () => onCreated(created.form) : onClose} footer={footer} style={{ width: 760 }} maskClosable={false} unmountOnExit>
      {created ? (
        <ImportProgress job={job} error={jobError} failuresHref={failuresLink(spaceUri, created.job.id)} />
      ) : (
        <>
          {problem && <Alert type="error" className="qp-gap" content={problem} data-testid="sheet-problem" />}
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button icon={<IconUpload />} loading={busy && !guess} onClick={() => input.current?.click()} data-testid="sheet-choose">
              {file ? file.name : t('forms.app.sheet.choose')}
            </Button>
            <Typography.Text type="secondary">{t('forms.app.sheet.hint')}</Typography.Text>
            <input ref={input} type="file" accept={ACCEPT} hidden data-testid="sheet-file-input" onChange={(e) => (choose(e.target.files?.[0]), (e.target.value = ''))} />
            {guess && (
              <>
                <label className="qp-an-label" htmlFor="qp-sheet-form-name">
                  {t('forms.app.formName')}
                </label>
                <Input id="qp-sheet-form-name" value={name} maxLength={100} onChange={setName} data-testid="sheet-form-name" />
                <Table
                  rowKey="column"
                  size="small"
                  pagination={false}
                  scroll={{ y: 320 }}
                  data={columns}
                  columns={[
                    { title: t('forms.app.sheet.include'), width: 64, render: (_, c: SheetField) => <Checkbox checked={c.include} onChange={(include) => edit(c.column, { include })} aria-label={t('forms.app.sheet.includeOf', { name: c.label })} /> },
                    { title: t('forms.app.sheet.label'), render: (_, c: SheetField) => <Input size="small" value={c.label} maxLength={60} onChange={(label) => edit(c.column, { label })} aria-label={t('forms.app.sheet.label')} data-testid={`sheet-label-${c.column}`} /> },
                    {
                      title: t('forms.app.sheet.type'),
                      width: 180,
                      render: (_, c: SheetField) => (
                        <Select size="small" value={c.type} onChange={(type: SheetField['type']) => edit(c.column, { type })} aria-label={t('forms.app.sheet.type')} data-testid={`sheet-type-${c.column}`}>
                          {SHEET_TYPES.map((type) => (
                            <Select.Option key={type} value={type}>
                              {t(`forms.ui.type.${type}`)}
                            </Select.Option>
                          ))}
                        </Select>
                      ),
                    },
                  ]}
                />
              </>
            )}
          </Space>
        </>
      )}
    </Modal>
  );
}
