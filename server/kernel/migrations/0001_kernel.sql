-- Platform tables. They are not space-owned rows: the access layer guards them (see docs/decisions/0003).
create table spaces (
  id text primary key check (id ~ '^[a-z0-9]{1,32}$'),
  name text not null check (length(name) between 1 and 100),
  status text not null default 'active' check (status in ('active', 'disabled')),
  created_at timestamptz not null default now()
);

create table users (
  id bigint generated always as identity primary key,
  login_id text not null check (login_id ~ '^[A-Za-z0-9_.@-]{2,64}$'),
  name text not null check (length(name) between 1 and 100),
  phone text,
  email text,
  status text not null default 'active' check (status in ('active', 'disabled')),
  password_hash text not null,
  failed_logins integer not null default 0,
  locked_until timestamptz,
  default_space_id text references spaces (id),
  created_at timestamptz not null default now()
);
create unique index users_login_id_key on users (lower(login_id));

create table memberships (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  roles text[] not null check (
    cardinality(roles) > 0 and roles <@ array['root', 'saas', 'admin', 'user', 'safe', 'audit']::text[]),
  created_at timestamptz not null default now(),
  primary key (space_id, user_id)
);
create index memberships_user on memberships (user_id);

-- The id is the SHA-256 of the cookie token: a leaked table does not hand out live sessions.
create table sessions (
  id text primary key,
  user_id bigint not null references users (id),
  space_id text references spaces (id),
  csrf_token text not null,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user on sessions (user_id) where revoked_at is null;

create table login_throttle (
  ip text primary key,
  window_start timestamptz not null,
  failures integer not null
);

create table oplog (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  user_id bigint,
  space_id text,
  action text not null,
  target text,
  result text not null check (result in ('ok', 'denied', 'failed')),
  status integer,
  ip text,
  cross_space boolean not null default false
);
create index oplog_space_at on oplog (space_id, at desc);
create index oplog_at on oplog (at desc);

create table platform_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- NOTIFY payloads are limited to 8000 bytes; larger pushes park their body here and notify its id.
create table push_payloads (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);

grant usage on schema public to qpaas_app;
grant select, insert, update on spaces, users, platform_settings to qpaas_app;
grant select, insert, update, delete on memberships, login_throttle to qpaas_app;
grant select, insert, update on sessions to qpaas_app;
grant select, insert, delete on push_payloads to qpaas_app;
-- The operation log is append-only for the application: no update, no delete.
grant select, insert on oplog to qpaas_app;
