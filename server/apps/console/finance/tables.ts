import type { ColumnType, Generated } from 'kysely';
import type { ChannelKind, OrderState, TypeKind } from '../../../../shared/api/console-finance.ts';

/** Payments (console migration 0006): platform tables written only by root's console routes. */
type Id = ColumnType<string, never, never>;
type Created = ColumnType<Date, never, never>;
/** bigint money: read as its decimal text (pool.ts), written as an integer. */
type Money = ColumnType<string, number, number>;

export interface FinanceTypeTable {
  id: Id;
  name: string;
  kind: TypeKind;
  note: Generated<string>;
  created_at: Created;
}

export interface FinanceProductTable {
  id: Id;
  type_id: string;
  name: string;
  app_id: string | null;
  add_members: Generated<number>;
  add_storage_mb: Generated<number>;
  add_apps: Generated<number>;
  price_minor: Money;
  currency: Generated<'CNY'>;
  period_months: number | null;
  status: Generated<'active' | 'retired'>;
  created_at: Created;
}

export interface FinanceListingTable {
  id: Id;
  product_id: string;
  title: string;
  blurb: Generated<string>;
  sort: Generated<number>;
  on_sale: Generated<boolean>;
  created_at: Created;
}

export interface FinanceChannelTable {
  id: Id;
  kind: ChannelKind;
  name: string;
  enabled: Generated<boolean>;
  merchant_id: string | null;
  gateway_url: string | null;
  secret_sealed: string | null;
  created_at: Created;
}

export interface FinanceOrderTable {
  id: Id;
  space_id: string;
  product_id: string;
  product_name: string;
  type_kind: TypeKind;
  app_id: string | null;
  add_members: number;
  add_storage_mb: number;
  add_apps: number;
  period_months: number | null;
  amount_minor: Money;
  currency: Generated<'CNY'>;
  state: Generated<OrderState>;
  channel_id: string | null;
  payment_ref: string | null;
  valid_until: Date | null;
  /** When a subscription's period ended and its increments were taken back. */
  expired_at: Date | null;
  note: Generated<string>;
  created_by: string | null;
  created_at: Created;
  paid_at: Date | null;
  closed_at: Date | null;
}

declare module '../../../kernel/db/schema.ts' {
  interface Database {
    finance_type: FinanceTypeTable;
    finance_product: FinanceProductTable;
    finance_listing: FinanceListingTable;
    finance_channel: FinanceChannelTable;
    finance_order: FinanceOrderTable;
  }
}
