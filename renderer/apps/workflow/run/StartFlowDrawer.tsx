import { Alert, Button, Drawer, Message, Select, Space, Spin } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { defaultValues, type FieldError } from '../../../../shared/forms/validate.ts';
import type { PickedItem } from '../../../../shared/org/picker.ts';
import { OrgPicker } from '../../../shell/picker/OrgPicker.tsx';
import { useServices } from '../../../shell/services.tsx';
import { RecordForm } from '../../forms/record-form/RecordForm.tsx';
import { serverFieldErrors, useRecordValidation } from '../../forms/record-form/validation.ts';
import type { FlowStartState } from './use-flow-start.ts';
import type { StartFlow } from './types.ts';
import './run.css';

export interface StartFlowDrawerProps {
  formId: string;
  formName: string;
  fields: readonly FieldDef[];
  prefill: Record<string, unknown>;
  start: Exclude<FlowStartState, { status: 'none' }>;
  onClose(): void;
  /** Submitted or saved as a draft. */
  onStarted(): void;
}

const ids = (items: readonly PickedItem[]) => items.map((i) => i.id);

/** The start node's form: its hidden fields left out, its read-only ones shown but not changeable. */
export function startLayout(fields: readonly FieldDef[], flow: StartFlow) {
  const shown = fields.filter((f) => flow.fields[f.key] !== 'hidden');
  const locked = shown.filter((f) => flow.fields[f.key] === 'readonly').map((f) => f.key);
  const editable = shown.filter((f) => !locked.includes(f.key));
  return { shown, locked, editable };
}

/**
 * A new record of a form with a published flow: the start node's form, the approvers of the nodes
 * whose handlers the initiator picks, optional CC recipients, then "Submit" (the record is created and the flow
 * starts) or "Save draft" (only the instance is kept; the record comes with the first submit).
 */
export function StartFlowDrawer({ formId, formName, fields, prefill, start, onClose, onStarted }: StartFlowDrawerProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const flow = start.status === 'flow' ? start.flow : null;
  const layout = useMemo(() => (flow ? startLayout(fields, flow) : null), [fields, flow]);
  const validate = useRecordValidation(layout?.editable ?? fields);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...defaultValues(fields), ...prefill }));
  const [chosen, setChosen] = useState<Record<string, PickedItem[]>>({});
  const [cc, setCc] = useState<PickedItem[]>([]);
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState<'submit' | 'draft' | null>(null);

  async function send(draft: boolean) {
    if (!layout) return;
    const own = Object.fromEntries(layout.editable.filter((f) => Object.hasOwn(values, f.key)).map((f) => [f.key, values[f.key]]));
    // A draft may be incomplete; a submit must pass the same checks the server runs.
    const found = validate(own, { partial: draft });
    setErrors(found);
    setNotice(found.length ? t('workflow.ui.fixFields', { n: found.length }) : null);
    if (found.length) return;
    setSaving(draft ? 'draft' : 'submit');
    try {
      const selections = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v.length).map(([node, v]) => [node, ids(v)]));
      const body = {
        values: own,
        ...(draft ? { draft: true } : {}),
        ...(Object.keys(selections).length ? { selections } : {}),
        ...(cc.length ? { cc: ids(cc) } : {}),
        ...(onBehalfOf ? { onBehalfOf } : {}),
      };
      await api.post(`/api/workflow/forms/${formId}/instances`, body, { json: true });
      Message.success(t(draft ? 'workflow.ui.done.saveDraft' : 'workflow.ui.done.submit'));
      onStarted();
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setNotice(failure instanceof Error && failure.message ? failure.message : t('common.submitFailed'));
    } finally {
      setSaving(null);
    }
  }

  const footer = flow && (
    <Space>
      <Button onClick={onClose}>{t('workflow.ui.dialog.cancel')}</Button>
      <Button loading={saving === 'draft'} disabled={saving === 'submit'} onClick={() => void send(true)} data-testid="flow-start-draft">
        {t('workflow.ui.action.saveDraft')}
      </Button>
      <Button type="primary" loading={saving === 'submit'} disabled={saving === 'draft'} onClick={() => void send(false)} data-testid="flow-start-submit">
        {t('workflow.ui.action.submit')}
      </Button>
    </Space>
  );

  return (
    <Drawer visible width={640} title={t('forms.views.record.newTitle', { form: formName })} onCancel={onClose} unmountOnExit footer={footer || null}>
      <div data-testid="flow-start">
        {start.status === 'loading' && <Spin className="qp-wf-loading" />}
        {start.status === 'error' && (
          <Alert
            type="error"
            title={t('workflow.ui.start.loadFailed')}
            content={start.error}
            action={<Button size="small" onClick={start.retry} data-testid="flow-start-retry">{t('workflow.ui.retry')}</Button>}
            data-testid="flow-start-error"
          />
        )}
        {flow && layout && (
          <>
            <Alert type="info" className="qp-wf-gap" content={t('workflow.ui.start.hint')} />
            {notice && <Alert type="error" className="qp-wf-gap" content={notice} data-testid="record-notice" />}
            {!!flow.principals?.length && (
              <div className="qp-wf-gap">
                <label className="qp-wf-label" htmlFor="flow-start-for">{t('workflow.ui.start.for')}</label>
                <Select
                  id="flow-start-for"
                  value={onBehalfOf}
                  onChange={(value: string) => setOnBehalfOf(value)}
                  options={[{ label: t('workflow.ui.start.forMe'), value: '' }, ...flow.principals.map((p) => ({ label: t('workflow.ui.start.forPrincipal', { name: p.name }), value: p.id }))]}
                  data-testid="flow-start-for"
                />
              </div>
            )}
            <RecordForm fields={layout.shown} values={values} onChange={setValues} errors={errors} readOnlyKeys={layout.locked} />
            {flow.choose.map((node) => (
              <div key={node.id} className="qp-wf-gap">
                <span className="qp-wf-label">{t('workflow.ui.dialog.choose', { node: node.name || t('workflow.ui.nodeType.approval') })}</span>
                <OrgPicker kinds={['member']} multiple value={chosen[node.id] ?? []} onChange={(v) => setChosen((old) => ({ ...old, [node.id]: v }))} placeholder={t('workflow.ui.dialog.choosePick')} testId={`flow-start-choose-${node.id}`} />
              </div>
            ))}
            {flow.initiatorCc && (
              <div className="qp-wf-gap">
                <span className="qp-wf-label">{t('workflow.ui.dialog.cc.to')}</span>
                <OrgPicker kinds={['member']} multiple value={cc} onChange={setCc} placeholder={t('workflow.ui.dialog.cc.pick')} testId="flow-start-cc" />
              </div>
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}

export default StartFlowDrawer;
