-- Chat (qChat, issue 13, decision 0052): direct and group conversations between members of ONE space, carried on
-- the platform's own socket and HTTP API. Every table is space-owned (row-level security on app.space_id), so a
-- member of another space can neither read nor write a row here whatever id they send.

create table chat_conversation (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  kind text not null check (kind in ('direct', 'group')),
  -- Groups are named; a direct chat is shown under the other member's name.
  name text check (name is null or length(name) between 1 and 60),
  -- One direct chat per pair (and per record it was started from): "lowId:highId[|app|record]".
  direct_key text check ((kind = 'direct') = (direct_key is not null)),
  -- Started from a record: which app and record, and the route (with its params) that opens it again.
  source_app text check (source_app is null or length(source_app) <= 40),
  source_record text check (source_record is null or length(source_record) <= 64),
  source_route text check (source_route is null or length(source_route) <= 80),
  source_params jsonb,
  source_title text check (source_title is null or length(source_title) <= 200),
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  last_message_id bigint,
  last_message_at timestamptz,
  primary key (space_id, id),
  unique (space_id, direct_key)
);

create table chat_member (
  space_id text not null references spaces (id),
  conversation_id bigint not null,
  user_id bigint not null references users (id),
  -- Read receipt: the newest message this member has read (0: none). Unread = later messages of others.
  last_read_id bigint not null default 0,
  joined_at timestamptz not null default now(),
  primary key (space_id, conversation_id, user_id),
  foreign key (space_id, conversation_id) references chat_conversation (space_id, id) on delete cascade
);
-- The chat list: a member's conversations.
create index chat_member_user on chat_member (space_id, user_id, conversation_id);

create table chat_file (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  conversation_id bigint not null,
  name text not null check (length(name) between 1 and 255),
  mime text not null,
  size integer not null check (size >= 0),
  sha256 text not null,
  content bytea not null,
  uploaded_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, conversation_id) references chat_conversation (space_id, id) on delete cascade
);

create table chat_message (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  conversation_id bigint not null,
  sender_id bigint not null references users (id),
  kind text not null check (kind in ('text', 'image', 'file')),
  -- The same limit as shared/chat/limits.ts: no writer can store a longer text than the API accepts.
  body text not null default '' check (length(body) <= 4000),
  file_id bigint,
  mentions bigint[] not null default '{}' check (cardinality(mentions) <= 50),
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, conversation_id) references chat_conversation (space_id, id) on delete cascade,
  foreign key (space_id, file_id) references chat_file (space_id, id),
  check ((kind = 'text') = (file_id is null)),
  check (kind <> 'text' or length(btrim(body)) > 0)
);
-- History pages (keyset on id, newest first) and unread counts (ids after the member's last read one).
create index chat_message_history on chat_message (space_id, conversation_id, id);
-- Search in the member's chats: a trigram index keeps "contains" fast on long histories.
create extension if not exists pg_trgm;
create index chat_message_search on chat_message using gin (lower(body) gin_trgm_ops);

select space_owned('chat_conversation', 'chat_member', 'chat_file', 'chat_message');
