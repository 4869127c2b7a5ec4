-- Developer authorisation (spec §2.8, §4; decision 0058). One row per application: pending → approved (a token is
-- collected once, stored only as its SHA-256) or rejected; an approved token ends (revoked) by its holder, by an
-- administrator, or by the holder's next approved application (a reset). Space-owned: row-level security confines
-- every row to the request's space, and a bearer lookup runs in the space named inside the token.
create table account_dev_application (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  user_id bigint not null references users (id),
  reason text not null check (length(reason) between 1 and 400),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected', 'revoked')),
  created_at timestamptz not null default now(),
  decided_by bigint references users (id),
  decided_at timestamptz,
  note text check (note is null or length(note) <= 200),
  -- SHA-256 (hex) of the token, set when the holder collects it; the token itself is stored nowhere.
  token_hash text unique check (token_hash is null or token_hash ~ '^[0-9a-f]{64}$'),
  token_last4 text check (token_last4 is null or length(token_last4) = 4),
  collected_at timestamptz,
  ended_at timestamptz,
  ended_by text check (ended_by is null or ended_by in ('member', 'admin', 'replaced')),
  last_used_at timestamptz,
  primary key (space_id, id),
  check ((state = 'revoked') = (ended_at is not null)),
  check (token_hash is null or state in ('approved', 'revoked'))
);
-- One open application and one live token per member and space.
create unique index account_dev_application_pending on account_dev_application (space_id, user_id) where state = 'pending';
create unique index account_dev_application_live on account_dev_application (space_id, user_id) where state = 'approved';
create index account_dev_application_list on account_dev_application (space_id, state, id desc);

select space_owned('account_dev_application');
