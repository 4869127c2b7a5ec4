-- Answers of writes sent with an Idempotency-Key (the desktop outbox replays with the same key after a
-- crash or a lost answer): the key is claimed in the write's own transaction, the answer stored after it.
create table idempotency_keys (
  user_id bigint not null references users (id),
  key text not null,
  method text not null,
  path text not null,
  status integer,
  body text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);

grant select, insert, update, delete on idempotency_keys to qpaas_app;
