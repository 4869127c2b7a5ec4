import { Alert, Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChangeProblems, type PasswordChange } from '../../../shared/validation/password.ts';
import { useServices } from '../../shell/services.tsx';

/**
 * /home/modifyPassword (spec §2.5, §5): current, new and confirmation; the same rules as the server
 * (shared/validation/password.ts) are checked before sending, the server's answer is shown as it words it.
 */
export function ModifyPasswordPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm<PasswordChange>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: PasswordChange) {
    setError(null);
    const problem = passwordChangeProblems(values)[0];
    if (problem) {
      const params = Object.fromEntries(Object.entries(problem.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? t(v) : v]));
      form.setFields({ [problem.field]: { error: { message: t(problem.key, params) } } });
      return;
    }
    setBusy(true);
    try {
      const { currentPassword, newPassword, confirmPassword } = values;
      const answer = await api.post('/api/account/password', { currentPassword, newPassword, confirmPassword }, { json: true });
      Message.success(t(answer.msg ?? 'account.passwordChanged'));
      form.resetFields();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('shell.modifyPassword.title')} className="qp-narrow-card">
      <p className="qp-muted">{t('account.passwordAdvice')}</p>
      {error && <Alert type="error" content={error} data-testid="password-error" className="qp-gap" />}
      {/* A field's error (set on submit) is about its old value: editing the field clears it. */}
      <Form
        form={form}
        layout="vertical"
        onSubmit={submit}
        onValuesChange={(changed) => form.setFields(Object.fromEntries(Object.keys(changed).map((field) => [field, { error: undefined }])))}
      >
        <Form.Item label={t('account.currentPassword')} field="currentPassword" data-testid="current-password-item">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('account.newPassword')} field="newPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('account.confirmPassword')} field="confirmPassword">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('shell.modifyPassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
