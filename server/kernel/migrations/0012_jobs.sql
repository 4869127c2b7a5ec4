-- The kernel's one job queue and its schedules (decision 0092). Jobs of a space are space-owned rows under forced
-- row-level security: a space's admin lists his own, nobody else's. Platform jobs (space_id null) are visible to
-- no request. Workers reach across spaces only through the SECURITY DEFINER functions below, which run as the
-- tables' owner: the second policy lets that owner (never the app role) see every row, and the functions answer
-- only what a worker needs to run a job in its own space.
create table kernel_job (
  id bigserial primary key,
  space_id text references spaces (id),
  kind text not null check (kind ~ '^[a-z][a-z0-9_.:-]{0,99}$'),
  payload jsonb not null default '{}',
  state text not null default 'ready' check (state in ('ready', 'running', 'done', 'dead')),
  priority smallint not null default 0,
  run_at timestamptz not null default clock_timestamp(),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts between 1 and 100),
  -- De-duplication: while a job with this key waits or runs, enqueuing the same key again adds nothing.
  unique_key text check (length(unique_key) <= 300),
  -- Jobs sharing an order key run one after another in id order (events of one record, per subscriber).
  order_key text check (length(order_key) <= 300),
  last_error text check (length(last_error) <= 2000),
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz
);
create index kernel_job_ready on kernel_job (priority desc, run_at, id) where state = 'ready';
create index kernel_job_lease on kernel_job (locked_until) where state = 'running';
create index kernel_job_order on kernel_job (kind, order_key, id) where order_key is not null and state in ('ready', 'running');
create unique index kernel_job_unique on kernel_job (kind, unique_key) where unique_key is not null and state in ('ready', 'running');
create index kernel_job_space on kernel_job (space_id, state, id);
create index kernel_job_finished on kernel_job (finished_at) where state = 'done';

alter table kernel_job enable row level security;
alter table kernel_job force row level security;
create policy kernel_job_space on kernel_job
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
create policy kernel_job_owner on kernel_job using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');
grant select on kernel_job to qpaas_app;

-- Schedules: a cron expression in a time zone (a space's own by default), optionally only inside the space's work
-- time. Each firing enqueues one job, de-duplicated by the schedule and the instant, so processes never double it.
create table kernel_schedule (
  id bigserial primary key,
  space_id text references spaces (id),
  kind text not null check (kind ~ '^[a-z][a-z0-9_.:-]{0,99}$'),
  name text not null check (length(name) between 1 and 200),
  cron text not null check (length(cron) <= 100),
  time_zone text not null check (length(time_zone) <= 64),
  work_time_only boolean not null default false,
  payload jsonb not null default '{}',
  enabled boolean not null default true,
  next_run_at timestamptz,
  last_run_at timestamptz,
  -- A process computing the next firing holds the schedule this long; a dead one's hold lapses.
  claimed_until timestamptz,
  created_at timestamptz not null default clock_timestamp()
);
create unique index kernel_schedule_name on kernel_schedule (coalesce(space_id, ''), kind, name);
create index kernel_schedule_due on kernel_schedule (next_run_at) where enabled;

alter table kernel_schedule enable row level security;
alter table kernel_schedule force row level security;
create policy kernel_schedule_space on kernel_schedule
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
create policy kernel_schedule_owner on kernel_schedule using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');
grant select, insert, update, delete on kernel_schedule to qpaas_app;
grant usage on sequence kernel_schedule_id_seq to qpaas_app;

-- Enqueue in the caller's space (p_platform false) or as a platform job. p_jobs: [{kind, payload, runAt,
-- priority, maxAttempts, uniqueKey, orderKey}]. Answers the ids added (a duplicate unique key adds none).
create function kernel_job_enqueue(p_jobs jsonb, p_platform boolean) returns setof bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  s text := case when p_platform then null else nullif(current_setting('app.space_id', true), '') end;
begin
  if not p_platform and s is null then
    raise exception 'a space job needs the request''s space' using errcode = '42501';
  end if;
  return query
  insert into kernel_job (space_id, kind, payload, run_at, priority, max_attempts, unique_key, order_key)
  select s, j->>'kind', coalesce(j->'payload', '{}'), coalesce((j->>'runAt')::timestamptz, clock_timestamp()),
         coalesce((j->>'priority')::smallint, 0), coalesce((j->>'maxAttempts')::integer, 5), j->>'uniqueKey', j->>'orderKey'
    from jsonb_array_elements(p_jobs) j
  on conflict (kind, unique_key) where unique_key is not null and state in ('ready', 'running') do nothing
  returning id;
  perform pg_notify('kernel_jobs', '');
