import { Alert, Button, Form, Input, Message, Modal, Space } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BindKind } from '../../../../shared/api/account-security.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';

/** Bind an e-mail or a phone: send a code to the new address, then prove it (decision 0057). */
export function BindDialog({ kind, onClose }: { kind: BindKind; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);

  // Busy while a call runs; its refusal, already in the user's language, shown in the dialog.
  const { busy, error, setError, submit: run } = useSubmit<void>(() => {});

  const sendCode = () =>
    run(async () => {
      if (!value.trim()) return setError(t('accountSecurity.valueRequired'));
      const answer = await api.post('/api/account/security/bind/code', { kind, value }, { json: true });
      Message.success(t(answer.msg, answer.params));
      setSent(true);
    });

  const bind = () =>
    run(async () => {
      if (!/^[0-9]{6}$/.test(code)) return setError(t('accountSecurity.codeRequired'));
      const answer = await api.post('/api/account/security/bind', { kind, code }, { json: true });
      Message.success(t(answer.msg, answer.params));
      onClose(true);
    });

  return (
    <Modal
      visible
      title={t(kind === 'email' ? 'accountSecurity.bindEmailTitle' : 'accountSecurity.bindPhoneTitle')}
      onCancel={() => onClose(false)}
      footer={null}
      data-testid="bind-dialog"
    >
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="bind-error" />}
      <Form layout="vertical" onSubmit={bind}>
        <Form.Item label={t(kind === 'email' ? 'accountSecurity.newEmail' : 'accountSecurity.newPhone')}>
          <Space>
            <Input aria-label={t(kind === 'email' ? 'accountSecurity.newEmail' : 'accountSecurity.newPhone')} value={value} onChange={setValue} maxLength={254} autoComplete={kind === 'email' ? 'email' : 'tel'} data-testid="bind-value" />
            <Button onClick={sendCode} loading={busy && !sent} data-testid="bind-send">{t('accountSecurity.sendCode')}</Button>
          </Space>
        </Form.Item>
        <Form.Item label={t('accountSecurity.code')}>
          <Input aria-label={t('accountSecurity.code')} value={code} onChange={setCode} maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder={t('accountSecurity.codePlaceholder')} data-testid="bind-code" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" disabled={!sent} loading={busy && sent} data-testid="bind-confirm">{t('accountSecurity.confirmBind')}</Button>
          <Button onClick={() => onClose(false)}>{t('accountSecurity.cancel')}</Button>
        </Space>
      </Form>
    </Modal>
  );
}
