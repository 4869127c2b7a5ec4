import { Alert, Button, Card, Empty, Form, Input, Message, Select, Space, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EnterpriseRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { PATHS, QuotaFields, quotasOf, useProviders } from './model.tsx';

interface EditForm {
  name: string;
  owner: string;
  quotas?: { members?: number; apps?: number; storageMb?: number };
}

/**
 * sysop/enterprise/edit?id=: a space's name, owner and quotas. Moving it to another provider moves the saas
 * memberships with it; a quota below what the space uses is refused by the server, naming it.
 */
export function EnterpriseEditPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const id = typeof match.query['id'] === 'string' ? match.query['id'] : '';
  const { providers } = useProviders();
  const [form] = Form.useForm<EditForm>();
  const [space, setSpace] = useState<EnterpriseRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(() => {
    Message.success(t('consoleSpaces.space.saved'));
    navigate(PATHS.space(id));
  });

  useEffect(() => {
    if (!id) return;
    api.get<EnterpriseRow>(`/api/console/enterprises/${encodeURIComponent(id)}`).then(
      (answer) => {
        const row = answer.data;
        setSpace(row);
        form.setFieldsValue({ name: row.name, owner: row.providerId ?? 'platform', quotas: { members: row.quotas.members ?? undefined, apps: row.quotas.apps ?? undefined, storageMb: row.quotas.storageMb ?? undefined } });
      },
      (failure: Error) => setLoadError(failure.message),
    );
  }, [api, id]);

  if (!id) return <Empty description={t('consoleSpaces.space.noneChosen')} />;
  if (loadError) return <Alert type="error" content={loadError} />;
  if (!space) return <Spin />;

  const save = (values: EditForm) =>
    submit(() =>
      api.request('patch', `/api/console/enterprises/${encodeURIComponent(id)}`, {
        body: { name: values.name, providerId: values.owner === 'platform' ? null : values.owner, quotas: quotasOf(values.quotas) },
        json: true,
      }),
    );

  return (
    <Card title={t('consoleSpaces.space.editTitle', { name: space.name })} data-testid="space-edit">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onSubmit={save} autoComplete="off">
        <Form.Item label={t('consoleSpaces.space.name')} field="name" rules={[{ required: true, message: t('consoleSpaces.form.required') }]}>
          <Input aria-label={t('consoleSpaces.space.name')} data-testid="space-name" maxLength={100} />
        </Form.Item>
        <Form.Item label={t('consoleSpaces.space.owner')} field="owner" extra={t('consoleSpaces.space.ownerHint')}>
          <Select aria-label={t('consoleSpaces.space.owner')} data-testid="space-owner"
            options={[{ value: 'platform', label: t('consoleSpaces.space.platform') }, ...(providers ?? []).filter((p) => p.status === 'active' || p.id === space.providerId).map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))]} />
        </Form.Item>
        <QuotaFields />
        {error && <Alert type="error" content={error} className="qp-gap" data-testid="space-edit-error" />}
        <Space className="qp-gap">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="space-save">
            {t('consoleSpaces.form.save')}
          </Button>
          <Button onClick={() => navigate(PATHS.space(id))}>{t('consoleSpaces.form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
