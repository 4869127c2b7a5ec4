-- What one member's chatting may cost the others (decision 0103). Both tables are written in the sending request's
-- transaction, so a refused or failed send leaves them as they were.

-- Sends per member: a token bucket (`tokens` as of `at`), refilled at CHAT_LIMITS' rate up to its burst.
create table chat_send_rate (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  tokens double precision not null,
  at timestamptz not null,
  primary key (space_id, user_id)
);

-- The last mention notice a member got from a chat: further mentions there within the window add no notice.
create table chat_mention_notice (
  space_id text not null references spaces (id),
  conversation_id bigint not null,
  user_id bigint not null references users (id),
  notified_at timestamptz not null,
  primary key (space_id, conversation_id, user_id),
  foreign key (space_id, conversation_id) references chat_conversation (space_id, id) on delete cascade
);

select space_owned('chat_send_rate', 'chat_mention_notice');
