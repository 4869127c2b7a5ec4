import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, yuanToMinor, type FinanceProduct, type FinanceType } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, money, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Draft {
  id?: string;
  typeId: string;
  name: string;
  appId: string;
  addMembers: number;
  addStorageMb: number;
  addApps: number;
  price: string;
  periodMonths: number | null;
  retired: boolean;
}
const EMPTY: Draft = { typeId: '', name: '', appId: '', addMembers: 0, addStorageMb: 0, addApps: 0, price: '', periodMonths: null, retired: false };

/** The request body of a draft, or the message why it cannot be sent (the price is typed in yuan, sent in fen). */
function bodyOf(draft: Draft, kind: FinanceType['kind'] | undefined, t: (key: string) => string): Record<string, unknown> | string {
  const priceMinor = yuanToMinor(draft.price);
  if (priceMinor === null || priceMinor < 1) return t('finance.products.badPrice');
  if (draft.id) return { name: draft.name, priceMinor, periodMonths: draft.periodMonths, status: draft.retired ? 'retired' : 'active' };
  const sells = kind === 'app' ? { appId: draft.appId.trim() } : { addMembers: draft.addMembers, addStorageMb: draft.addStorageMb, addApps: draft.addApps };
  return { typeId: draft.typeId, name: draft.name, ...sells, priceMinor, periodMonths: draft.periodMonths };
}

/** What a product sells, in words: the app, or the quota increments. */
export function sells(p: Pick<FinanceProduct, 'appId' | 'addMembers' | 'addStorageMb' | 'addApps'>, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (p.appId) return t('finance.products.sellsApp', { app: p.appId });
  const parts = [p.addMembers && t('finance.products.addMembersN', { n: p.addMembers }), p.addStorageMb && t('finance.products.addStorageN', { n: p.addStorageMb }), p.addApps && t('finance.products.addAppsN', { n: p.addApps })];
  return parts.filter(Boolean).join(t('finance.ui.listSeparator'));
}

/**
 * Products (spec §2.4 financialproduct): what is sold — a paid store app by its id, or a quota pack of members,
 * storage and apps — at a price in yuan (kept in fen), once or per period. Retiring stops new orders; bills keep theirs.
 */
