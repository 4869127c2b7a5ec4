import { Alert, Button, Card, Form, Input, Message, Select, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EnterpriseRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { AccountFields, PATHS, QuotaFields, quotasOf, useProviders, withoutEmpty } from './model.tsx';

interface SpaceForm {
  id?: string;
  name: string;
  owner: string;
  quotas?: { members?: number; apps?: number; storageMb?: number };
  admin: { loginId: string; name: string; password: string; phone?: string; email?: string };
}

/** sysop/enterprise/add: a new enterprise space with its first administrator, its owner and its quotas, in one step. */
export function EnterpriseAddPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { providers, error: providersError } = useProviders();
  const [form] = Form.useForm<SpaceForm>();
  const { busy, error, submit } = useSubmit((answer: { data: EnterpriseRow }) => {
    Message.success(t('consoleSpaces.space.created'));
    navigate(PATHS.space(answer.data.id));
  });
  const required = [{ required: true, message: t('consoleSpaces.form.required') }];
  const preset = match.query['provider'];

  const save = (values: SpaceForm) =>
    submit(() =>
      api.post<EnterpriseRow>(
        '/api/console/enterprises',
        {
          ...withoutEmpty({ id: values.id?.trim() }),
          name: values.name,
          providerId: values.owner === 'platform' ? null : values.owner,
          quotas: quotasOf(values.quotas),
          admin: withoutEmpty(values.admin),
        },
        { json: true },
      ),
    );

  return (
    <Card title={t('consoleSpaces.space.addTitle')} data-testid="space-add">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onSubmit={save} autoComplete="off" initialValues={{ owner: typeof preset === 'string' ? preset : 'platform' }}>
        <Form.Item label={t('consoleSpaces.space.name')} field="name" rules={required}>
          <Input aria-label={t('consoleSpaces.space.name')} data-testid="space-name" maxLength={100} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.space.id')} field="id" extra={t('consoleSpaces.space.idHint')} rules={[{ match: /^[a-z0-9]{1,32}$/, message: t('consoleSpaces.space.idHint') }]}>
          <Input aria-label={t('consoleSpaces.space.id')} data-testid="space-id" maxLength={32} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.space.owner')} field="owner" rules={required}>
          <Select aria-label={t('consoleSpaces.space.owner')} data-testid="space-owner"
            options={[{ value: 'platform', label: t('consoleSpaces.space.platform') }, ...(providers ?? []).filter((p) => p.status === 'active').map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))]} />
        </Form.Item>
        {providersError && <Alert type="error" content={providersError} className="qp-gap" />}
        <QuotaFields />
        <h3>{t('consoleSpaces.space.firstAdmin')}</h3>
        <AccountFields prefix="admin" testId="space-admin" contact />
        {error && <Alert type="error" content={error} className="qp-gap" data-testid="space-add-error" />}
        <Space className="qp-gap">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="space-save">
            {t('consoleSpaces.form.save')}
          </Button>
          <Button onClick={() => navigate(PATHS.enterprises)}>{t('consoleSpaces.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
