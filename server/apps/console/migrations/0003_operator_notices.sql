-- The operator's announcements (`/root/opNotice`) and planned maintenance (`/root/offlineNotice`), decision 0079.
-- A platform table like `platform_article`: no space column (an announcement goes to many spaces, listed here),
-- written by root only through the console's routes; delivery copies it into each space's messages under RLS.
create table console_notice (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('announcement', 'maintenance')),
  title_zh text not null check (char_length(title_zh) between 1 and 120),
  title_en text not null check (char_length(title_en) between 1 and 200),
  body_zh text not null default '' check (char_length(body_zh) <= 2000),
  body_en text not null default '' check (char_length(body_en) <= 4000),
  -- Announcements: the spaces it goes to; null means every active space. Maintenance concerns everyone.
  space_ids text[] check (kind = 'announcement' or space_ids is null),
  -- When the announcement is shown and delivered, or when maintenance switches on.
  starts_at timestamptz not null,
  -- Announcements: the banner shows until then.
  ends_at timestamptz check (ends_at is null or ends_at > starts_at),
  state text not null default 'scheduled' check (state in ('scheduled', 'done', 'cancelled')),
  done_at timestamptz,
  delivered integer,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
-- The worker's question every few seconds: what is due and not yet done.
create index console_notice_due on console_notice (starts_at) where state = 'scheduled';
create index console_notice_kind on console_notice (kind, starts_at desc);
grant select, insert, update on console_notice to qpaas_app;
-- One planned maintenance at a time: two countdowns to two different moments would contradict each other.
create unique index console_notice_one_maintenance on console_notice (kind) where kind = 'maintenance' and state = 'scheduled';