end $$;

-- Claims due jobs of the given kinds: ready ones whose time has come, and running ones whose lease lapsed (their
-- process died). A job waits while an earlier job with its order key is still pending.
create function kernel_job_claim(p_worker text, p_kinds text[], p_lease interval, p_limit integer)
returns table (id bigint, space_id text, kind text, payload jsonb, attempts integer, max_attempts integer, taken_over boolean)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  with lapsed as (
    select j.id, true as was_running from kernel_job j
     where j.state = 'running' and j.locked_until < clock_timestamp() and j.kind = any(p_kinds)
     order by j.locked_until limit p_limit
     for update skip locked
  ), ready as (
    select j.id, false as was_running from kernel_job j
     where j.state = 'ready' and j.run_at <= clock_timestamp() and j.kind = any(p_kinds)
       and (j.order_key is null or not exists (
             select 1 from kernel_job e where e.kind = j.kind and e.order_key = j.order_key and e.id < j.id and e.state in ('ready', 'running')))
     order by j.priority desc, j.run_at, j.id
     limit p_limit
     for update skip locked
  ), due as (
    select * from lapsed union all select * from ready limit p_limit
  )
  update kernel_job k set state = 'running', locked_by = p_worker, locked_until = clock_timestamp() + p_lease,
         attempts = k.attempts + 1, started_at = clock_timestamp()
    from due
   where k.id = due.id
  returning k.id, k.space_id, k.kind, k.payload, k.attempts, k.max_attempts, due.was_running;
end $$;

-- Keeps this worker's claims alive; answers the ids it still holds (a missing one was taken over).
create function kernel_job_heartbeat(p_worker text, p_ids bigint[], p_lease interval) returns setof bigint
language sql security definer set search_path = public, pg_temp as $$
  update kernel_job set locked_until = clock_timestamp() + p_lease
   where id = any(p_ids) and state = 'running' and locked_by = p_worker
  returning id
$$;

-- Ends a claim: done, or failed (again at p_retry_at, or dead with its error once its attempts are spent). Only
-- the current holder may end it; answers false when the job was taken over meanwhile.
create function kernel_job_finish(p_worker text, p_id bigint, p_error text, p_retry_at timestamptz) returns boolean
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if p_error is null then
    update kernel_job set state = 'done', finished_at = clock_timestamp(), locked_by = null, locked_until = null
     where id = p_id and state = 'running' and locked_by = p_worker;
  else
    update kernel_job set state = case when attempts >= max_attempts or p_retry_at is null then 'dead' else 'ready' end,
           run_at = coalesce(p_retry_at, run_at), last_error = left(p_error, 2000), locked_by = null, locked_until = null,
           finished_at = case when attempts >= max_attempts or p_retry_at is null then clock_timestamp() end
     where id = p_id and state = 'running' and locked_by = p_worker;
  end if;
  return found;
end $$;

-- Hands claims back unfinished (a draining process): the attempt is not counted.
create function kernel_job_release(p_worker text, p_ids bigint[]) returns void
language sql security definer set search_path = public, pg_temp as $$
  update kernel_job set state = 'ready', attempts = greatest(attempts - 1, 0), locked_by = null, locked_until = null
   where id = any(p_ids) and state = 'running' and locked_by = p_worker
$$;

-- Schedules whose time has come, held for a minute while the caller computes their next firing.
create function kernel_schedule_claim(p_limit integer)
returns table (id bigint, space_id text, kind text, cron text, time_zone text, work_time_only boolean, payload jsonb, next_run_at timestamptz)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  update kernel_schedule k set claimed_until = clock_timestamp() + interval '60 seconds'
    from (select s.id from kernel_schedule s
           where s.enabled and s.next_run_at <= clock_timestamp() and (s.claimed_until is null or s.claimed_until < clock_timestamp())
           order by s.next_run_at limit p_limit for update skip locked) due
   where k.id = due.id
  returning k.id, k.space_id, k.kind, k.cron, k.time_zone, k.work_time_only, k.payload, k.next_run_at;
end $$;

