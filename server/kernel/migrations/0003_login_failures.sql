-- Failed sign-ins per login name, known account or not: the lockout must behave the same for a name that
-- has no account, or it tells a guesser which accounts exist. The name is kept only as a SHA-256 of its lower
-- case (people type passwords into the login field). Rows whose window and lock are over are purged.
create table login_failures (
  login_key text primary key,
  failures integer not null,
  window_start timestamptz not null,
  locked_until timestamptz
);
create index login_failures_window on login_failures (window_start);

grant select, insert, update, delete on login_failures to qpaas_app;
