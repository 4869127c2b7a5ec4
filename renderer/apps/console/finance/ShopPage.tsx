import { Alert, Button, Card, Popconfirm, Space, Switch, Table, Tag } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FinanceListing } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, financePath, money, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useLoad } from '../../../shell/use-load.ts';

/**
 * The shop (spec §2.4 financialshop): the products on sale, in the order they are offered, each switched on or off.
 * Only a listed product that is on sale can be ordered; adding and editing a listing is the edit page's.
 */
export function FinancialShopPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<{ listings: FinanceListing[] }>(`${FINANCE_API}/listings`)).data.listings, [api]);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setFailure(null);
    } catch (caught) {
      setFailure((caught as Error).message);
    }
    await reload();
  };
  const patch = (id: string, body: Record<string, unknown>) => change(() => api.request('patch', `${FINANCE_API}/listings/${id}`, { body, json: true }));
  // One request per move: the listing goes just before (or after) its neighbour.
  const moveBy = (index: number, step: -1 | 1) => {
    const neighbour = data?.[index + step];
    if (neighbour) void patch(data![index]!.id, { sort: neighbour.sort + step });
  };

  const columns = [
    { title: t('finance.shop.listingTitle'), dataIndex: 'title', render: (title: string, l: FinanceListing) => <span data-testid={`listing-${l.productId}`}>{title}</span> },
    { title: t('finance.shop.product'), dataIndex: 'productName', render: (name: string, l: FinanceListing) => (l.productStatus === 'retired' ? <span>{name} <Tag>{t('finance.products.status.retired')}</Tag></span> : name) },
    { title: t('finance.ui.price'), dataIndex: 'priceMinor', render: (minor: string, l: FinanceListing) => `${money(minor)}${l.periodMonths ? ` / ${t('finance.ui.months', { n: l.periodMonths })}` : ''}` },
    {
      title: t('finance.shop.onSale'),
      dataIndex: 'onSale',
      render: (onSale: boolean, l: FinanceListing) => <Switch checked={onSale} onChange={(value) => void patch(l.id, { onSale: value })} aria-label={t('finance.shop.onSaleOf', { title: l.title })} data-testid={`listing-sale-${l.id}`} />,
    },
    {
      title: t('finance.ui.actions'),
      dataIndex: 'id',
      render: (id: string, l: FinanceListing, index: number) => (
        <Space>
          <Button size="mini" icon={<IconArrowUp />} disabled={index === 0} onClick={() => moveBy(index, -1)} aria-label={t('finance.shop.up')} data-testid={`listing-up-${id}`} />
          <Button size="mini" icon={<IconArrowDown />} disabled={index === (data?.length ?? 0) - 1} onClick={() => moveBy(index, 1)} aria-label={t('finance.shop.down')} data-testid={`listing-down-${id}`} />
          <Button size="mini" onClick={() => navigate(financePath('financialShopEdit', { id }))} data-testid={`listing-edit-${id}`}>{t('finance.ui.edit')}</Button>
          <Popconfirm title={t('finance.shop.removeConfirm', { title: l.title })} onOk={() => void change(() => api.delete(`${FINANCE_API}/listings/${id}`))}>
            <Button size="mini" status="danger" data-testid={`listing-remove-${id}`}>{t('finance.shop.remove')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('finance.shop.title')} data-testid="finance-shop">
      <p className="qp-muted">{t('finance.shop.hint')}</p>
      <Button type="primary" className="qp-gap" onClick={() => navigate(financePath('financialShopEdit'))} data-testid="listing-add">{t('finance.shop.add')}</Button>
      {error && <LoadFailed message={error} onRetry={() => void reload()} />}
      {failure && <Alert type="error" className="qp-gap" content={failure} data-testid="listing-error" />}
      <Table rowKey="id" columns={columns} data={data ?? []} loading={loading && !data} pagination={false} noDataElement={t('finance.shop.empty')} data-testid="listing-table" />
    </Card>
  );
}
