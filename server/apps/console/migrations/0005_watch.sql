-- Interface watch and event tracking (issue 17, decisions 0085–0086).

-- One row per API route per minute, written by the console's flush from the kernel's in-memory windows (no row per
-- request). Several processes add into the same row; `buckets` are the latency histogram of kernel/watch.ts
-- (WATCH_BUCKETS_MS, 25 fixed bounds), summed bucket by bucket. A platform table: root's, no space.
create table watch_minute (
  minute timestamptz not null,
  method text not null check (char_length(method) between 1 and 10),
  route text not null check (char_length(route) between 1 and 300),
  calls integer not null check (calls >= 0),
  errors integer not null check (errors >= 0),
  client_errors integer not null check (client_errors >= 0),
  total_ms double precision not null,
  max_ms double precision not null,
  buckets integer[] not null check (cardinality(buckets) = 25),
  primary key (minute, method, route)
);
create index watch_minute_by_route on watch_minute (method, route, minute);
grant select, insert, update, delete on watch_minute to qpaas_app;

-- Limits root sets: for every route (method and route null) or one route. A flushed minute over a limit opens a
-- breach; the notice goes out when it opens, not every minute it lasts.
create table watch_threshold (
  id bigint generated always as identity primary key,
  method text,
  route text,
  -- A fraction of the minute's calls that answered ≥ 500 (0.05 = 5 %).
  max_error_rate double precision check (max_error_rate > 0 and max_error_rate <= 1),
  max_p95_ms integer check (max_p95_ms between 1 and 600000),
  -- Fewer calls in a minute than this say nothing (one failed call of one is not 100 % of anything).
  min_calls integer not null default 1 check (min_calls between 1 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((method is null) = (route is null)),
  check (max_error_rate is not null or max_p95_ms is not null)
);
create unique index watch_threshold_scope on watch_threshold ((coalesce(method, '')), (coalesce(route, '')));
grant select, insert, update, delete on watch_threshold to qpaas_app;

create table watch_breach (
  id bigint generated always as identity primary key,
  threshold_id bigint not null references watch_threshold (id) on delete cascade,
  method text not null,
  route text not null,
  metric text not null check (metric in ('errorRate', 'p95')),
  value double precision not null,
  limit_value double precision not null,
  started_minute timestamptz not null,
  last_minute timestamptz not null,
  ended_at timestamptz
);
-- At most one open breach per limit, route and measure: the process that opens it is the one that sends the notice.
create unique index watch_breach_open on watch_breach (threshold_id, method, route, metric) where ended_at is null;
create index watch_breach_recent on watch_breach (started_minute desc);
grant select, insert, update, delete on watch_breach to qpaas_app;

-- Page views and chosen clicks the renderer reports (batched beacons). Space-owned: the space is the session's.
-- `session_key` is a digest of the sign-in session (never the session itself), so funnels count sessions.
create table track_event (
  space_id text not null references spaces (id) on delete cascade,
  id bigint generated always as identity,
  user_id bigint references users (id) on delete set null,
  session_key text not null check (session_key ~ '^[0-9a-f]{32}$'),
  kind text not null check (kind in ('view', 'click')),
  page text not null check (char_length(page) between 1 and 120),
  target text check (char_length(target) between 1 and 60),
  at timestamptz not null default now(),
  primary key (space_id, id),
  check ((kind = 'click') = (target is not null))
);
create index track_event_by_page on track_event (space_id, at, page);
create index track_event_by_session on track_event (space_id, session_key, at);
alter table track_event enable row level security;
alter table track_event force row level security;
create policy track_event_space on track_event
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, delete on track_event to qpaas_app;
