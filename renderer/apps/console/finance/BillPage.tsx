import { Alert, Button, Card, DatePicker, Form, Popconfirm, Select, Space, Table, Tag } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATES, type FinanceBill, type FinanceChannel, type FinanceListing, type OrderState } from '../../../../shared/api/console-finance.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { FINANCE_API, money, } from './finance-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { NewOrderDialog, PayDialog, type SpaceChoice } from './OrderDialogs.tsx';
import { useLoad } from '../../../shell/use-load.ts';

interface Filters {
  spaceId?: string;
  state?: OrderState;
  from?: string;
  to?: string;
}
interface BillPage {
  bills: FinanceBill[];
  nextBefore: string | null;
  paidMinor: string;
  count: number;
}
const STATE_COLOR: Record<OrderState, string> = { pending: 'orange', paid: 'green', refunded: 'purple', cancelled: 'gray' };

const queryOf = (filters: Filters): Record<string, string> => Object.fromEntries(Object.entries(filters).filter(([, v]) => !!v)) as Record<string, string>;

/**
 * Bills (spec §2.4 financialbill): every space's orders with their state, filtered by space, state and period, the
 * exact paid total of the selection, an xlsx export; new orders for a space, and the moves a bill may make —
 * pay (pending), cancel (pending), refund (paid).
 */
