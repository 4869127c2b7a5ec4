-- Domain events (decision 0093): written in the transaction of the change they describe (an outbox), under the
-- space's row-level security. Delivery is a job per subscriber on the kernel's queue, ordered by the event's
-- subject; the job reads the event back in the event's space.
create table kernel_event (
  space_id text not null references spaces (id),
  id bigserial,
  type text not null check (length(type) <= 100),
  subject text not null check (length(subject) <= 300),
  data jsonb not null,
  actor jsonb not null,
  cause jsonb not null default '[]',
  created_at timestamptz not null default clock_timestamp(),
  primary key (space_id, id)
);
create index kernel_event_created on kernel_event (created_at);
select space_owned('kernel_event');
-- The owner's housekeeping (the prune below) sees every space; the app role never does.
create policy kernel_event_owner on kernel_event using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');
grant usage on sequence kernel_event_id_seq to qpaas_app;

-- Delivered events are kept a week for the run histories that point at them, then removed (platform schedule).
create function kernel_event_prune(p_days integer) returns bigint
language sql security definer set search_path = public, pg_temp as $$
  with gone as (delete from kernel_event where created_at < clock_timestamp() - make_interval(days => p_days) returning 1)
  select count(*) from gone
$$;
revoke all on function kernel_event_prune(integer) from public;
grant execute on function kernel_event_prune(integer) to qpaas_app;
