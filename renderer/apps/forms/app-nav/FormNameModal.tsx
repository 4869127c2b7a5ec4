import { Input, Modal } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Title of the dialog; null when it is closed. */
  title: string | null;
  initial: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

/** The one-field dialog of "new form", "rename" and "copy": a blank name is refused here as the server would. */
export function FormNameModal({ title, initial, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setName(initial);
    setProblem('');
  }, [initial, title]);
  const submit = async () => {
    if (!name.trim()) return setProblem(t('forms.app.nameRequired'));
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('common.operationFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} visible={title !== null} onOk={() => void submit()} onCancel={onClose} confirmLoading={busy} unmountOnExit data-testid="form-name-modal">
      <label className="qp-an-label" htmlFor="qp-form-name">
        {t('forms.app.formName')}
      </label>
      <Input id="qp-form-name" value={name} maxLength={100} onChange={setName} onPressEnter={() => void submit()} status={problem ? 'error' : undefined} data-testid="form-name-input" autoFocus />
      {problem && (
        <div className="qp-an-problem" role="alert">
          {problem}
        </div>
      )}
    </Modal>
  );
}
