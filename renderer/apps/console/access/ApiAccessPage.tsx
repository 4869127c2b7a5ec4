import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_API, PLATFORM_SCOPES, type ApiKey, type CreatedApiKey, type PlatformScope } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, when } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

interface Draft {
  name: string;
  scopes: PlatformScope[];
  ratePerMinute: number;
  expiresAt: string | null;
}

function stateOf(key: ApiKey): 'revoked' | 'expired' | 'active' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && Date.parse(key.expiresAt) <= Date.now() ? 'expired' : 'active';
}
const COLORS = { active: 'green', revoked: 'gray', expired: 'orangered' } as const;

/**
 * `/apiaccess` (decision 0082): root's platform API keys — named, scoped, rate-limited, optionally expiring. The
 * secret is shown once, right after creation; afterwards only its last four characters.
 */
export function ApiAccessPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ keys: ApiKey[] }>(`${ACCESS_API}/keys`)).data.keys, []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const dialog = useSubmit<CreatedApiKey>((key) => (setDraft(null), setCreated(key), void reload()));
  const save = () => draft && dialog.submit(async () => (await api.post<CreatedApiKey>(`${ACCESS_API}/keys`, { ...draft, name: draft.name.trim() }, { json: true })).data);
  const revoke = async (id: string) => {
    setActionError(null);
    try {
      await api.post(`${ACCESS_API}/keys/${id}/revoke`, {}, { json: true });
      await reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  };

  const columns = [
    { title: t('consoleAccess.ui.name'), dataIndex: 'name' },
    { title: t('consoleAccess.keys.scopes'), dataIndex: 'scopes', render: (scopes: PlatformScope[]) => scopes.map((s) => <Tag key={s}>{t(`consoleAccess.scope.${s}`)}</Tag>) },
    { title: t('consoleAccess.keys.secret'), dataIndex: 'last4', render: (last4: string) => `qpk_…${last4}` },
    { title: t('consoleAccess.keys.rate'), dataIndex: 'ratePerMinute', render: (n: number) => t('consoleAccess.keys.perMinute', { n }) },
    { title: t('consoleAccess.keys.expires'), dataIndex: 'expiresAt', render: (at: string | null) => (at ? when(at) : t('consoleAccess.keys.never')) },
    { title: t('consoleAccess.keys.lastUsed'), dataIndex: 'lastUsedAt', render: when },
    { title: t('consoleAccess.ui.status'), dataIndex: 'id', render: (_: string, key: ApiKey) => <Tag color={COLORS[stateOf(key)]}>{t(`consoleAccess.keys.state.${stateOf(key)}`)}</Tag> },
    {
      title: t('consoleAccess.ui.actions'),
      dataIndex: 'id',
      width: 100,
      render: (id: string, key: ApiKey) =>
        key.revokedAt ? null : (
          <Popconfirm title={t('consoleAccess.keys.revokeConfirm', { name: key.name })} onOk={() => revoke(id)}>
            <Button size="mini" status="danger" data-testid={`key-revoke-${id}`}>{t('consoleAccess.keys.revoke')}</Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title={t('routes.console.apiAccess')} data-testid="api-access">
      <p className="qp-muted">{t('consoleAccess.keys.hint', { path: PLATFORM_API })}</p>
      <Button type="primary" className="qp-gap" onClick={() => (dialog.setError(null), setDraft({ name: '', scopes: [], ratePerMinute: 60, expiresAt: null }))} data-testid="key-add">
        {t('consoleAccess.keys.add')}
      </Button>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} />}
      <Table rowKey="id" columns={columns} data={data ?? []} loading={loading && !data} pagination={{ pageSize: 20 }} noDataElement={t('consoleAccess.keys.empty')} data-testid="key-table" />
      {draft && (
        <Modal visible title={t('consoleAccess.keys.add')} confirmLoading={dialog.busy} onOk={() => void save()} onCancel={() => setDraft(null)} okText={t('consoleAccess.keys.create')} cancelText={t('consoleAccess.ui.cancel')}
          okButtonProps={{ disabled: !draft.name.trim() || draft.scopes.length === 0, id: 'key-create' }}>
          <Form layout="vertical">
            <Form.Item label={t('consoleAccess.ui.name')} required>
              <Input aria-label={t('consoleAccess.ui.name')} value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} data-testid="key-name" />
            </Form.Item>
            <Form.Item label={t('consoleAccess.keys.scopes')} required>
              <Checkbox.Group value={draft.scopes} onChange={(scopes: PlatformScope[]) => setDraft({ ...draft, scopes })}
                options={PLATFORM_SCOPES.map((s) => ({ value: s, label: <span data-testid={`key-scope-${s}`}>{t(`consoleAccess.scope.${s}`)}</span> }))} />
            </Form.Item>
            <Form.Item label={t('consoleAccess.keys.rate')} required>
              <InputNumber aria-label={t('consoleAccess.keys.rate')} min={1} max={10000} precision={0} value={draft.ratePerMinute} onChange={(n) => setDraft({ ...draft, ratePerMinute: n ?? 1 })} suffix={t('consoleAccess.keys.perMinuteUnit')} data-testid="key-rate" />
            </Form.Item>
            <Form.Item label={t('consoleAccess.keys.expires')} extra={t('consoleAccess.keys.expiresHint')}>
              <DatePicker aria-label={t('consoleAccess.keys.expires')} showTime style={{ width: '100%' }} disabledDate={(d) => d.valueOf() < Date.now() - 86_400_000}
                onChange={(_, d) => setDraft({ ...draft, expiresAt: d ? d.toDate().toISOString() : null })} />
            </Form.Item>
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} data-testid="key-error" />}
        </Modal>
      )}
      {created && (
        <Modal visible title={t('consoleAccess.keys.createdTitle', { name: created.name })} onOk={() => setCreated(null)} hideCancel okText={t('consoleAccess.keys.saved')}>
          <Alert type="warning" className="qp-gap" content={t('consoleAccess.keys.onceWarning')} />
          <Typography.Paragraph copyable code data-testid="key-secret">{created.secret}</Typography.Paragraph>
        </Modal>
      )}
    </Card>
  );
}
