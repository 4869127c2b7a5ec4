import { Alert, Form, Input, Modal, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceBill, FinanceChannel, FinanceListing } from '../../../../shared/api/console-finance.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import { FINANCE_API, money } from './finance-api.ts';

export interface SpaceChoice {
  id: string;
  name: string;
  status: string;
}

/**
 * A new order (a pending bill) for a space, of a product the shop has on sale. Root raises it for the space in this
 * issue; an administrator's own purchase page is not among its routes.
 */
export function NewOrderDialog(props: { spaces: SpaceChoice[]; listings: FinanceListing[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState({ spaceId: '', productId: '', note: '' });
  const dialog = useSubmit(props.onDone);
  const onSale = props.listings.filter((l) => l.onSale && l.productStatus === 'active');
  const save = () => dialog.submit(() => api.post(`${FINANCE_API}/orders`, { spaceId: draft.spaceId, productId: draft.productId, ...(draft.note.trim() ? { note: draft.note } : {}) }, { json: true }));
  return (
    <Modal visible title={t('finance.bills.newOrder')} confirmLoading={dialog.busy} onOk={() => void save()} onCancel={props.onClose} okText={t('finance.bills.create')} cancelText={t('finance.ui.cancel')} okButtonProps={{ disabled: !draft.spaceId || !draft.productId }}>
      <Form layout="vertical">
        <Form.Item label={t('finance.bills.space')} required>
          <Select showSearch value={draft.spaceId || undefined} onChange={(spaceId: string) => setDraft({ ...draft, spaceId })} aria-label={t('finance.bills.space')} data-testid="order-space"
            options={props.spaces.filter((s) => s.status !== 'archived').map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))} />
        </Form.Item>
        <Form.Item label={t('finance.bills.product')} required>
          <Select value={draft.productId || undefined} onChange={(productId: string) => setDraft({ ...draft, productId })} aria-label={t('finance.bills.product')} data-testid="order-product"
            notFoundContent={t('finance.bills.nothingOnSale')}
            options={onSale.map((l) => ({ value: l.productId, label: `${l.title} · ${money(l.priceMinor)}` }))} />
        </Form.Item>
        <Form.Item label={t('finance.ui.note')}>
          <Input value={draft.note} maxLength={300} onChange={(note) => setDraft({ ...draft, note })} aria-label={t('finance.ui.note')} data-testid="order-note" />
        </Form.Item>
      </Form>
      {dialog.error && <Alert type="error" content={dialog.error} data-testid="order-error" />}
    </Modal>
  );
}

/** Pays a pending bill through a channel: the development channel settles it at once; a provider channel says it is not connected. */
export function PayDialog(props: { bill: FinanceBill; channels: FinanceChannel[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const usable = props.channels.filter((c) => c.enabled);
  const [channelId, setChannelId] = useState(usable.find((c) => c.settles)?.id ?? '');
  const dialog = useSubmit(props.onDone);
  const pay = () => dialog.submit(() => api.post(`${FINANCE_API}/orders/${props.bill.id}/pay`, { channelId }, { json: true }));
  return (
    <Modal visible title={t('finance.bills.payTitle', { id: props.bill.id })} confirmLoading={dialog.busy} onOk={() => void pay()} onCancel={props.onClose} okText={t('finance.bills.pay')} cancelText={t('finance.ui.cancel')} okButtonProps={{ disabled: !channelId }}>
      <p>{t('finance.bills.payWhat', { product: props.bill.productName, space: props.bill.spaceName, amount: money(props.bill.amountMinor) })}</p>
      <Form layout="vertical">
        <Form.Item label={t('finance.bills.channel')} required>
          <Select value={channelId || undefined} onChange={setChannelId} aria-label={t('finance.bills.channel')} data-testid="pay-channel" notFoundContent={t('finance.bills.noChannel')}
            options={usable.map((c) => ({ value: c.id, label: `${c.name} · ${t(`finance.channel.kind.${c.kind}`)}` }))} />
        </Form.Item>
      </Form>
      {dialog.error && <Alert type="error" content={dialog.error} data-testid="pay-error" />}
    </Modal>
  );
}