export function FinancialProductPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => {
    const [products, types] = await Promise.all([api.get<{ products: FinanceProduct[] }>(`${FINANCE_API}/products`), api.get<{ types: FinanceType[] }>(`${FINANCE_API}/types`)]);
    return { products: products.data.products, types: types.data.types };
  }, [api]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const dialog = useSubmit(() => (setDraft(null), void reload()));
  const kind = data?.types.find((type) => type.id === draft?.typeId)?.kind;

  const save = () => {
    if (!draft) return;
    const body = bodyOf(draft, kind, t);
    if (typeof body === 'string') return dialog.setError(body);
    void dialog.submit(() => (draft.id ? api.request('patch', `${FINANCE_API}/products/${draft.id}`, { body, json: true }) : api.post(`${FINANCE_API}/products`, body, { json: true })));
  };
  const open = (value: Draft) => {
    dialog.setError(null);
    setDraft(value);
  };
  const edit = (p: FinanceProduct) => open({ ...EMPTY, id: p.id, typeId: p.typeId, name: p.name, price: formatMinor(p.priceMinor), periodMonths: p.periodMonths, retired: p.status === 'retired' });

  const columns = [
    { title: t('finance.ui.name'), dataIndex: 'name' },
    { title: t('finance.products.type'), dataIndex: 'typeName', render: (name: string, p: FinanceProduct) => `${name} · ${t(`finance.kind.${p.kind}`)}` },
    { title: t('finance.products.sells'), dataIndex: 'appId', render: (_: string, p: FinanceProduct) => sells(p, t) },
    { title: t('finance.ui.price'), dataIndex: 'priceMinor', render: (minor: string) => money(minor) },
    { title: t('finance.ui.period'), dataIndex: 'periodMonths', render: (n: number | null) => (n ? t('finance.ui.months', { n }) : t('finance.ui.once')) },
    { title: t('finance.ui.status'), dataIndex: 'status', render: (s: string) => <Tag color={s === 'active' ? 'green' : 'gray'}>{t(`finance.products.status.${s}`)}</Tag> },
    { title: t('finance.ui.actions'), dataIndex: 'id', width: 100, render: (_: string, p: FinanceProduct) => <Button size="mini" onClick={() => edit(p)} data-testid={`product-edit-${p.id}`}>{t('finance.ui.edit')}</Button> },
  ];

  return (
    <Card title={t('finance.products.title')} data-testid="finance-products">
      <p className="qp-muted">{t('finance.products.hint')}</p>
      <Button type="primary" className="qp-gap" disabled={!data?.types.length} onClick={() => open({ ...EMPTY, typeId: data?.types[0]?.id ?? '' })} data-testid="product-add">
        {t('finance.products.add')}
      </Button>
      {data && data.types.length === 0 && <Alert className="qp-gap" content={t('finance.products.noTypes')} data-testid="product-no-types" />}
      {error && <LoadFailed message={error} onRetry={() => void reload()} />}
      <Table rowKey="id" columns={columns} data={data?.products ?? []} loading={loading && !data} pagination={false} noDataElement={t('finance.products.empty')} data-testid="product-table" />
      {draft && (
        <Modal visible title={draft.id ? t('finance.products.edit') : t('finance.products.add')} confirmLoading={dialog.busy} onOk={save} onCancel={() => setDraft(null)} okText={t('finance.ui.save')} cancelText={t('finance.ui.cancel')}>
          <Form layout="vertical">
            <Form.Item label={t('finance.products.type')} required>
              <Select value={draft.typeId || undefined} disabled={!!draft.id} onChange={(typeId: string) => setDraft({ ...draft, typeId })} aria-label={t('finance.products.type')} data-testid="product-type"
                options={(data?.types ?? []).map((type) => ({ value: type.id, label: `${type.name} · ${t(`finance.kind.${type.kind}`)}` }))} />
            </Form.Item>
            <Form.Item label={t('finance.ui.name')} required>
              <Input value={draft.name} maxLength={80} onChange={(name) => setDraft({ ...draft, name })} aria-label={t('finance.ui.name')} data-testid="product-name" />
            </Form.Item>
            {!draft.id && kind === 'app' && (
              <Form.Item label={t('finance.products.appId')} required extra={t('finance.products.appIdHint')}>
                <Input value={draft.appId} maxLength={64} onChange={(appId) => setDraft({ ...draft, appId })} aria-label={t('finance.products.appId')} data-testid="product-app" />
              </Form.Item>
            )}
            {!draft.id && kind && kind !== 'app' && (
              <>
                <Form.Item label={t('finance.products.addMembers')}>
                  <InputNumber min={0} max={100000} precision={0} value={draft.addMembers} onChange={(n) => setDraft({ ...draft, addMembers: n ?? 0 })} aria-label={t('finance.products.addMembers')} data-testid="product-members" />
                </Form.Item>
                <Form.Item label={t('finance.products.addStorage')}>
                  <InputNumber min={0} max={10000000} precision={0} value={draft.addStorageMb} onChange={(n) => setDraft({ ...draft, addStorageMb: n ?? 0 })} aria-label={t('finance.products.addStorage')} data-testid="product-storage" />
                </Form.Item>
                <Form.Item label={t('finance.products.addApps')}>
                  <InputNumber min={0} max={10000} precision={0} value={draft.addApps} onChange={(n) => setDraft({ ...draft, addApps: n ?? 0 })} aria-label={t('finance.products.addApps')} data-testid="product-apps" />
                </Form.Item>
              </>
            )}
            <Form.Item label={t('finance.products.priceYuan')} required extra={t('finance.products.priceHint')}>
              <Input value={draft.price} maxLength={14} onChange={(price) => setDraft({ ...draft, price })} aria-label={t('finance.products.priceYuan')} data-testid="product-price" />
            </Form.Item>
            <Form.Item label={t('finance.ui.period')}>
              <Select value={draft.periodMonths ?? 0} onChange={(n: number) => setDraft({ ...draft, periodMonths: n || null })} aria-label={t('finance.ui.period')} data-testid="product-period"
                options={[0, 1, 3, 6, 12, 24, 36].map((n) => ({ value: n, label: n ? t('finance.ui.months', { n }) : t('finance.ui.once') }))} />
            </Form.Item>
            {draft.id && (
              <Form.Item label={t('finance.products.retired')}>
                <Switch checked={draft.retired} onChange={(retired) => setDraft({ ...draft, retired })} aria-label={t('finance.products.retired')} data-testid="product-retired" />
              </Form.Item>
            )}
          </Form>
          {dialog.error && <Alert type="error" content={dialog.error} data-testid="product-error" />}
        </Modal>
      )}
    </Card>
  );
}
