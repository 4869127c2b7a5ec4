import { Alert, Button, Card, Form, Input, Message, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { AccountFields, PATHS, withoutEmpty } from './model.tsx';

interface ProviderForm {
  id: string;
  name: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  note?: string;
  account: { loginId: string; name: string; password: string };
}

/** sysop/addSaas: a new service provider with its first saas account, made in one step. */
export function SaasAddPage(_props: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProviderForm>();
  const { busy, error, submit } = useSubmit(() => {
    Message.success(t('consoleSpaces.provider.created'));
    navigate(PATHS.providers);
  });
  const required = [{ required: true, message: t('consoleSpaces.form.required') }];

  const save = (values: ProviderForm) =>
    submit(() => {
      const { account, ...provider } = values;
      return api.post('/api/console/providers', { ...withoutEmpty(provider), account }, { json: true });
    });

  return (
    <Card title={t('consoleSpaces.provider.addTitle')} data-testid="provider-add">
      <p className="qp-muted">{t('consoleSpaces.provider.addHint')}</p>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onSubmit={save} autoComplete="off">
        <Form.Item label={t('consoleSpaces.provider.id')} field="id" rules={[...required, { match: /^[a-z0-9]{1,32}$/, message: t('consoleSpaces.provider.idRule') }]} extra={t('consoleSpaces.provider.idRule')}>
          <Input aria-label={t('consoleSpaces.provider.id')} data-testid="provider-id" maxLength={32} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.provider.name')} field="name" rules={required}>
          <Input aria-label={t('consoleSpaces.provider.name')} data-testid="provider-name" maxLength={100} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.provider.contactName')} field="contactName">
          <Input aria-label={t('consoleSpaces.provider.contactName')} maxLength={100} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.provider.contactPhone')} field="contactPhone">
          <Input aria-label={t('consoleSpaces.provider.contactPhone')} maxLength={20} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.provider.contactEmail')} field="contactEmail">
          <Input aria-label={t('consoleSpaces.provider.contactEmail')} maxLength={200} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.provider.note')} field="note">
          <Input.TextArea aria-label={t('consoleSpaces.provider.note')} maxLength={1000} />
        </Form.Item>
        <h3>{t('consoleSpaces.provider.firstAccount')}</h3>
        <AccountFields prefix="account" testId="provider-account" />
        {error && <Alert type="error" content={error} className="qp-gap" data-testid="provider-add-error" />}
        <Space className="qp-gap">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="provider-save">
            {t('consoleSpaces.form.save')}
          </Button>
          <Button onClick={() => navigate(PATHS.providers)}>{t('consoleSpaces.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
