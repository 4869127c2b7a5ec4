import { Alert, Button, Message, Result, Spin } from '@arco-design/web-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { defaultValues, type FieldError } from '../../../../shared/forms/validate.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { useFlowStart } from '../../workflow/run/use-flow-start.ts';
import { VALID_ID } from '../detail/model.ts';
import { SaveProblemAlert } from '../detail/SaveProblemAlert.tsx';
import { useRecordEditor } from '../detail/use-editor.ts';
import { useRecordDetail } from '../detail/use-record-detail.ts';
import { serverFieldErrors, useRecordValidation } from '../record-form/validation.ts';
import { useFormInfo } from '../views/hooks/use-form.ts';
import { createRecord } from '../views/records-api.ts';
import { useGoBack } from './mobile-kit.tsx';
import { MobileRecordForm } from './MobileRecordForm.tsx';
import { mobileDetailPath, mobileListPath } from './paths.ts';
import './mobile.css';

// A form with a flow starts records through it, as the web's "new record" does: the workflow's chunk.
const StartFlowDrawer = lazy(() => import('../../workflow/run/StartFlowDrawer.tsx'));

interface Ids {
  match: RouteMatch;
  appId: string;
  formId: string;
}

/** The save button, kept at the bottom of the screen above the keyboard and the tab bar. */
function SaveBar({ saving, onSave, onCancel }: { saving: boolean; onSave(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="qp-mf-savebar">
      <Button className="qp-mf-touch" long onClick={onCancel}>
        {t('forms.mobile.cancel')}
      </Button>
      <Button className="qp-mf-touch" long type="primary" loading={saving} onClick={onSave} data-testid="mf-save">
        {t('forms.mobile.save')}
      </Button>
    </div>
  );
}

/** A new record: defaults first, checked here as the server will, then created; the server's 422 lands at its fields. */
function CreateRecord({ match, appId, formId, name, fields }: Ids & { name: string; fields: readonly FieldDef[] }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const validate = useRecordValidation(fields);
  const start = useFlowStart(formId);
  const [values, setValues] = useState<Record<string, unknown>>(() => defaultValues(fields));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const goBack = useGoBack(mobileListPath(match, appId, formId));

  if (start.status === 'loading') return <Spin className="qp-mf-inline-spin" />;
  if (start.status === 'flow') {
    return (
      <Suspense fallback={<Spin className="qp-mf-inline-spin" />}>
        <StartFlowDrawer formId={formId} formName={name} fields={fields} prefill={{}} start={start} onClose={goBack} onStarted={goBack} />
      </Suspense>
    );
  }

  async function save() {
    const found = validate(values);
    setErrors(found);
    setNotice(found.length ? t('forms.views.record.fixErrors', { n: found.length }) : null);
    if (found.length) return;
    setSaving(true);
    try {
      const record = await createRecord(api, formId, values);
      Message.success(t('forms.views.record.created'));
      navigate(mobileDetailPath(match, appId, formId, record.id), { replace: true });
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setNotice((failure as Error).message);
      const suggested = failure instanceof TransportError && failure.code === 409 ? (failure.data as { suggested?: unknown } | null)?.suggested : null;
      const serial = fields.find((f) => f.type === 'serial');
      // §8: the number was taken meanwhile; the next free one is offered in the field, to accept or edit.
      if (serial && typeof suggested === 'string' && suggested) setValues((old) => ({ ...old, [serial.key]: suggested }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {start.status === 'error' && <Alert type="error" content={start.error} />}
      {notice && <Alert type="error" className="qp-mf-notice" content={notice} data-testid="mf-notice" />}
      <MobileRecordForm fields={fields} values={values} onChange={setValues} errors={errors} />
      <SaveBar saving={saving} onSave={() => void save()} onCancel={goBack} />
    </>
  );
}

/** An existing record: the web's editor (changed values only, the row version, 409s explained), then its detail. */
function EditRecord({ match, appId, formId, recordId }: Ids & { recordId: string }) {
  const { t } = useTranslation();
  const detail = useRecordDetail(formId, recordId, t('common.fetchFailed'));
  const fields = detail.form?.fields;
  // Back to the detail that opened the editor; it reloads when shown again (useReshown).
  const goBack = useGoBack(mobileDetailPath(match, appId, formId, recordId));
  const editor = useRecordEditor({
    formId,
    fields: fields ?? [],
    record: detail.answer?.record ?? null,
    onRecord: (record) => (detail.replace(record), goBack()),
  });
  const { draft, start } = editor;
  const ready = !!detail.answer && !!fields;
  useEffect(() => {
    if (ready && draft === null) start();
    // Editing is the page's only state: it starts when the record arrives, and again once a save ends it.
  }, [ready, draft, start]);

  if (detail.failure) return <Result status={detail.failure.status === 404 ? '404' : 'error'} title={detail.failure.text} data-testid="mf-edit-failure" />;
  if (!ready || !draft) return <Spin className="qp-mf-inline-spin" tip={t('forms.mobile.loading')} />;
  if (!detail.answer!.can.modify) return <Result status="403" title={t('forms.mobile.noEdit')} data-testid="mf-no-edit" />;
  return (
    <>
      {editor.problem && <SaveProblemAlert problem={editor.problem} onLoadLatest={editor.loadLatest} onTakeSuggested={editor.takeSuggested} onClose={editor.dismiss} />}
      <MobileRecordForm fields={fields!} values={draft} onChange={editor.setDraft} errors={editor.errors} labels={detail.answer!.labels} />
      <SaveBar saving={editor.saving} onSave={() => void editor.save()} onCancel={goBack} />
    </>
  );
}

/** Create and edit on the phone (route forms.mobileEdit `m/app/{appId}/{formId}/edit/{recordId?}`). */
export function MobileEditPage({ match }: PageProps) {
  const { t } = useTranslation();
  const appId = match.params['appId'] ?? '';
  const formId = match.params['formId'] ?? '';
  const recordId = match.params['recordId'] ?? '';
  const valid = VALID_ID.test(appId) && VALID_ID.test(formId) && (recordId === '' || VALID_ID.test(recordId));
  const form = useFormInfo(valid ? formId : null);
  const title = form.data ? t(recordId ? 'forms.mobile.editTitle' : 'forms.mobile.newTitle', { form: form.data.name }) : null;
  usePageTitle(match, title);

  if (!valid) return <Result status="404" title={t('forms.mobile.noForm')} />;
  return (
    <div className="qp-mf-page qp-mf-edit" data-testid="mf-edit">
      {form.error && <Result status="error" title={form.error} />}
      {!form.error && !form.data && <Spin className="qp-mf-inline-spin" />}
      {form.data &&
        (recordId ? (
          <EditRecord match={match} appId={appId} formId={formId} recordId={recordId} />
        ) : (
          <CreateRecord match={match} appId={appId} formId={formId} name={form.data.name} fields={form.data.fields} />
        ))}
    </div>
  );
}
