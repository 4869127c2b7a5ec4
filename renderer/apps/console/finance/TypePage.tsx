import { Alert, Button, Card, Form, Input, Modal, Select, Table } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPE_KINDS, type FinanceType, type TypeKind } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useLoad } from '../../../shell/use-load.ts';

type Draft = { id?: string; name: string; kind: TypeKind; note: string };

/**
 * Product types (spec §2.4 financialtype): the categories products are sold under — paid app, quota pack,
 * subscription. The kind is fixed once a type exists, since its products were checked against it.
 */
export function FinancialTypePage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ types: FinanceType[] }>(`${FINANCE_API}/types`)).data.types, [api]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));

  const save = () =>
    dialog.submit(() =>
      draft?.id
        ? api.request('patch', `${FINANCE_API}/types/${draft.id}`, { body: { name: draft.name, note: draft.note }, json: true })
        : api.post(`${FINANCE_API}/types`, { name: draft!.name, kind: draft!.kind, note: draft!.note }, { json: true }),
    );
  const open = (value: Draft) => {
    dialog.setError(null);
    setDraft(value);
  };

  const columns = [
    { title: t('finance.ui.name'), dataIndex: 'name' },
    { title: t('finance.ui.kind'), dataIndex: 'kind', render: (kind: TypeKind) => t(`finance.kind.${kind}`) },
    { title: t('finance.ui.note'), dataIndex: 'note', render: (note: string) => note || '—' },
    { title: t('finance.ui.productCount'), dataIndex: 'products', width: 100 },
    {
      title: t('finance.ui.actions'),
      dataIndex: 'id',
      width: 100,
      render: (_: string, type: FinanceType) => (
        <Button size="mini" onClick={() => open({ id: type.id, name: type.name, kind: type.kind, note: type.note })} data-testid={`type-edit-${type.id}`}>
          {t('finance.ui.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('finance.types.title')} data-testid="finance-types">
      <p className="qp-muted">{t('finance.types.hint')}</p>
      <Button type="primary" className="qp-gap" onClick={() => open({ name: '', kind: 'quota', note: '' })} data-testid="type-add">
        {t('finance.types.add')}
      </Button>
      {error && <LoadFailed message={error} onRetry={() => void reload()} />}
      <Table rowKey="id" columns={columns} data={data ?? []} loading={loading && !data} pagination={false} noDataElement={t('finance.types.empty')} data-testid="type-table" />
      {draft && (
        <Modal visible title={draft.id ? t('finance.types.edit') : t('finance.types.add')} confirmLoading={dialog.busy} onOk={save} onCancel={() => setDraft(null)} okText={t('finance.ui.save')} cancelText={t('finance.ui.cancel')}>
          <Form layout="vertical">
            <Form.Item label={t('finance.ui.name')} required>
              <Input value={draft.name} maxLength={60} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('finance.ui.name')} data-testid="type-name" />
            </Form.Item>
            <Form.Item label={t('finance.ui.kind')} required extra={t('finance.types.kindHint')}>
              <Select value={draft.kind} disabled={!!draft.id} onChange={(kind: TypeKind) => setDraft({ ...draft, kind })} aria-label={t('finance.ui.kind')} data-testid="type-kind"
                options={TYPE_KINDS.map((kind) => ({ value: kind, label: t(`finance.kind.${kind}`) }))} />
            </Form.Item>
            <Form.Item label={t('finance.ui.note')}>
              <Input.TextArea value={draft.note} maxLength={300} onChange={(note) => setDraft({ ...draft, note })} aria-label={t('finance.ui.note')} data-testid="type-note" />
            </Form.Item>
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} data-testid="type-error" />}
        </Modal>
      )}
    </Card>
  );
}
