-- The space's AI model connection and what its members used (aisetting; decision 0047). The API key is kept only
-- sealed (AES-256-GCM, server/kernel/secrets.ts): never in clear.
create table org_ai_settings (
  space_id text primary key references spaces (id),
  enabled boolean not null default false,
  base_url text not null check (length(base_url) between 1 and 500 and base_url ~ '^https?://'),
  model text not null check (length(model) between 1 and 100),
  key_sealed text,
  timeout_seconds integer not null check (timeout_seconds between 5 and 120),
  monthly_token_budget bigint check (monthly_token_budget > 0),
  roles text[] not null check (
    cardinality(roles) > 0 and roles <@ array['saas', 'admin', 'user', 'safe', 'audit']::text[]),
  updated_at timestamptz not null default now()
);

-- One row per call that went out (answered or failed): the month's budget and the usage panel are sums over it.
-- `user_id` is null for work the platform does on its own (a scheduled logic step).
create table org_ai_usage (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  user_id bigint references users (id),
  feature text not null check (feature ~ '^[a-z][A-Za-z0-9.]{0,59}$'),
  tokens_in integer not null check (tokens_in >= 0),
  tokens_out integer not null check (tokens_out >= 0),
  ok boolean not null,
  failure text check (length(failure) <= 100),
  latency_ms integer not null check (latency_ms >= 0),
  at timestamptz not null default now(),
  primary key (space_id, id)
);
create index org_ai_usage_at on org_ai_usage (space_id, at);

select space_owned('org_ai_settings', 'org_ai_usage');
-- Usage is a record: the app adds to it and reads it, never changes or removes a row.
revoke update, delete on org_ai_usage from qpaas_app;
