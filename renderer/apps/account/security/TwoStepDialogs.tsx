import { Alert, Button, Form, Input, Message, Modal, Radio, Space, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetupView } from '../../../../shared/api/account-security.ts';
import { useServices } from '../../../shell/services.tsx';

interface DialogProps {
  onClose: (changed: boolean) => void;
}

/**
 * Set-up (decision 0056): the server makes a secret and shows it once (QR, link and key), the member proves a code
 * from their app, and gets ten recovery codes, shown only here.
 */
export function SetUpTwoStepDialog({ onClose }: DialogProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [setup, setSetup] = useState<TotpSetupView | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.post<TotpSetupView>('/api/account/security/two-step/setup', {}, { json: true }).then(
      (answer) => setSetup(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  async function confirm() {
    if (!/^[0-9]{6}$/.test(code)) return setError(t('accountSecurity.codeRequired'));
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ recoveryCodes: string[] }>('/api/account/security/two-step/confirm', { code }, { json: true });
      Message.success(t(answer.msg));
      setCodes(answer.data.recoveryCodes);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal visible title={t(codes ? 'accountSecurity.recoveryTitle' : 'accountSecurity.setupTitle')} onCancel={() => onClose(!!codes)} footer={null} data-testid="two-step-dialog">
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="two-step-error" />}
      {codes ? (
        <>
          <p>{t('accountSecurity.recoveryHint')}</p>
          <ul className="qp-recovery-codes" data-testid="recovery-codes">
            {codes.map((c) => <li key={c}><code>{c}</code></li>)}
          </ul>
          <Button type="primary" onClick={() => onClose(true)} data-testid="recovery-saved">{t('accountSecurity.recoverySaved')}</Button>
        </>
      ) : !setup ? (
        !error && <Spin />
      ) : (
        <Form layout="vertical" onSubmit={confirm}>
          <p>{t('accountSecurity.setupScan')}</p>
          <img src={setup.qr} alt={t('accountSecurity.qrAlt')} width={200} height={200} data-testid="two-step-qr" />
          <p>
            {t('accountSecurity.setupKey')}: <code data-testid="two-step-secret">{setup.secret}</code>
          </p>
          <p style={{ wordBreak: 'break-all' }}>
            {t('accountSecurity.setupUri')}: <code data-testid="two-step-uri">{setup.uri}</code>
          </p>
          <Form.Item label={t('accountSecurity.code')}>
            <Input aria-label={t('accountSecurity.code')} value={code} onChange={setCode} maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder={t('accountSecurity.codePlaceholder')} data-testid="two-step-code" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="two-step-confirm">{t('accountSecurity.turnOn')}</Button>
            <Button onClick={() => onClose(false)}>{t('accountSecurity.cancel')}</Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}

/** Turning two-step verification off needs the password or a current code. */
export function CloseTwoStepDialog({ onClose }: DialogProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [by, setBy] = useState<'password' | 'code'>('password');
  const [proof, setProof] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post('/api/account/security/two-step/disable', by === 'password' ? { password: proof } : { code: proof }, { json: true });
      Message.success(t(answer.msg));
      onClose(true);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <Modal visible title={t('accountSecurity.closeTitle')} onCancel={() => onClose(false)} footer={null} data-testid="two-step-close-dialog">
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="two-step-close-error" />}
      <p>{t('accountSecurity.closeHint')}</p>
      <Form layout="vertical" onSubmit={submit}>
        <Radio.Group type="button" value={by} onChange={(value: 'password' | 'code') => { setBy(value); setProof(''); }} className="qp-gap">
          <Radio value="password">{t('accountSecurity.closeByPassword')}</Radio>
          <Radio value="code">{t('accountSecurity.closeByCode')}</Radio>
        </Radio.Group>
        <Form.Item label={t(by === 'password' ? 'accountSecurity.closeByPassword' : 'accountSecurity.closeByCode')}>
          {by === 'password' ? (
            <Input.Password aria-label={t('accountSecurity.closeByPassword')} value={proof} onChange={setProof} autoComplete="current-password" maxLength={256} data-testid="two-step-close-proof" />
          ) : (
            <Input aria-label={t('accountSecurity.closeByCode')} value={proof} onChange={setProof} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="two-step-close-proof" />
          )}
        </Form.Item>
        <Space>
          <Button type="primary" status="danger" htmlType="submit" loading={busy} data-testid="two-step-close-confirm">{t('accountSecurity.turnOff')}</Button>
          <Button onClick={() => onClose(false)}>{t('accountSecurity.cancel')}</Button>
        </Space>
      </Form>
    </Modal>
  );
}
