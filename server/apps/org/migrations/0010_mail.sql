-- The space's outgoing mail server and its own wording of the platform's e-mails (issue 12, emailTemplateConfig;
-- decision 0041). The SMTP password is kept only sealed (AES-256-GCM, server/kernel/secrets.ts): never in clear.
create table org_mail_settings (
  space_id text primary key references spaces (id),
  host text not null check (length(host) between 1 and 253),
  port integer not null check (port between 1 and 65535),
  security text not null check (security in ('none', 'starttls', 'tls')),
  user_name text not null default '' check (length(user_name) <= 200),
  password_sealed text,
  from_address text not null check (length(from_address) between 3 and 254),
  from_name text not null default '' check (length(from_name) <= 100),
  updated_at timestamptz not null default now()
);

-- Only the templates an admin changed have rows; the others are the dictionary's defaults.
create table org_mail_template (
  space_id text not null references spaces (id),
  key text not null check (key ~ '^[A-Za-z]{1,40}$'),
  language text not null check (language in ('zh-CN', 'en')),
  subject text not null check (length(subject) between 1 and 200),
  body text not null check (length(body) between 1 and 10000),
  updated_at timestamptz not null default now(),
  primary key (space_id, key, language)
);

do $$
declare t text;
begin
  foreach t in array array['org_mail_settings', 'org_mail_template'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
