import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_KINDS, type SmsAccount } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

interface Draft {
  id?: string;
  name: string;
  kind: SmsAccount['kind'];
  endpoint: string;
  accessKey: string;
  /** Typed only to set or replace it: the server never sends it back. */
  secret: string;
  hasSecret: boolean;
}

const bodyOf = (d: Draft) => ({ name: d.name.trim(), kind: d.kind, endpoint: d.kind === 'http' ? d.endpoint.trim() : null, accessKey: d.accessKey.trim(), ...(d.secret ? { secret: d.secret } : {}) });

/**
 * `/sysop/smsservice` (decision 0083): SMS provider accounts. The development sink only writes the send log; an
 * HTTP provider posts each message to its endpoint (through the platform's outbound guard) with its sealed secret.
 */
export function SmsServicePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ accounts: SmsAccount[] }>(`${ACCESS_API}/sms/accounts`)).data.accounts, []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));
  const save = () => draft && dialog.submit(() => (draft.id ? api.put(`${ACCESS_API}/sms/accounts/${draft.id}`, bodyOf(draft), { json: true }) : api.post(`${ACCESS_API}/sms/accounts`, bodyOf(draft), { json: true })));
  const remove = async (id: string) => {
    setActionError(null);
    try {
      await api.delete(`${ACCESS_API}/sms/accounts/${id}`);
      await reload();
    } catch (failure) {
      setActionError((failure as Error).message);
    }
  };

  const columns = [
    { title: t('consoleAccess.ui.name'), dataIndex: 'name' },
    { title: t('consoleAccess.sms.kind'), dataIndex: 'kind', render: (kind: SmsAccount['kind']) => <Tag>{t(`consoleAccess.sms.kind.${kind}`)}</Tag> },
    { title: t('consoleAccess.sms.endpoint'), dataIndex: 'endpoint', render: (v: string | null) => v ?? '—' },
    { title: t('consoleAccess.sms.accessKey'), dataIndex: 'accessKey', render: (v: string) => v || '—' },
    { title: t('consoleAccess.sms.secret'), dataIndex: 'hasSecret', render: (has: boolean) => (has ? t('consoleAccess.ui.secretSet') : '—') },
    {
      title: t('consoleAccess.ui.actions'),
      dataIndex: 'id',
      width: 150,
      render: (id: string, a: SmsAccount) => (
        <Space size="mini">
          <Button size="mini" onClick={() => (dialog.setError(null), setDraft({ id, name: a.name, kind: a.kind, endpoint: a.endpoint ?? '', accessKey: a.accessKey, secret: '', hasSecret: a.hasSecret }))}>{t('consoleAccess.ui.edit')}</Button>
          <Popconfirm title={t('consoleAccess.ui.deleteConfirm', { name: a.name })} onOk={() => remove(id)}>
            <Button size="mini" status="danger">{t('consoleAccess.ui.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('routes.console.smsService')} data-testid="sms-accounts">
      <p className="qp-muted">{t('consoleAccess.sms.accountsHint')}</p>
      <Button type="primary" className="qp-gap" onClick={() => (dialog.setError(null), setDraft({ name: '', kind: 'sink', endpoint: '', accessKey: '', secret: '', hasSecret: false }))} data-testid="sms-account-add">
        {t('consoleAccess.sms.addAccount')}
      </Button>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} />}
      <Table rowKey="id" columns={columns} data={data ?? []} loading={loading && !data} pagination={false} noDataElement={t('consoleAccess.sms.noAccounts')} />
      {draft && (
        <Modal visible title={draft.id ? t('consoleAccess.sms.editAccount') : t('consoleAccess.sms.addAccount')} confirmLoading={dialog.busy} onOk={() => void save()} onCancel={() => setDraft(null)}
          okText={t('consoleAccess.ui.save')} cancelText={t('consoleAccess.ui.cancel')} okButtonProps={{ disabled: !draft.name.trim() || (draft.kind === 'http' && !draft.endpoint.trim()) }}>
          <Form layout="vertical">
            <Form.Item label={t('consoleAccess.ui.name')} required><Input aria-label={t('consoleAccess.ui.name')} value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} /></Form.Item>
            <Form.Item label={t('consoleAccess.sms.kind')} required>
              <Select aria-label={t('consoleAccess.sms.kind')} value={draft.kind} onChange={(kind: SmsAccount['kind']) => setDraft({ ...draft, kind })} options={SMS_KINDS.map((k) => ({ value: k, label: t(`consoleAccess.sms.kind.${k}`) }))} />
            </Form.Item>
            {draft.kind === 'http' && (
              <>
                <Form.Item label={t('consoleAccess.sms.endpoint')} required extra={t('consoleAccess.sms.endpointHint')}>
                  <Input aria-label={t('consoleAccess.sms.endpoint')} value={draft.endpoint} maxLength={500} placeholder="https://" onChange={(endpoint) => setDraft({ ...draft, endpoint })} />
                </Form.Item>
                <Form.Item label={t('consoleAccess.sms.accessKey')}><Input aria-label={t('consoleAccess.sms.accessKey')} value={draft.accessKey} maxLength={200} onChange={(accessKey) => setDraft({ ...draft, accessKey })} /></Form.Item>
                <Form.Item label={t('consoleAccess.sms.secret')} extra={draft.hasSecret ? t('consoleAccess.ui.secretKeep') : undefined}>
                  <Input.Password aria-label={t('consoleAccess.sms.secret')} value={draft.secret} maxLength={500} autoComplete="new-password" onChange={(secret) => setDraft({ ...draft, secret })} />
                </Form.Item>
              </>
            )}
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} />}
        </Modal>
      )}
    </Card>
  );
}
