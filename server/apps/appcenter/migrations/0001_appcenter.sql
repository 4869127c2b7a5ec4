-- Application centre (spec §2.7, §2.8): systems group applications; an application holds forms (forms app).
create table appcenter_system (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  name text not null check (length(name) between 1 and 60),
  icon text not null default 'apps' check (length(icon) between 1 and 40),
  description text not null default '' check (length(description) <= 500),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id)
);
create unique index appcenter_system_name on appcenter_system (space_id, lower(name));

-- Deleting an application moves it to the app recycle bin (deleted_at set); restore clears it.
create table appcenter_app (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  system_id bigint not null,
  name text not null check (length(name) between 1 and 60),
  icon text not null default 'app' check (length(icon) between 1 and 40),
  description text not null default '' check (length(description) <= 500),
  sort integer not null default 0,
  -- Roles that see the app; empty means every member of the space. Admins always see every app.
  roles text[] not null default '{}' check (roles <@ array['saas', 'admin', 'user', 'safe', 'audit']::text[]),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by bigint,
  primary key (space_id, id),
  foreign key (space_id, system_id) references appcenter_system (space_id, id)
);
create index appcenter_app_system on appcenter_app (space_id, system_id, sort, id);

alter table appcenter_system enable row level security;
alter table appcenter_system force row level security;
create policy appcenter_system_space on appcenter_system
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
alter table appcenter_app enable row level security;
alter table appcenter_app force row level security;
create policy appcenter_app_space on appcenter_app
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, update, delete on appcenter_system, appcenter_app to qpaas_app;
