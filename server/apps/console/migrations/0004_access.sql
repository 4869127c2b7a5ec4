-- Platform access (issue 17, decisions 0082–0084): the operator's API keys, private-deployment licences, SMS
-- accounts, applet settings, app versions and the help centre's editing. Platform tables like `spaces`: root's,
-- no space of their own; the app role reads and writes them and the console's routes guard them by role.

-- Platform API keys: only the SHA-256 of the secret is kept (shown once, like developer tokens, decision 0058).
create table platform_api_key (
  id bigint generated always as identity primary key,
  name text not null check (char_length(name) between 1 and 60),
  scopes text[] not null check (cardinality(scopes) between 1 and 10),
  secret_hash text not null unique check (secret_hash ~ '^[0-9a-f]{64}$'),
  last4 text not null,
  rate_per_minute integer not null check (rate_per_minute between 1 and 10000),
  expires_at timestamptz,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
-- Calls per key and minute: the rate limit holds across every server process of the database.
create table platform_api_key_minute (
  key_id bigint not null references platform_api_key (id) on delete cascade,
  minute timestamptz not null,
  calls integer not null,
  primary key (key_id, minute)
);

-- Licences as uploaded: the newest row is the one in force. The signed text is kept whole so it can be checked again.
create table platform_licence (
  id bigint generated always as identity primary key,
  licence_id text not null check (char_length(licence_id) between 1 and 64),
  licensee text not null check (char_length(licensee) between 1 and 200),
  max_spaces integer not null check (max_spaces >= 1),
  max_members_per_space integer not null check (max_members_per_space >= 1),
  expires_at timestamptz not null,
  body text not null,
  signature text not null,
  uploaded_by bigint references users (id) on delete set null,
  uploaded_at timestamptz not null default now()
);

-- SMS: provider accounts (secret sealed with the platform's SecretBox), signatures, templates and the send log.
create table sms_account (
  id bigint generated always as identity primary key,
  name text not null unique check (char_length(name) between 1 and 60),
  kind text not null check (kind in ('sink', 'http')),
  endpoint text check ((kind = 'http') = (endpoint is not null)),
  access_key text not null default '' check (char_length(access_key) <= 200),
  secret_sealed text,
  created_at timestamptz not null default now()
);
create table sms_signature (
  id bigint generated always as identity primary key,
  account_id bigint not null references sms_account (id) on delete cascade,
  text text not null check (char_length(text) between 2 and 20),
  unique (account_id, text)
);
create table sms_template (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z][a-z0-9_.-]{1,39}$'),
  signature_id bigint not null references sms_signature (id) on delete restrict,
  body text not null check (char_length(body) between 1 and 500),
  created_at timestamptz not null default now()
);
-- The space a message was sent for is kept for the operator's reading across spaces (a platform table, like oplog).
create table sms_send_log (
  id bigint generated always as identity primary key,
  space_id text references spaces (id) on delete set null,
  account_id bigint references sms_account (id) on delete set null,
  template_code text not null,
  phone text not null,
  text text not null,
  status text not null check (status in ('sending', 'sent', 'failed')),
  error text,
  sent_at timestamptz not null default now()
);
create index sms_send_log_recent on sms_send_log (sent_at desc, id desc);

-- The applet (mini program) settings: one row.
create table applet_settings (
  id boolean primary key default true check (id),
  app_id text not null check (app_id ~ '^[A-Za-z0-9_-]{4,64}$'),
  secret_sealed text,
  name text not null default '' check (char_length(name) <= 60),
  enabled boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Desktop and mobile releases; the newest desktop release per platform is electron-updater's feed.
create table app_release (
  id bigint generated always as identity primary key,
  platform text not null check (platform in ('windows', 'mac', 'linux', 'android', 'ios')),
  version text not null check (version ~ '^[0-9]{1,4}\.[0-9]{1,4}\.[0-9]{1,6}$'),
  notes_zh text not null default '' check (char_length(notes_zh) <= 2000),
  notes_en text not null default '' check (char_length(notes_en) <= 4000),
  download_url text not null check (download_url ~ '^https?://' and char_length(download_url) <= 500),
  sha512 text check (sha512 ~ '^[A-Za-z0-9+/]{86}==$'),
  size_bytes bigint check (size_bytes > 0),
  mandatory boolean not null default false,
  published_at timestamptz not null default now(),
  unique (platform, version)
);

-- The help centre's editor (decision 0084): bodies written in the editor are sanitised HTML.
alter table platform_article add column rich boolean not null default false;

grant select, insert, update, delete on platform_api_key, platform_api_key_minute, platform_licence, sms_account, sms_signature,
  sms_template, sms_send_log, applet_settings, app_release to qpaas_app;
grant insert, update on platform_article to qpaas_app;
