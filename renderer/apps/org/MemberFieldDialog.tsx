import { Alert, Checkbox, Form, Input, Modal, Select, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionProblems, MEMBER_FIELD_KINDS, MEMBER_FIELD_LIMITS, MEMBER_FIELDS_PATH, type MemberFieldDraft, type MemberFieldKind } from '../../../shared/org/member-fields.ts';
import { TransportError } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { MemberFieldRow } from './member-fields-api.ts';

const EMPTY: MemberFieldDraft = { label: '', labelEn: '', kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true };

/**
 * Adds or changes one extension field. Options of a select field are typed one per line. The shared rules
 * (`definitionProblems`) speak before anything is sent; the server adds the ones that need the space's data (a
 * label another field or a built-in import column has, an option members still hold) and names the input.
 */
export function MemberFieldDialog(props: { field: MemberFieldRow | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const editing = props.field;
  const [draft, setDraft] = useState<MemberFieldDraft>(editing ? { ...editing } : EMPTY);
  const [optionsText, setOptionsText] = useState((editing?.options ?? []).join('\n'));
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof MemberFieldDraft>(key: K, value: MemberFieldDraft[K]) => setDraft({ ...draft, [key]: value });
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);
  // Values already stored were checked against this kind: the server refuses changing it, so the dialog does too.
  const kindLocked = !!editing && editing.valueCount > 0;

  async function save() {
    const options = draft.kind === 'select' ? optionsText.split('\n').map((o) => o.trim()).filter(Boolean) : [];
    const body = { ...draft, options };
    const local = definitionProblems(body)[0];
    if (local) return setProblem({ field: local.field, text: t(local.key, { ...local.params, field: t(String(local.params?.field ?? '')) }) });
    setBusy(true);
    setProblem(null);
    try {
      if (editing) await api.put(`${MEMBER_FIELDS_PATH}/${editing.id}`, body, { json: true });
      else await api.post(MEMBER_FIELDS_PATH, body, { json: true });
      props.onSaved();
    } catch (failure) {
      const field = failure instanceof TransportError ? ((failure.data as { field?: string } | null)?.field ?? null) : null;
      setProblem({ field, text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const item = (field: 'label' | 'labelEn', max: number, required: boolean) => (
    <Form.Item label={t(`org.fields.${field}`)} required={required} validateStatus={errorOf(field) ? 'error' : undefined} help={errorOf(field)}>
      <Input value={draft[field]} maxLength={max} onChange={(v) => set(field, v)} aria-label={t(`org.fields.${field}`)} data-testid={field === 'label' ? 'field-label' : 'field-label-en'} />
    </Form.Item>
  );
  const flag = (key: 'required' | 'onCard' | 'selfEdit' | 'enabled', testId: string) => (
    <Checkbox checked={draft[key]} onChange={(on: boolean) => set(key, on)} data-testid={testId}>
      {t(`org.fields.${key}`)}
    </Checkbox>
  );
  return (
    <Modal visible title={editing ? t('org.fields.editTitle', { label: editing.label }) : t('org.fields.addTitle')} confirmLoading={busy} onOk={() => void save()} onCancel={props.onClose}
      okText={t('org.elements.save')} cancelText={t('org.elements.cancel')} okButtonProps={{ 'data-testid': 'field-save' } as object} data-testid="field-dialog" unmountOnExit>
      <Form layout="vertical">
        {item('label', MEMBER_FIELD_LIMITS.label, true)}
        {item('labelEn', MEMBER_FIELD_LIMITS.labelEn, false)}
        <Form.Item label={t('org.fields.kind')} extra={kindLocked ? t('org.fields.kindLocked', { count: editing!.valueCount }) : undefined} validateStatus={errorOf('kind') ? 'error' : undefined} help={errorOf('kind')}>
          <Select value={draft.kind} disabled={kindLocked} onChange={(kind: MemberFieldKind) => set('kind', kind)} aria-label={t('org.fields.kind')} data-testid="field-kind"
            options={MEMBER_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`org.fields.kind.${kind}`) }))} />
        </Form.Item>
        {draft.kind === 'select' && (
          <Form.Item label={t('org.fields.options')} required extra={t('org.fields.optionsHint')} validateStatus={errorOf('options') ? 'error' : undefined} help={errorOf('options')}>
            <Input.TextArea value={optionsText} autoSize={{ minRows: 3, maxRows: 8 }} onChange={setOptionsText} aria-label={t('org.fields.options')} data-testid="field-options" />
          </Form.Item>
        )}
        <Space direction="vertical">
          {flag('required', 'field-required')}
          {flag('onCard', 'field-on-card')}
          {flag('selfEdit', 'field-self-edit')}
          {flag('enabled', 'field-enabled')}
        </Space>
      </Form>
      {problem && !['label', 'labelEn', 'kind', 'options'].includes(problem.field ?? '') && <Alert type="error" content={problem.text} className="qp-gap" data-testid="field-error" />}
    </Modal>
  );
}
