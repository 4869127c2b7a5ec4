import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { Lang, SpaceId, Strict } from './common.ts';

/**
 * Root's payments (spec §2.4 sysop/financial*; decisions 0087–0088): product types, products, the shop,
 * payment channels and bills. Money travels as an integer number of minor units (fen) in, and as a decimal string
 * of minor units out (PostgreSQL bigint): never a float anywhere.
 */
export const FINANCE_API = '/api/console/finance';

export const TYPE_KINDS = ['app', 'quota', 'subscription'] as const;
export type TypeKind = (typeof TYPE_KINDS)[number];
export const CHANNEL_KINDS = ['dev', 'alipay', 'wechat', 'unionpay'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const ORDER_STATES = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The only moves a bill makes (anything else is 409): pay, cancel, refund. */
export const ORDER_EDGES = { pay: ['pending', 'paid'], cancel: ['pending', 'cancelled'], refund: ['paid', 'refunded'] } as const;
export type OrderAction = keyof typeof ORDER_EDGES;

/** The largest price a product may have: 1,000,000,000.00 CNY, far inside a double's exact integers. */
export const MAX_PRICE_MINOR = 100_000_000_000;

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Name = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Array<TLiteral<T>>>;
const Increment = (max: number) => Type.Integer({ minimum: 0, maximum: max });
const Price = Type.Integer({ minimum: 1, maximum: MAX_PRICE_MINOR });
const Period = Type.Union([Type.Integer({ minimum: 1, maximum: 120 }), Type.Null()]);

export const FinanceIdParam = Strict({ id: Id });

export const TypeBody = Strict({ name: Name(60), kind: lit(TYPE_KINDS), note: Type.Optional(Type.String({ maxLength: 300 })) });
export const TypePatch = Type.Object({ name: Type.Optional(Name(60)), note: Type.Optional(Type.String({ maxLength: 300 })) }, { additionalProperties: false, minProperties: 1 });

export const ProductBody = Strict({
  typeId: Id,
  name: Name(80),
  appId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
  addMembers: Type.Optional(Increment(100_000)),
  addStorageMb: Type.Optional(Increment(10_000_000)),
  addApps: Type.Optional(Increment(10_000)),
  priceMinor: Price,
  periodMonths: Type.Optional(Period),
});
export type ProductInput = Static<typeof ProductBody>;
/** What may change on a product: its name, price, period and whether it is still sold (bills keep what they were). */
export const ProductPatch = Type.Object(
  { name: Type.Optional(Name(80)), priceMinor: Type.Optional(Price), periodMonths: Type.Optional(Period), status: Type.Optional(lit(['active', 'retired'] as const)) },
  { additionalProperties: false, minProperties: 1 },
);

export const ListingBody = Strict({
  productId: Id,
  title: Name(80),
  blurb: Type.Optional(Type.String({ maxLength: 300 })),
  sort: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
  onSale: Type.Optional(Type.Boolean()),
});
export const ListingPatch = Type.Object(
  {
    title: Type.Optional(Name(80)),
    blurb: Type.Optional(Type.String({ maxLength: 300 })),
    sort: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    onSale: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

const channelFields = {
  name: Name(60),
  enabled: Type.Optional(Type.Boolean()),
  merchantId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  gatewayUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  /** Write-only: sealed when saved, never answered back (the answer says only whether one is set). */
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
};
export const ChannelBody = Strict({ kind: lit(CHANNEL_KINDS), ...channelFields });
export type ChannelInput = Static<typeof ChannelBody>;
export const ChannelPatch = Type.Object({ ...channelFields, name: Type.Optional(Name(60)) }, { additionalProperties: false, minProperties: 1 });

export const OrderBody = Strict({ spaceId: SpaceId, productId: Id, note: Type.Optional(Type.String({ maxLength: 300 })) });
export const PayBody = Strict({ channelId: Id });

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
const billFilters = { spaceId: Type.Optional(SpaceId), state: Type.Optional(lit(ORDER_STATES)), from: Type.Optional(Day), to: Type.Optional(Day), lang: Lang };
export const BillQuery = Strict({ ...billFilters, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })), before: Type.Optional(Id) });
export const BillExportQuery = Strict(billFilters);
export type BillFilters = Static<typeof BillExportQuery>;

export interface FinanceType {
  id: string;
  name: string;
  kind: TypeKind;
  note: string;
  products: number;
}
export interface FinanceProduct {
  id: string;
  typeId: string;
  typeName: string;
  kind: TypeKind;
  name: string;
  appId: string | null;
  addMembers: number;
  addStorageMb: number;
  addApps: number;
  priceMinor: string;
  currency: 'CNY';
  periodMonths: number | null;
  status: 'active' | 'retired';
}
export interface FinanceListing {
  id: string;
  productId: string;
  productName: string;
  priceMinor: string;
  periodMonths: number | null;
  productStatus: 'active' | 'retired';
  title: string;
  blurb: string;
  sort: number;
  onSale: boolean;
}
export interface FinanceChannel {
  id: string;
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  merchantId: string | null;
  gatewayUrl: string | null;
  hasSecret: boolean;
  /** Whether paying through it settles here (the development channel) or needs a provider connector. */
  settles: boolean;
}
export interface FinanceBill {
  id: string;
  spaceId: string;
  spaceName: string;
  productId: string;
  productName: string;
  kind: TypeKind;
  appId: string | null;
  addMembers: number;
  addStorageMb: number;
  addApps: number;
  periodMonths: number | null;
  amountMinor: string;
  currency: 'CNY';
  state: OrderState;
  channelName: string | null;
  paymentRef: string | null;
  validUntil: string | null;
  /** A subscription whose period ended: its increments were taken back then. */
  expiredAt: string | null;
  note: string;
  createdAt: string;
  paidAt: string | null;
  closedAt: string | null;
}

/**
 * Yuan as typed ("199", "199.5", "199.50") to minor units, by text, so no binary fraction ever rounds a price;
 * null when it is not an amount with at most two decimals.
 */
export function yuanToMinor(text: string): number | null {
  const match = /^\s*(\d{1,10})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units (a bigint's decimal text or a safe integer) as yuan with two decimals: "1234" → "12.34". */
export function formatMinor(minor: string | number): string {
  const text = String(minor);
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
