-- Payments (issue 17, decisions 0087–0088): product types, products, the shop's listings, payment channels and
-- the bills (orders) root raises for a space. Platform tables: only root's console reads or writes them (routes
-- guarded by role); `finance_order` names a space but is root's ledger about it, listed in PLATFORM_TABLES.
-- Money is an integer number of minor units (fen), never a float.
create table finance_type (
  id bigint generated always as identity primary key,
  name text not null unique check (char_length(name) between 1 and 60),
  -- What its products sell: a paid store app, a quota pack (once), or a subscription (quota for a period).
  kind text not null check (kind in ('app', 'quota', 'subscription')),
  note text not null default '' check (char_length(note) <= 300),
  created_at timestamptz not null default now()
);

create table finance_product (
  id bigint generated always as identity primary key,
  type_id bigint not null references finance_type (id),
  name text not null unique check (char_length(name) between 1 and 80),
  -- A paid store app by its id (the store's own table is another part's; the id is kept as given).
  app_id text check (app_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  add_members integer not null default 0 check (add_members between 0 and 100000),
  add_storage_mb integer not null default 0 check (add_storage_mb between 0 and 10000000),
  add_apps integer not null default 0 check (add_apps between 0 and 10000),
  price_minor bigint not null check (price_minor between 1 and 100000000000),
  currency text not null default 'CNY' check (currency = 'CNY'),
  -- null: bought once, for good; else the months one purchase covers.
  period_months integer check (period_months between 1 and 120),
  status text not null default 'active' check (status in ('active', 'retired')),
  created_at timestamptz not null default now(),
  -- A product sells an app or a quota increment, never both and never neither.
  check ((app_id is not null) <> (add_members + add_storage_mb + add_apps > 0))
);

-- The shop: which products are on sale, under which title, in which order.
create table finance_listing (
  id bigint generated always as identity primary key,
  product_id bigint not null unique references finance_product (id),
  title text not null check (char_length(title) between 1 and 80),
  blurb text not null default '' check (char_length(blurb) <= 300),
  sort integer not null default 0,
  on_sale boolean not null default true,
  created_at timestamptz not null default now()
);

create table finance_channel (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('dev', 'alipay', 'wechat', 'unionpay')),
  name text not null unique check (char_length(name) between 1 and 60),
  enabled boolean not null default true,
  merchant_id text check (char_length(merchant_id) <= 64),
  -- The provider's gateway address, checked by the outbound guard when saved.
  gateway_url text check (char_length(gateway_url) <= 500),
  -- Sealed with the platform's SecretBox (server/kernel/secrets.ts); never returned by any route.
  secret_sealed text,
  created_at timestamptz not null default now(),
  check (kind <> 'dev' or (gateway_url is null and secret_sealed is null))
);

create table finance_order (
  id bigint generated always as identity primary key,
  space_id text not null references spaces (id),
  product_id bigint not null references finance_product (id),
  -- What was bought, as it was when ordered: a later price or product change does not rewrite a bill.
  product_name text not null,
  type_kind text not null check (type_kind in ('app', 'quota', 'subscription')),
  app_id text,
  add_members integer not null default 0,
  add_storage_mb integer not null default 0,
  add_apps integer not null default 0,
  period_months integer,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null default 'CNY' check (currency = 'CNY'),
  -- pending → paid → refunded, or pending → cancelled; the routes move it only along these edges.
  state text not null default 'pending' check (state in ('pending', 'paid', 'refunded', 'cancelled')),
  channel_id bigint references finance_channel (id),
  payment_ref text,
  valid_until timestamptz,
  note text not null default '' check (char_length(note) <= 300),
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  closed_at timestamptz,
  check ((state = 'pending') = (paid_at is null and closed_at is null))
);
create index finance_order_space on finance_order (space_id, created_at desc);
create index finance_order_created on finance_order (created_at desc, id desc);

-- A channel that settles at once, so the whole purchase runs without any provider (development, demos, tests).
insert into finance_channel (kind, name) values ('dev', '开发渠道 Development');

grant select, insert, update on finance_type, finance_product, finance_listing, finance_channel, finance_order to qpaas_app;

grant delete on finance_listing to qpaas_app;
