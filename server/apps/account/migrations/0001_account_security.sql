-- Personal account security (issue 15; decisions 0056 and 0057). These rows belong to an account, not to a space
-- (one account works in several spaces), so like `users` and `sessions` they are platform tables: every query
-- names the signed-in account's own user_id, which the access layer takes from the session, never from the caller.

-- Two-step verification (TOTP, RFC 6238). The secret is sealed with the kernel's SecretBox (context
-- `account.totp:<user id>`); `enabled` stays false until the member proves a code. `last_step` is the newest
-- 30-second step a code was accepted for: a code of that step or an older one is refused (no replay).
create table account_totp (
  user_id bigint primary key references users (id),
  secret_sealed text not null,
  enabled boolean not null default false,
  last_step bigint not null default 0,
  failures integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  enabled_at timestamptz
);

-- One-time recovery codes: only a SHA-256 of each is kept; used_at set once, never cleared.
create table account_recovery_codes (
  user_id bigint not null references users (id),
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- A sign-in whose password was right but whose second step is still owed. The id is the SHA-256 of the ticket
-- handed to the browser; it lives a few minutes and never becomes a session by itself.
create table account_pending_signins (
  id text primary key,
  user_id bigint not null references users (id),
  -- The space the session will work in (not "space_id": the row is the account's, not a space's).
  signin_space text references spaces (id),
  ip text,
  user_agent text,
  expires_at timestamptz not null
);
create index account_pending_signins_user on account_pending_signins (user_id);

-- Verified addresses: an e-mail or phone the member proved with a code. A binding counts while the account's
-- users.email / users.phone still holds the same value (an administrator's edit makes it unverified again).
create table account_bindings (
  user_id bigint not null references users (id),
  kind text not null check (kind in ('email', 'phone')),
  value text not null check (length(value) between 1 and 254),
  verified_at timestamptz not null default now(),
  primary key (user_id, kind)
);
create unique index account_bindings_value on account_bindings (kind, lower(value));

-- Verification codes (6 digits) for a purpose: reset a password, bind an e-mail, bind a phone. One live code per
-- account and purpose; only its hash is kept, with the address it was sent to and the tries left.
create table account_codes (
  user_id bigint not null references users (id),
  purpose text not null check (purpose in ('reset', 'email', 'phone')),
  target text not null,
  code_hash text not null,
  tries integer not null default 0,
  expires_at timestamptz not null,
  primary key (user_id, purpose)
);

-- Codes sent per key in a window: `a:<sha256 of what was typed>` per account (known or not, so the limit says
-- nothing about which accounts exist) and `ip:<address>` per address.
create table account_code_throttle (
  key text primary key,
  window_start timestamptz not null,
  sent integer not null
);

-- What the security level needs to know of a password without keeping it: whether it was strong when set or last
-- used to sign in (length and mix), computed from the plain text at that moment.
create table account_password_strength (
  user_id bigint primary key references users (id),
  strong boolean not null,
  noted_at timestamptz not null default now()
);

grant select, insert, update, delete on account_totp, account_recovery_codes, account_pending_signins, account_bindings,
  account_codes, account_code_throttle, account_password_strength to qpaas_app;
