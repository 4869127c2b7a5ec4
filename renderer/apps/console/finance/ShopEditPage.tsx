import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Spin, Switch } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FinanceListing, FinanceProduct } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, financePath, money, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Draft {
  productId: string;
  title: string;
  blurb: string;
  sort: number | null;
  onSale: boolean;
}

/**
 * A shop listing (spec §2.4 financialshop/edit): which product, under which title and blurb, where in the order,
 * on sale or not. Without `?id=` it puts a product in the shop; a product is listed at most once.
 */
export function FinancialShopEditPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const id = typeof match.query.id === 'string' ? match.query.id : null;
  const { data, error, loading, reload } = useLoad(async () => {
    const [listings, products] = await Promise.all([api.get<{ listings: FinanceListing[] }>(`${FINANCE_API}/listings`), api.get<{ products: FinanceProduct[] }>(`${FINANCE_API}/products`)]);
    return { listings: listings.data.listings, products: products.data.products };
  }, [id]);
  const listing = id ? data?.listings.find((l) => l.id === id) : undefined;
  const [draft, setDraft] = useState<Draft>({ productId: '', title: '', blurb: '', sort: null, onSale: true });
  const back = () => navigate(financePath('financialShop'));
  const form = useSubmit(back);
  useEffect(() => {
    if (listing) setDraft({ productId: listing.productId, title: listing.title, blurb: listing.blurb, sort: listing.sort, onSale: listing.onSale });
  }, [listing]);

  // Products that may still be listed: sold, and not in the shop already.
  const listed = new Set(data?.listings.map((l) => l.productId));
  const choices = (data?.products ?? []).filter((p) => p.status === 'active' && !listed.has(p.id));
  const save = () =>
    form.submit(() => {
      const body = { title: draft.title, blurb: draft.blurb, onSale: draft.onSale, ...(draft.sort !== null ? { sort: draft.sort } : {}) };
      return listing ? api.request('patch', `${FINANCE_API}/listings/${listing.id}`, { body, json: true }) : api.post(`${FINANCE_API}/listings`, { ...body, productId: draft.productId }, { json: true });
    });
  const pick = (productId: string) => {
    const product = data?.products.find((p) => p.id === productId);
    setDraft({ ...draft, productId, title: draft.title || product?.name || '' });
  };

  const title = listing ? t('finance.shopEdit.editTitle', { title: listing.title }) : t('finance.shopEdit.addTitle');
  return (
    <Card title={title} data-testid="finance-shop-edit">
      {error && <LoadFailed message={error} onRetry={() => void reload()} />}
      {loading && !data && <Spin />}
      {data && id && !listing && <Alert type="warning" className="qp-gap" content={t('finance.shopEdit.missing')} data-testid="shop-edit-missing" />}
      {data && !listing && !id && choices.length === 0 && <Alert className="qp-gap" content={t('finance.shopEdit.nothingToList')} data-testid="shop-edit-nothing" />}
      {data && (listing || !id) && (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={t('finance.shop.product')} required>
            {listing ? (
              <span>{listing.productName} · {money(listing.priceMinor)}</span>
            ) : (
              <Select value={draft.productId || undefined} onChange={pick} aria-label={t('finance.shop.product')} data-testid="shop-edit-product"
                options={choices.map((p) => ({ value: p.id, label: `${p.name} · ${money(p.priceMinor)}` }))} />
            )}
          </Form.Item>
          <Form.Item label={t('finance.shop.listingTitle')} required>
            <Input value={draft.title} maxLength={80} onChange={(value) => setDraft({ ...draft, title: value })} aria-label={t('finance.shop.listingTitle')} data-testid="shop-edit-title" />
          </Form.Item>
          <Form.Item label={t('finance.shopEdit.blurb')}>
            <Input.TextArea value={draft.blurb} maxLength={300} onChange={(blurb) => setDraft({ ...draft, blurb })} aria-label={t('finance.shopEdit.blurb')} data-testid="shop-edit-blurb" />
          </Form.Item>
          <Form.Item label={t('finance.shopEdit.sort')} extra={t('finance.shopEdit.sortHint')}>
            <InputNumber precision={0} min={-100000} max={100000} value={draft.sort ?? undefined} onChange={(sort) => setDraft({ ...draft, sort: sort ?? null })} aria-label={t('finance.shopEdit.sort')} data-testid="shop-edit-sort" />
          </Form.Item>
          <Form.Item label={t('finance.shop.onSale')}>
            <Switch checked={draft.onSale} onChange={(onSale) => setDraft({ ...draft, onSale })} aria-label={t('finance.shop.onSale')} data-testid="shop-edit-on-sale" />
          </Form.Item>
          {form.error && <Alert type="error" className="qp-gap" content={form.error} data-testid="shop-edit-error" />}
          <Space>
            <Button type="primary" loading={form.busy} onClick={() => void save()} data-testid="shop-edit-save">{t('finance.ui.save')}</Button>
            <Button onClick={back}>{t('finance.ui.cancel')}</Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
