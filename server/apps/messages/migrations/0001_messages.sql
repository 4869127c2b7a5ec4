-- The messages app (issue 13; decision 0051): one message row per recipient, an outbox row per recipient and
-- channel, and the members' and the administrator's subscription choices. All space-owned (forced row-level
-- security); the one cross-space piece is the delivery queue below, reachable only through its functions.

create table messages_message (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  user_id bigint not null references users (id),
  category text not null check (category in ('todo', 'approvalResult', 'cc', 'urge', 'mention', 'notice', 'system', 'deviceAlarm', 'chatNotice')),
  source_app text not null check (source_app ~ '^[a-z]{2,20}$'),
  source_record text check (length(source_record) <= 200),
  title_key text not null check (length(title_key) between 1 and 200),
  title_params jsonb not null default '{}',
  body_key text check (length(body_key) between 1 and 200),
  body_params jsonb not null default '{}',
  link_route text check (length(link_route) <= 100),
  link_params jsonb not null default '{}',
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high')),
  -- False when the member's subscriptions keep this category out of the centre (the row still feeds e-mail, SMS).
  shown boolean not null default true,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  primary key (space_id, id)
);
-- The centre's keyset list (newest first per member) and its unread counts.
create index messages_message_inbox on messages_message (space_id, user_id, id desc) where shown;
create index messages_message_unread on messages_message (space_id, user_id, category) where shown and read_at is null;

-- One row per recipient × channel the recipient's subscriptions allowed when the notice was sent.
create table messages_outbox (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  message_id bigint not null,
  user_id bigint not null,
  channel text not null check (channel in ('inApp', 'desktop', 'email', 'sms')),
  state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  -- E-mail only: the Message-ID fixed before the first SMTP conversation and reused by every retry, and when a
  -- conversation began (a crash after it may have left a copy with the server: at most one duplicate, same id).
  mail_id text,
  sending_at timestamptz,
  error_key text,
  error_params jsonb,
  created_at timestamptz not null default now(),
  done_at timestamptz,
  primary key (space_id, id),
  unique (space_id, message_id, channel),
  foreign key (space_id, message_id) references messages_message (space_id, id) on delete cascade
);
create index messages_outbox_state on messages_outbox (space_id, state, id desc);

create table messages_subscription (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  category text not null,
  -- '' is the category as a whole; otherwise one application's messages of it.
  app text not null default '',
  channel text not null check (channel in ('inApp', 'desktop', 'email', 'sms')),
  enabled boolean not null,
  primary key (space_id, user_id, category, app, channel)
);

create table messages_subscription_default (
  space_id text not null references spaces (id),
  category text not null,
  app text not null default '',
  channel text not null check (channel in ('inApp', 'desktop', 'email', 'sms')),
  enabled boolean not null,
  -- Members may not change it.
  locked boolean not null default false,
  primary key (space_id, category, app, channel)
);

-- The language a member last used in the message centre: e-mails, texts and tray notices are written in it.
create table messages_member_language (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  language text not null check (language in ('zh-CN', 'en')),
  primary key (space_id, user_id)
);

-- The development SMS provider: texts land here instead of a carrier (decision 0051).
create table messages_sms_sink (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  outbox_id bigint not null,
  phone text not null,
  text text not null,
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);

select space_owned('messages_message', 'messages_outbox', 'messages_subscription', 'messages_subscription_default', 'messages_member_language', 'messages_sms_sink');

-- The delivery queue: what is due, across spaces, for the workers of every server process. No space_id column and
-- no grant to the app role: a request can neither read nor change it; the outbox's triggers keep it in step and
-- the workers claim through messages_claim (FOR UPDATE SKIP LOCKED, with a lease a dead process lets lapse).
create table messages_queue (
  q_space text not null references spaces (id),
  outbox_id bigint not null,
  channel text not null,
  next_at timestamptz not null,
  claimed_by text,
  lease_until timestamptz,
  primary key (q_space, outbox_id)
);
create index messages_queue_due on messages_queue (channel, next_at);

create function messages_outbox_sync() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if new.state = 'pending' then
    insert into messages_queue (q_space, outbox_id, channel, next_at) values (new.space_id, new.id, new.channel, new.next_at)
      on conflict (q_space, outbox_id) do update set next_at = excluded.next_at, claimed_by = null, lease_until = null;
  else
    delete from messages_queue where q_space = new.space_id and outbox_id = new.id;
  end if;
  return null;
end $$;
create trigger messages_outbox_sync after insert or update of state, next_at on messages_outbox
  for each row execute function messages_outbox_sync();

create function messages_outbox_gone() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  delete from messages_queue where q_space = old.space_id and outbox_id = old.id;
  return null;
end $$;
create trigger messages_outbox_gone after delete on messages_outbox for each row execute function messages_outbox_gone();

create function messages_claim(p_worker text, p_channel text, p_lease interval, p_limit integer)
returns table (space_id text, outbox_id bigint)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  update messages_queue q set claimed_by = p_worker, lease_until = clock_timestamp() + p_lease
   where (q.q_space, q.outbox_id) in (
     select w.q_space, w.outbox_id from messages_queue w
      where w.channel = p_channel and w.next_at <= clock_timestamp() and (w.lease_until is null or w.lease_until < clock_timestamp())
      order by w.next_at, w.outbox_id
      limit p_limit for update skip locked)
  returning q.q_space, q.outbox_id;
end $$;

revoke all on function messages_outbox_sync(), messages_outbox_gone(), messages_claim(text, text, interval, integer) from public;
grant execute on function messages_claim(text, text, interval, integer) to qpaas_app;
