import { Alert, Checkbox, Message, Modal, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_FIELDS, contactFieldLabel, type ContactField, type ContactSettings as Settings } from '../../../shared/org/contacts.ts';
import { useServices } from '../../shell/services.tsx';

/** The administrator's choice of the card fields members see (PUT /api/org/contacts/settings). */
export function ContactSettings({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [fields, setFields] = useState<ContactField[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!visible) return;
    setFields(null);
    setError(null);
    api.get<Settings>('/api/org/contacts/settings').then(
      (answer) => setFields(answer.data.visibleFields),
      (failure: Error) => setError(failure.message),
    );
  }, [api, visible]);
  async function save() {
    setBusy(true);
    try {
      await api.put('/api/org/contacts/settings', { visibleFields: fields ?? [] }, { json: true });
      Message.success(t('org.contacts.saved'));
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('org.contacts.settingsTitle')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t('org.contacts.save')}
      cancelText={t('org.contacts.cancel')}
      okButtonProps={{ disabled: !fields, 'data-testid': 'contacts-settings-save' } as object}
      unmountOnExit
    >
      <Alert content={t('org.contacts.settingsHint')} className="qp-gap" />
      {error && <Alert type="error" content={error} className="qp-gap" />}
      {!fields && !error && <Spin block loading />}
      {fields && (
        <Checkbox.Group value={fields} onChange={(next: ContactField[]) => setFields(next)} data-testid="contacts-settings-fields">
          {CONTACT_FIELDS.map((field) => (
            <Checkbox key={field} value={field}>
              {t(contactFieldLabel(field))}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Modal>
  );
}
