import { Alert, Form, Input, Modal, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normaliseLanguage, type Language } from '../../../shared/i18n/index.ts';
import { MAIL_TEST_PATH, isEmailAddress, type MailSettingsInput } from '../../../shared/org/mail-settings.ts';
import { MAIL_TEMPLATE_KEYS } from '../../../shared/org/mail-templates.ts';
import { useServices } from '../../shell/services.tsx';

const NO_TEMPLATE = '';

/**
 * "Send a test": the server really sends one message through the settings in the form (saved or not) —
 * the platform's test message, or a template filled with sample values — in the language chosen. Its refusal (a
 * blocked address, no answer, a wrong password) is shown here in the user's language.
 */
export function MailTestDialog(props: { settings: MailSettingsInput; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<Language>(normaliseLanguage(i18n.language) ?? 'zh-CN');
  const [templateKey, setTemplateKey] = useState(NO_TEMPLATE);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!isEmailAddress(to.trim())) return setError(t('mail.badRecipient', { to: to.trim() }));
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      const body = { to: to.trim(), language, settings: props.settings, ...(templateKey ? { templateKey } : {}) };
      const answer = await api.post(MAIL_TEST_PATH, body, { json: true, timeout: 60_000 });
      setSent(t(answer.msg || 'org.mail.testSent', answer.params));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal visible title={t('org.mail.testTitle')} confirmLoading={busy} onCancel={props.onClose} onOk={() => void send()}
      okText={t('org.mail.testSend')} cancelText={t('org.mail.back')} okButtonProps={{ 'data-testid': 'mail-test-send' } as object}>
      <p className="qp-muted">{t('org.mail.testHint')}</p>
      <Form layout="vertical" onSubmit={() => void send()}>
        <Form.Item label={t('org.mail.testTo')} required>
          <Input value={to} onChange={setTo} maxLength={254} placeholder="name@example.com" aria-label={t('org.mail.testTo')} data-testid="mail-test-to" />
        </Form.Item>
        <Form.Item label={t('org.mail.testLanguage')}>
          <Select value={language} onChange={setLanguage} aria-label={t('org.mail.testLanguage')} data-testid="mail-test-language"
            options={LANGUAGES.map((l) => ({ value: l, label: t(`org.mail.language.${l}`) }))} />
        </Form.Item>
        <Form.Item label={t('org.mail.testTemplate')}>
          <Select value={templateKey} onChange={setTemplateKey} aria-label={t('org.mail.testTemplate')} data-testid="mail-test-template"
            options={[{ value: NO_TEMPLATE, label: t('org.mail.testTemplate.none') }, ...MAIL_TEMPLATE_KEYS.map((k) => ({ value: k, label: t(`org.mail.templateName.${k}`) }))]} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="mail-test-error" />}
      {sent && <Alert type="success" content={sent} data-testid="mail-test-sent" />}
    </Modal>
  );
}