-- One firing: its job and the next instant, in one statement. Only while the schedule still waits for that instant:
-- a process whose claim lapsed and was retaken finds the instant already fired and adds nothing, even once the
-- job it would duplicate has finished (the unique key only covers jobs waiting or running). The instant comes back
-- from JavaScript to the millisecond.
create function kernel_schedule_fired(p_id bigint, p_fired_at timestamptz, p_next timestamptz) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into kernel_job (space_id, kind, payload, unique_key)
  select s.space_id, s.kind, s.payload || jsonb_build_object('scheduleId', s.id, 'firedAt', p_fired_at), 'schedule:' || s.id || ':' || extract(epoch from p_fired_at)
    from kernel_schedule s where s.id = p_id and s.enabled and date_trunc('milliseconds', s.next_run_at) = p_fired_at
  on conflict (kind, unique_key) where unique_key is not null and state in ('ready', 'running') do nothing;
  update kernel_schedule set next_run_at = p_next, last_run_at = p_fired_at, claimed_until = null
   where id = p_id and date_trunc('milliseconds', next_run_at) = p_fired_at;
  perform pg_notify('kernel_jobs', '');
end $$;

-- A platform schedule (no space), created or changed by the kernel's own code at start.
create function kernel_schedule_platform(p_kind text, p_name text, p_cron text, p_zone text, p_payload jsonb, p_next timestamptz) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into kernel_schedule (space_id, kind, name, cron, time_zone, payload, next_run_at)
  values (null, p_kind, p_name, p_cron, p_zone, p_payload, p_next)
  on conflict ((coalesce(space_id, '')), kind, name) do update
    set cron = excluded.cron, time_zone = excluded.time_zone, payload = excluded.payload,
        next_run_at = case when kernel_schedule.cron = excluded.cron and kernel_schedule.time_zone = excluded.time_zone
                           then kernel_schedule.next_run_at else excluded.next_run_at end;
end $$;

-- The operator's view across spaces (the console's jobs page, root only): counts by kind and state (finished ones
-- of the last day), dead letters with their last error, and retry or discard of one.
create function kernel_job_counts() returns table (kind text, state text, jobs bigint)
language sql stable security definer set search_path = public, pg_temp as $$
  select j.kind, j.state, count(*) from kernel_job j
   where j.state <> 'done' or j.finished_at > clock_timestamp() - interval '1 day'
   group by j.kind, j.state order by j.kind, j.state
$$;

create function kernel_job_dead(p_limit integer)
returns table (id bigint, space_id text, kind text, attempts integer, last_error text, created_at timestamptz, finished_at timestamptz)
language sql stable security definer set search_path = public, pg_temp as $$
  select j.id, j.space_id, j.kind, j.attempts, j.last_error, j.created_at, j.finished_at from kernel_job j
   where j.state = 'dead' order by j.finished_at desc, j.id desc limit p_limit
$$;

create function kernel_job_revive(p_id bigint, p_discard boolean) returns boolean
language plpgsql security definer set search_path = public, pg_temp as $$
declare hit boolean;
begin
  if p_discard then
    delete from kernel_job where id = p_id and state = 'dead';
    hit := found;
  else
    update kernel_job set state = 'ready', attempts = 0, run_at = clock_timestamp(), finished_at = null where id = p_id and state = 'dead';
    hit := found;
    if hit then perform pg_notify('kernel_jobs', ''); end if;
  end if;
  return hit;
end $$;

-- Finished jobs are kept a day for the counts, then removed.
create function kernel_job_prune() returns bigint
language sql security definer set search_path = public, pg_temp as $$
  with gone as (delete from kernel_job where state = 'done' and finished_at < clock_timestamp() - interval '1 day' returning 1)
  select count(*) from gone
$$;

revoke all on function kernel_job_counts(), kernel_job_dead(integer), kernel_job_revive(bigint, boolean), kernel_job_prune() from public;
grant execute on function kernel_job_counts(), kernel_job_dead(integer), kernel_job_revive(bigint, boolean), kernel_job_prune() to qpaas_app;

revoke all on function kernel_schedule_claim(integer), kernel_schedule_fired(bigint, timestamptz, timestamptz),
  kernel_schedule_platform(text, text, text, text, jsonb, timestamptz) from public;
grant execute on function kernel_schedule_claim(integer), kernel_schedule_fired(bigint, timestamptz, timestamptz),
  kernel_schedule_platform(text, text, text, text, jsonb, timestamptz) to qpaas_app;

revoke all on function kernel_job_enqueue(jsonb, boolean), kernel_job_claim(text, text[], interval, integer),
  kernel_job_heartbeat(text, bigint[], interval), kernel_job_finish(text, bigint, text, timestamptz), kernel_job_release(text, bigint[]) from public;
grant execute on function kernel_job_enqueue(jsonb, boolean), kernel_job_claim(text, text[], interval, integer),
  kernel_job_heartbeat(text, bigint[], interval), kernel_job_finish(text, bigint, text, timestamptz), kernel_job_release(text, bigint[]) to qpaas_app;
