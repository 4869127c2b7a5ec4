import { Alert, Form, Input, Modal } from '@arco-design/web-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { AccountFields } from './model.tsx';

/** Adds a saas account to a provider: it becomes a `saas` member of each of the provider's spaces. */
export function AddAccountDialog({ provider, onClose, onDone }: { provider: ProviderRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm();
  const { busy, error, setError, submit } = useSubmit(onDone);
  useEffect(() => {
    form.resetFields();
    setError(null);
  }, [provider]);
  const ok = async () => {
    const values = (await form.validate()) as { account: { loginId: string; name: string; password: string } };
    await submit(() => api.post(`/api/console/providers/${provider!.id}/accounts`, values.account, { json: true }));
  };
  return (
    <Modal visible={!!provider} title={t('consoleSpaces.provider.addAccount', { name: provider?.name ?? '' })} onCancel={onClose} onOk={() => void ok()} confirmLoading={busy} unmountOnExit>
      <p className="qp-muted">{t('consoleSpaces.provider.addAccountHint')}</p>
      <Form form={form} layout="vertical" autoComplete="off">
        <AccountFields prefix="account" testId="provider-new-account" />
      </Form>
      {error && <Alert type="error" content={error} />}
    </Modal>
  );
}

/** Edits a provider's name, contact and note. */
export function EditProviderDialog({ provider, onClose, onDone }: { provider: ProviderRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm();
  const { busy, error, setError, submit } = useSubmit(onDone);
  useEffect(() => {
    setError(null);
    if (provider) form.setFieldsValue({ name: provider.name, contactName: provider.contactName ?? '', contactPhone: provider.contactPhone ?? '', contactEmail: provider.contactEmail ?? '', note: provider.note ?? '' });
  }, [provider]);
  const ok = async () => {
    const values = (await form.validate()) as Record<string, string>;
    const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k !== 'name' && !v?.trim() ? null : v]));
    await submit(() => api.request('patch', `/api/console/providers/${provider!.id}`, { body, json: true }));
  };
  const fields = ['contactName', 'contactPhone', 'contactEmail'] as const;
  return (
    <Modal visible={!!provider} title={t('consoleSpaces.provider.editTitle')} onCancel={onClose} onOk={() => void ok()} confirmLoading={busy}>
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item label={t('consoleSpaces.provider.name')} field="name" rules={[{ required: true, message: t('consoleSpaces.form.required') }]}>
          <Input aria-label={t('consoleSpaces.provider.name')} maxLength={100} />
        </Form.Item>
        {fields.map((field) => (
          <Form.Item key={field} label={t(`consoleSpaces.provider.${field}`)} field={field}>
            <Input aria-label={t(`consoleSpaces.provider.${field}`)} maxLength={200} />
          </Form.Item>
        ))}
        <Form.Item label={t('consoleSpaces.provider.note')} field="note">
          <Input.TextArea aria-label={t('consoleSpaces.provider.note')} maxLength={1000} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} />}
    </Modal>
  );
}
