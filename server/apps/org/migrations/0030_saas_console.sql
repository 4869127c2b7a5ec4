-- Issue 17: the service provider's own console (decisions 0071, 0074, 0075). Every table here is provider-owned: a
-- provider_id and no space_id, forced row-level security on app.provider_id (unset = no rows), so one provider's
-- settings and notices are invisible to every other provider by the database's rule, not by a WHERE clause.

-- What the provider shows its spaces about itself (systemmanagement): name and contacts.
create table org_saas_profile (
  provider_id text primary key references providers (id),
  display_name text not null check (length(display_name) between 1 and 100),
  contact_name text not null default '' check (length(contact_name) <= 100),
  contact_phone text not null default '' check (length(contact_phone) <= 30),
  contact_email text not null default '' check (length(contact_email) <= 200),
  service_note text not null default '' check (length(service_note) <= 1000),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);

-- The provider's defaults for its new spaces (saasconsole/appConfig, decision 0075): language and quotas.
create table org_saas_defaults (
  provider_id text primary key references providers (id),
  default_language text not null default 'zh-CN' check (default_language in ('zh-CN', 'en')),
  quota_members integer check (quota_members > 0),
  quota_apps integer check (quota_apps > 0),
  quota_storage_mb integer check (quota_storage_mb > 0),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);

-- Notices from a provider to all or chosen spaces of its own, delivered to each space's administrators when due.
-- The chosen spaces are a list, not rows with a space_id: the notice is the provider's, not the spaces'.
create table org_saas_notice (
  provider_id text not null references providers (id),
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 200),
  body text not null check (length(body) between 1 and 4000),
  all_spaces boolean not null,
  space_ids text[] not null default '{}' check (cardinality(space_ids) <= 500),
  scheduled_at timestamptz not null,
  state text not null default 'scheduled' check (state in ('scheduled', 'delivered')),
  delivered_at timestamptz,
  delivered_spaces integer not null default 0,
  recipients integer not null default 0,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  check (all_spaces or cardinality(space_ids) > 0)
);
create index org_saas_notice_list on org_saas_notice (provider_id, id desc);
create index org_saas_notice_due on org_saas_notice (provider_id, scheduled_at) where state = 'scheduled';

alter table org_saas_profile enable row level security;
alter table org_saas_profile force row level security;
create policy org_saas_profile_provider on org_saas_profile
  using (provider_id = (select nullif(current_setting('app.provider_id', true), '')))
  with check (provider_id = (select nullif(current_setting('app.provider_id', true), '')));

alter table org_saas_defaults enable row level security;
alter table org_saas_defaults force row level security;
create policy org_saas_defaults_provider on org_saas_defaults
  using (provider_id = (select nullif(current_setting('app.provider_id', true), '')))
  with check (provider_id = (select nullif(current_setting('app.provider_id', true), '')));

alter table org_saas_notice enable row level security;
alter table org_saas_notice force row level security;
create policy org_saas_notice_provider on org_saas_notice
  using (provider_id = (select nullif(current_setting('app.provider_id', true), '')))
  with check (provider_id = (select nullif(current_setting('app.provider_id', true), '')));

grant select, insert, update on org_saas_profile, org_saas_defaults to qpaas_app;
grant select, insert, update, delete on org_saas_notice to qpaas_app;