export function FinancialBillPage({ match }: PageProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [filters, setFilters] = useState<Filters>({});
  const [applied, setApplied] = useState<Filters>({});
  const [more, setMore] = useState<FinanceBill[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'pay'; bill: FinanceBill } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const bills = useLoad(async () => {
    const answer = (await api.get<BillPage>(`${FINANCE_API}/bills`, { params: queryOf(applied) })).data;
    setMore([]);
    setNext(answer.nextBefore);
    return answer;
  }, [applied]);
  const context = useLoad(async () => {
    const [spaces, listings, channels] = await Promise.all([
      api.get<{ spaces: SpaceChoice[] }>('/api/console/spaces'),
      api.get<{ listings: FinanceListing[] }>(`${FINANCE_API}/listings`),
      api.get<{ channels: FinanceChannel[] }>(`${FINANCE_API}/channels`),
    ]);
    return { spaces: spaces.data.spaces, listings: listings.data.listings, channels: channels.data.channels };
  }, [api]);

  const loadMore = async () => {
    try {
      const answer = (await api.get<BillPage>(`${FINANCE_API}/bills`, { params: { ...queryOf(applied), before: next! } })).data;
      setMore((shown) => [...shown, ...answer.bills]);
      setNext(answer.nextBefore);
    } catch (caught) {
      setFailure((caught as Error).message);
    }
  };
  const act = async (bill: FinanceBill, action: 'cancel' | 'refund') => {
    try {
      await api.post(`${FINANCE_API}/orders/${bill.id}/${action}`, {}, { json: true });
      setFailure(null);
    } catch (caught) {
      setFailure((caught as Error).message);
    }
    await bills.reload();
  };
  const done = () => {
    setDialog(null);
    void bills.reload();
  };
  const exportHref = useMemo(() => apiUrl('', match.spaceUri, `${FINANCE_API}/bills/export?${new URLSearchParams({ ...queryOf(applied), lang: i18n.language })}`), [applied, i18n.language, match.spaceUri]);
  const shown = [...(bills.data?.bills ?? []), ...more];
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(i18n.language) : '—');

  const columns = [
    { title: t('finance.bills.number'), dataIndex: 'id', width: 90 },
    { title: t('finance.bills.space'), dataIndex: 'spaceName', render: (name: string, b: FinanceBill) => `${name} (${b.spaceId})` },
    { title: t('finance.bills.product'), dataIndex: 'productName' },
    { title: t('finance.bills.amount'), dataIndex: 'amountMinor', render: (minor: string) => money(minor) },
    { title: t('finance.bills.state'), dataIndex: 'state', render: (s: OrderState, b: FinanceBill) => <Tag color={STATE_COLOR[s]} data-testid={`bill-state-${b.id}`}>{t(`finance.state.${s}`)}</Tag> },
    { title: t('finance.bills.channel'), dataIndex: 'channelName', render: (name: string | null, b: FinanceBill) => (name ? <span title={b.paymentRef ?? ''}>{name}</span> : '—') },
    { title: t('finance.bills.createdAt'), dataIndex: 'createdAt', render: when },
    { title: t('finance.bills.paidAt'), dataIndex: 'paidAt', render: when },
    {
      title: t('finance.bills.validUntil'),
      dataIndex: 'validUntil',
      render: (until: string | null, b: FinanceBill) => (until ? <span data-testid={`bill-valid-${b.id}`}>{when(until)}{b.expiredAt ? ` · ${t('finance.bills.ended')}` : ''}</span> : '—'),
    },
    {
      title: t('finance.ui.actions'),
      dataIndex: 'state',
      render: (state: OrderState, b: FinanceBill) => (
        <Space>
          {state === 'pending' && <Button size="mini" type="primary" onClick={() => void context.reload().then(() => setDialog({ kind: 'pay', bill: b }))} data-testid={`bill-pay-${b.id}`}>{t('finance.bills.pay')}</Button>}
          {state === 'pending' && (
            <Popconfirm title={t('finance.bills.cancelConfirm', { id: b.id })} onOk={() => void act(b, 'cancel')}>
              <Button size="mini" data-testid={`bill-cancel-${b.id}`}>{t('finance.bills.cancelOrder')}</Button>
            </Popconfirm>
          )}
          {state === 'paid' && (
            <Popconfirm title={t('finance.bills.refundConfirm', { id: b.id })} onOk={() => void act(b, 'refund')}>
              <Button size="mini" status="warning" data-testid={`bill-refund-${b.id}`}>{t('finance.bills.refund')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('finance.bills.title')} data-testid="finance-bills">
      <p className="qp-muted">{t('finance.bills.hint')}</p>
      <Form layout="inline" className="qp-gap" onSubmit={() => setApplied(filters)}>
        <Form.Item label={t('finance.bills.space')}>
          <Select allowClear showSearch style={{ width: 220 }} value={filters.spaceId} onChange={(spaceId?: string) => setFilters({ ...filters, spaceId })} aria-label={t('finance.bills.space')} data-testid="bill-filter-space"
            options={(context.data?.spaces ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))} />
        </Form.Item>
        <Form.Item label={t('finance.bills.state')}>
          <Select allowClear style={{ width: 130 }} value={filters.state} onChange={(state?: OrderState) => setFilters({ ...filters, state })} aria-label={t('finance.bills.state')} data-testid="bill-filter-state"
            options={ORDER_STATES.map((s) => ({ value: s, label: t(`finance.state.${s}`) }))} />
        </Form.Item>
        <Form.Item label={t('finance.bills.period')}>
          <DatePicker.RangePicker style={{ width: 260 }} value={filters.from && filters.to ? [filters.from, filters.to] : undefined} onChange={(dates?: string[]) => setFilters({ ...filters, from: dates?.[0], to: dates?.[1] })} data-testid="bill-filter-period" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="bill-apply">{t('finance.bills.apply')}</Button>
          <Button href={exportHref} target="_blank" icon={<IconDownload />} data-testid="bill-export">{t('finance.bills.export')}</Button>
          <Button onClick={() => void context.reload().then(() => setDialog({ kind: 'new' }))} data-testid="bill-new">{t('finance.bills.newOrder')}</Button>
        </Space>
      </Form>
      {bills.error && <LoadFailed message={bills.error} onRetry={() => void bills.reload()} />}
      {context.error && <LoadFailed message={context.error} onRetry={() => void context.reload()} />}
      {failure && <Alert type="error" className="qp-gap" content={failure} data-testid="bill-error" />}
      {bills.data && <p data-testid="bill-total">{t('finance.bills.total', { count: bills.data.count, paid: money(bills.data.paidMinor) })}</p>}
      <Table rowKey="id" columns={columns} data={shown} loading={bills.loading && !bills.data} pagination={false} noDataElement={t('finance.bills.empty')} data-testid="bill-table" />
      {next && <Button long className="qp-gap" onClick={() => void loadMore()} data-testid="bill-more">{t('finance.bills.more')}</Button>}
      {dialog?.kind === 'new' && context.data && <NewOrderDialog spaces={context.data.spaces} listings={context.data.listings} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'pay' && context.data && <PayDialog bill={dialog.bill} channels={context.data.channels} onClose={() => setDialog(null)} onDone={done} />}
    </Card>
  );
}
