import { Alert, Button, Card, Form, Input, Modal, Select, Switch, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS, type ChannelKind, type FinanceChannel } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Draft {
  id?: string;
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  merchantId: string;
  gatewayUrl: string;
  /** Typed only to set or replace the key: the server never sends it back. */
  secret: string;
  hasSecret: boolean;
}

function bodyOf(draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = { name: draft.name, enabled: draft.enabled };
  if (draft.kind !== 'dev') {
    body.merchantId = draft.merchantId.trim() || null;
    body.gatewayUrl = draft.gatewayUrl.trim() || null;
    if (draft.secret) body.secret = draft.secret;
  }
  return draft.id ? body : { ...body, kind: draft.kind };
}

/**
 * Payment channels (spec §2.4 financialchannel). The development channel settles a bill at once; provider channels
 * keep a merchant number, a gateway address (checked by the platform's outbound guard) and a key sealed on the
 * server and never shown again. No provider is contacted: this version has no connector to any.
 */
export function FinancialChannelPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ channels: FinanceChannel[] }>(`${FINANCE_API}/channels`)).data.channels, [api]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));
  const open = (value: Draft) => {
    dialog.setError(null);
    setDraft(value);
  };
  const save = () => draft && dialog.submit(() => (draft.id ? api.request('patch', `${FINANCE_API}/channels/${draft.id}`, { body: bodyOf(draft), json: true }) : api.post(`${FINANCE_API}/channels`, bodyOf(draft), { json: true })));

  const columns = [
    { title: t('finance.ui.name'), dataIndex: 'name' },
    { title: t('finance.channels.kind'), dataIndex: 'kind', render: (kind: ChannelKind) => t(`finance.channel.kind.${kind}`) },
    { title: t('finance.channels.settles'), dataIndex: 'settles', render: (settles: boolean) => (settles ? <Tag color="green">{t('finance.channels.settlesNow')}</Tag> : <Tag>{t('finance.channels.noConnector')}</Tag>) },
    { title: t('finance.channels.gateway'), dataIndex: 'gatewayUrl', render: (url: string | null) => url ?? '—' },
    { title: t('finance.channels.secret'), dataIndex: 'hasSecret', render: (has: boolean) => (has ? t('finance.channels.secretSet') : '—') },
    { title: t('finance.ui.status'), dataIndex: 'enabled', render: (on: boolean) => <Tag color={on ? 'green' : 'gray'}>{on ? t('finance.channels.enabled') : t('finance.channels.disabled')}</Tag> },
    {
      title: t('finance.ui.actions'),
      dataIndex: 'id',
      width: 100,
      render: (id: string, c: FinanceChannel) => (
        <Button size="mini" onClick={() => open({ id, kind: c.kind, name: c.name, enabled: c.enabled, merchantId: c.merchantId ?? '', gatewayUrl: c.gatewayUrl ?? '', secret: '', hasSecret: c.hasSecret })} data-testid={`channel-edit-${id}`}>
          {t('finance.ui.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('finance.channels.title')} data-testid="finance-channels">
      <p className="qp-muted">{t('finance.channels.hint')}</p>
      <Button type="primary" className="qp-gap" onClick={() => open({ kind: 'alipay', name: '', enabled: true, merchantId: '', gatewayUrl: '', secret: '', hasSecret: false })} data-testid="channel-add">
        {t('finance.channels.add')}
      </Button>
      {error && <LoadFailed message={error} onRetry={() => void reload()} />}
      <Table rowKey="id" columns={columns} data={data ?? []} loading={loading && !data} pagination={false} noDataElement={t('finance.channels.empty')} data-testid="channel-table" />
      {draft && (
        <Modal visible title={draft.id ? t('finance.channels.edit') : t('finance.channels.add')} confirmLoading={dialog.busy} onOk={() => void save()} onCancel={() => setDraft(null)} okText={t('finance.ui.save')} cancelText={t('finance.ui.cancel')}>
          <Form layout="vertical">
            <Form.Item label={t('finance.channels.kind')} required>
              <Select value={draft.kind} disabled={!!draft.id} onChange={(kind: ChannelKind) => setDraft({ ...draft, kind })} aria-label={t('finance.channels.kind')} data-testid="channel-kind"
                options={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`finance.channel.kind.${kind}`) }))} />
            </Form.Item>
            <Form.Item label={t('finance.ui.name')} required>
              <Input value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('finance.ui.name')} data-testid="channel-name" />
            </Form.Item>
            {draft.kind !== 'dev' && (
              <>
                <Form.Item label={t('finance.channels.merchant')}>
                  <Input value={draft.merchantId} maxLength={64} onChange={(merchantId) => setDraft({ ...draft, merchantId })} aria-label={t('finance.channels.merchant')} data-testid="channel-merchant" />
                </Form.Item>
                <Form.Item label={t('finance.channels.gateway')} extra={t('finance.channels.gatewayHint')}>
                  <Input value={draft.gatewayUrl} maxLength={500} placeholder="https://" onChange={(gatewayUrl) => setDraft({ ...draft, gatewayUrl })} aria-label={t('finance.channels.gateway')} data-testid="channel-gateway" />
                </Form.Item>
                <Form.Item label={t('finance.channels.secret')} extra={draft.hasSecret ? t('finance.channels.secretKeep') : t('finance.channels.secretHint')}>
                  <Input.Password value={draft.secret} maxLength={4000} autoComplete="new-password" onChange={(secret) => setDraft({ ...draft, secret })} aria-label={t('finance.channels.secret')} data-testid="channel-secret" />
                </Form.Item>
              </>
            )}
            <Form.Item label={t('finance.channels.enabled')}>
              <Switch checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} aria-label={t('finance.channels.enabled')} data-testid="channel-enabled" />
            </Form.Item>
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} data-testid="channel-error" />}
        </Modal>
      )}
    </Card>
  );
}
