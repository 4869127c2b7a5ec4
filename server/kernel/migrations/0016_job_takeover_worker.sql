-- A takeover names the worker it took the job from (decision 0092): the process that takes over a lapsed claim logs
-- which worker stopped answering, so an operator can tie the takeover to the process that died or hung. The same
-- claim as 0012's, with the previous holder as one more column (null for a job that was ready); a function's result
-- columns cannot change in place, so it is dropped and made again, with its grants.
drop function kernel_job_claim(text, text[], interval, integer);

create function kernel_job_claim(p_worker text, p_kinds text[], p_lease interval, p_limit integer)
returns table (id bigint, space_id text, kind text, payload jsonb, attempts integer, max_attempts integer, taken_over boolean, taken_from text)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  with lapsed as (
    select j.id, true as was_running, j.locked_by as previous from kernel_job j
     where j.state = 'running' and j.locked_until < clock_timestamp() and j.kind = any(p_kinds)
     order by j.locked_until limit p_limit
     for update skip locked
  ), ready as (
    select j.id, false as was_running, null::text as previous from kernel_job j
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
  returning k.id, k.space_id, k.kind, k.payload, k.attempts, k.max_attempts, due.was_running, due.previous;
end $$;

revoke all on function kernel_job_claim(text, text[], interval, integer) from public;
grant execute on function kernel_job_claim(text, text[], interval, integer) to qpaas_app;
