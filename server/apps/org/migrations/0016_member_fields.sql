-- Member extension fields and member self-edit settings (§2.6 extension, element/setting/{page}; decision 0048).
--
-- A space defines up to 30 fields of its own about its people (badge number, shift, work-shop, certificate
-- expiry). The limit, the label rules and the options are the server's (shared/org/member-fields.ts); the checks
-- here are the last line behind them. Values live in a table of their own rather than a jsonb column of the
-- profile: deleting a field then removes its values by cascade, and a value can never outlive its field.
create table org_member_field (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  label text not null check (char_length(btrim(label)) between 1 and 30),
  label_en text not null default '' check (char_length(label_en) <= 60),
  kind text not null check (kind in ('text', 'number', 'date', 'select')),
  options text[] not null default '{}' check (cardinality(options) <= 50),
  required boolean not null default false,
  on_card boolean not null default false,
  self_edit boolean not null default false,
  enabled boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  check ((kind = 'select') = (cardinality(options) > 0))
);
create index org_member_field_order on org_member_field (space_id, sort, id);

-- Values in their stored form (trimmed text, canonical number, YYYY-MM-DD, the option as written); an empty value
-- is no row. One row per member and field.
create table org_member_field_value (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  field_id bigint not null,
  value text not null check (char_length(value) between 1 and 200),
  primary key (space_id, user_id, field_id),
  foreign key (space_id, field_id) references org_member_field (space_id, id) on delete cascade
);
-- Counting and deleting a field's values, and reading an option's users, without scanning every member.
create index org_member_field_value_field on org_member_field_value (space_id, field_id, value);

-- Which §3 fields a member may edit about themselves (personal settings read it). No row: the defaults.
create table org_member_self_edit (
  space_id text primary key references spaces (id),
  fields text[] not null,
  updated_at timestamptz not null default now()
);

select space_owned('org_member_field', 'org_member_field_value', 'org_member_self_edit');
