import { Alert, Form, Input, Modal, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import { useSubmit } from '../../shell/use-submit.ts';
import { departmentOptions, subtree, type Department, type Member } from './org-api.ts';

/** Runs a save, keeping the dialog open with the server's message when it is refused. */
function useSave(onDone: () => void) {
  const { error, busy, submit } = useSubmit(onDone);
  return { error, busy, run: submit };
}

/** Create (with `parentId`) or edit (with `department`) a department: name, code, heads. */
export function DepartmentEditor(props: { department?: Department; parentId: string | null; members: Member[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const d = props.department;
  const [name, setName] = useState(d?.name ?? '');
  const [code, setCode] = useState(d?.code ?? '');
  const [headIds, setHeadIds] = useState<string[]>(d?.headIds ?? []);
  const save = useSave(props.onSaved);
  const body = { name, headIds, ...(code ? { code } : {}) };
  return (
    <Modal visible title={t(d ? 'org.structure.rename' : props.parentId ? 'org.structure.addChild' : 'org.structure.add')} confirmLoading={save.busy} onCancel={props.onClose}
      okText={t('org.structure.save')} cancelText={t('org.structure.cancel')}
      onOk={() => save.run(() => (d ? api.request('patch', `/api/org/departments/${d.id}`, { body: { ...body, updatedAt: d.updatedAt }, json: true }) : api.post('/api/org/departments', { ...body, parentId: props.parentId }, { json: true })))}>
      <Form layout="vertical">
        <Form.Item label={t('org.structure.name')} required>
          <Input value={name} onChange={setName} maxLength={60} aria-label={t('org.structure.name')} data-testid="department-name" />
        </Form.Item>
        <Form.Item label={t('org.structure.code')}>
          <Input value={code} onChange={setCode} maxLength={40} aria-label={t('org.structure.code')} data-testid="department-code" />
        </Form.Item>
        <Form.Item label={t('org.structure.heads')}>
          <Select mode="multiple" value={headIds} onChange={setHeadIds} aria-label={t('org.structure.heads')} options={props.members.map((m) => ({ value: m.id, label: `${m.name} (${m.loginId})` }))} />
        </Form.Item>
      </Form>
      {save.error && <Alert type="error" content={save.error} data-testid="department-error" />}
    </Modal>
  );
}

/**
 * Merge into another department, or delete: a department that still holds members, posts or sub-departments is
 * deleted only with a destination for them (the server refuses otherwise and its message is shown here).
 */
export function DepartmentTransfer(props: { mode: 'merge' | 'delete'; department: Department; departments: Department[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [target, setTarget] = useState<string | undefined>();
  const save = useSave(props.onDone);
  const options = departmentOptions(props.departments, subtree(props.departments, props.department.id));
  const id = props.department.id;
  const go = () =>
    props.mode === 'merge'
      ? api.post(`/api/org/departments/${id}/merge`, { targetId: target ?? '' }, { json: true })
      : api.delete(`/api/org/departments/${id}`, target ? { params: { destinationId: target } } : undefined);
  const label = t(props.mode === 'merge' ? 'org.structure.mergeTarget' : 'org.structure.destination');
  return (
    <Modal visible title={`${t(props.mode === 'merge' ? 'org.structure.merge' : 'org.structure.delete')} ${props.department.name}`} confirmLoading={save.busy}
      okText={t(props.mode === 'merge' ? 'org.structure.merge' : 'org.structure.delete')} cancelText={t('org.structure.cancel')}
      okButtonProps={{ disabled: props.mode === 'merge' && !target, status: 'danger' }} onCancel={props.onClose} onOk={() => save.run(go)}>
      <Form layout="vertical">
        <Form.Item label={label}>
          <Select allowClear showSearch value={target} onChange={setTarget} options={options} aria-label={label} data-testid="transfer-target" />
        </Form.Item>
      </Form>
      {save.error && <Alert type="error" content={save.error} data-testid="transfer-error" />}
    </Modal>
  );
}
