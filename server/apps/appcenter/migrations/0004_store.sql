-- The application store (issue 17, decisions 0076–0078). A space publishes versions of its applications; root
-- reviews them; a released version is readable by every space, everything else only by its publisher and the
-- reviewer. The reviewer's transaction sets app.store_review (server/apps/appcenter/store/access.ts); the app
-- role never reads past these policies.
create table appcenter_store_app (
  space_id text not null references spaces (id),
  id bigint generated always as identity primary key,
  source_app_id bigint not null,
  name text not null check (length(name) between 1 and 60),
  icon text not null default 'app' check (length(icon) between 1 and 40),
  description text not null default '' check (length(description) <= 500),
  -- Set when root approves a version; root takes an app off the store by clearing `listed`.
  released boolean not null default false,
  listed boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (space_id, source_app_id)
);

create table appcenter_store_version (
  space_id text not null references spaces (id),
  id bigint generated always as identity primary key,
  store_app_id bigint not null references appcenter_store_app (id),
  seq integer not null check (seq > 0),
  label text not null check (length(label) between 1 and 30),
  channel text not null check (channel in ('trial', 'official')),
  notes text not null default '' check (length(notes) <= 1000),
  -- The package (shared/appcenter/package.ts) and the SHA-256 of its canonical JSON, taken when it was built.
  package jsonb not null,
  hash text not null check (hash ~ '^sha256:[0-9a-f]{64}$'),
  forms integer not null default 0,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  reason text check (length(reason) <= 500),
  submitted_by bigint not null,
  submitted_at timestamptz not null default now(),
  reviewed_by bigint,
  reviewed_at timestamptz,
  unique (store_app_id, seq),
  unique (store_app_id, label),
  check (state <> 'rejected' or length(btrim(coalesce(reason, ''))) > 0)
);
create index appcenter_store_version_state on appcenter_store_version (state, submitted_at);

-- What a space installed from the store: its own application made from a version, and the package keys of the
-- things it made (so an update changes them in place).
create table appcenter_store_install (
  space_id text not null references spaces (id),
  store_app_id bigint not null,
  version_id bigint not null,
  seq integer not null,
  app_id bigint not null,
  refs jsonb not null default '{}',
  kept text[] not null default '{}',
  installed_by bigint not null,
  installed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, store_app_id),
  foreign key (space_id, app_id) references appcenter_app (space_id, id)
);

-- The store's banners (root's): platform content like announcements, no space; the image is checked and
-- re-encoded before it lands here.
create table appcenter_store_banner (
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 60),
  link text not null default '' check (length(link) <= 500),
  sort integer not null default 0,
  enabled boolean not null default true,
  image bytea,
  width integer,
  height integer,
  updated_at timestamptz not null default now()
);

alter table appcenter_store_app enable row level security;
alter table appcenter_store_app force row level security;
create policy appcenter_store_app_space on appcenter_store_app
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
create policy appcenter_store_app_released on appcenter_store_app for select using (released and listed);
create policy appcenter_store_app_review on appcenter_store_app
  using (current_setting('app.store_review', true) = 'on') with check (current_setting('app.store_review', true) = 'on');

alter table appcenter_store_version enable row level security;
alter table appcenter_store_version force row level security;
create policy appcenter_store_version_space on appcenter_store_version
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
create policy appcenter_store_version_released on appcenter_store_version for select
  using (state = 'approved' and exists (select 1 from appcenter_store_app a where a.id = store_app_id and a.released and a.listed));
create policy appcenter_store_version_review on appcenter_store_version
  using (current_setting('app.store_review', true) = 'on') with check (current_setting('app.store_review', true) = 'on');

alter table appcenter_store_install enable row level security;
alter table appcenter_store_install force row level security;
create policy appcenter_store_install_space on appcenter_store_install
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, update on appcenter_store_app, appcenter_store_version to qpaas_app;
grant select, insert, update, delete on appcenter_store_install, appcenter_store_banner to qpaas_app;
