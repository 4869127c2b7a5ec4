-- The enterprise's own information (spec §2.6 infoSetting, console/infoSetting; decision 0035): its short name,
-- industry and contact. The registered name stays on `spaces` (the operator's, set when the space is created).
create table org_enterprise_info (
  space_id text primary key references spaces (id),
  short_name text not null default '' check (length(short_name) <= 20),
  industry text not null default '' check (length(industry) <= 40),
  contact_name text not null default '' check (length(contact_name) <= 40),
  contact_phone text not null default '' check (length(contact_phone) <= 20),
  contact_email text not null default '' check (length(contact_email) <= 100),
  address text not null default '' check (length(address) <= 200),
  updated_at timestamptz not null default now()
);

alter table org_enterprise_info enable row level security;
alter table org_enterprise_info force row level security;
create policy org_enterprise_info_space on org_enterprise_info
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on org_enterprise_info to qpaas_app;
