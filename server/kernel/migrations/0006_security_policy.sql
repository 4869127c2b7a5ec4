-- A space's security policy (issue 12, decision 0040): owned by the space's security reviewer, enforced by the
-- kernel (passwords, lockout, idle sessions, addresses per role). A platform table keyed by space, like `spaces`:
-- the kernel reads every space's policy at start and follows changes through NOTIFY.
create table space_security_policy (
  space_id text primary key references spaces (id),
  policy jsonb not null,
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);
grant select, insert, update on space_security_policy to qpaas_app;

-- Password age (policy expiry) and the last request of a session (idle timeout).
alter table users add column password_changed_at timestamptz not null default now();
alter table sessions add column last_seen_at timestamptz not null default now();
