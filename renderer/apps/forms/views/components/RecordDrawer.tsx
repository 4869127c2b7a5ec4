import { Alert, Button, Drawer, Message, Space } from '@arco-design/web-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { defaultValues, type FieldError } from '../../../../../shared/forms/validate.ts';
import { TransportError } from '../../../../kernel/transport.ts';
import { useServices } from '../../../../shell/services.tsx';
import { RecordForm, serverFieldErrors, useRecordValidation } from '../../record-form/index.ts';
import { useFlowStart } from '../../../workflow/run/use-flow-start.ts';
import { createRecord } from '../records-api.ts';
import type { RecordRow } from '../types.ts';

interface Props {
  formId: string;
  formName: string;
  fields: readonly FieldDef[];
  /** Values chosen by where the record was started from (a calendar day, an occupy slot, a board column). */
  prefill: Record<string, unknown>;
  onClose(): void;
  /** The new record; null when a workflow started (a draft has no record yet). */
  onCreated(record: RecordRow | null): void;
}

// A form with a flow starts records through it: that drawer is the workflow app's own chunk.
const StartFlowDrawer = lazy(() => import('../../../workflow/run/StartFlowDrawer.tsx'));

/** What a 409 "number repeated" answer carries: the next free number (server/apps/forms/records.ts). */
const suggestedNumber = (failure: TransportError) => {
  const suggested = (failure.data as { suggested?: unknown } | null)?.suggested;
  return typeof suggested === 'string' && suggested ? suggested : null;
};

/** A new record in a drawer: defaults, then the page's prefill; checked here first, then by the server. */
export function RecordDrawer({ formId, formName, fields, prefill, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const validate = useRecordValidation(fields);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...defaultValues(fields), ...prefill }));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const start = useFlowStart(formId);
  if (start.status !== 'none') {
    return (
      <Suspense fallback={null}>
        <StartFlowDrawer formId={formId} formName={formName} fields={fields} prefill={prefill} start={start} onClose={onClose} onStarted={() => onCreated(null)} />
      </Suspense>
    );
  }

  async function submit() {
    const found = validate(values);
    setErrors(found);
    setNotice(found.length ? t('forms.views.record.fixErrors', { n: found.length }) : null);
    if (found.length) return;
    setSaving(true);
    try {
      const record = await createRecord(api, formId, values);
      Message.success(t('forms.views.record.created'));
      onCreated(record);
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure);
      setErrors(fieldErrors);
      setNotice((failure as Error).message);
      if (failure instanceof TransportError && failure.code === 409 && failure.msg === 'common.numberRepeated') {
        // §8: the number was taken meanwhile; offer the next free one, which the user may accept or edit.
        const serial = fields.find((f) => f.type === 'serial');
        const suggested = suggestedNumber(failure);
        if (serial && suggested) setValues((old) => ({ ...old, [serial.key]: suggested }));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      visible
      width={640}
      title={t('forms.views.record.newTitle', { form: formName })}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>{t('forms.views.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="record-submit">
            {t('forms.views.record.submit')}
          </Button>
        </Space>
      }
    >
      <div data-testid="record-drawer">
        {notice && <Alert type="error" className="qp-gap" content={notice} data-testid="record-notice" />}
        <RecordForm fields={fields} values={values} onChange={setValues} errors={errors} />
      </div>
    </Drawer>
  );
}
