import { Alert, Form, Modal } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import { DirectoryProvider } from '../record-form/directory.tsx';
import { MemberSelect } from './MemberSelect.tsx';
import { failureText } from './model.ts';

interface TransferModalProps {
  recordPath: string;
  ownerId: string | null;
  visible: boolean;
  onClose(): void;
  /** After the server took the transfer; the page finds out whether the record is still visible. */
  onDone(userId: string): void;
}

/** Transfer (§6): the record gets one new owner. The current owner is not offered: it would change nothing. */
export function TransferModal({ recordPath, ownerId, visible, onClose, onDone }: TransferModalProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [userId, setUserId] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setUserId(undefined);
    setError(null);
  }, [visible]);

  async function transfer() {
    if (!userId) return setError(t('forms.detail.transfer.pickSomeone'));
    setBusy(true);
    try {
      await api.post(`${recordPath}/transfer`, { userId }, { json: true });
      onDone(userId);
    } catch (failure) {
      setError(failureText(failure, t('common.operationFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('forms.detail.transfer.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void transfer()}
      okText={t('forms.detail.transfer.ok')}
      confirmLoading={busy}
      unmountOnExit
      okButtonProps={{ 'data-testid': 'transfer-ok' } as object}
    >
      <DirectoryProvider needed={visible}>
        <Alert type="warning" content={t('forms.detail.transfer.hint')} className="qp-fd-gap" />
        {error && <Alert type="error" content={error} className="qp-fd-gap" data-testid="transfer-error" />}
        <Form layout="vertical">
          <Form.Item label={t('forms.detail.transfer.to')} required>
            <MemberSelect value={userId} onChange={(v) => setUserId((v as string) || undefined)} exclude={ownerId ? [ownerId] : []} testId="transfer-user" />
          </Form.Item>
        </Form>
      </DirectoryProvider>
    </Modal>
  );
}
