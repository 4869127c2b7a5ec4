-- The records of a published form live in a table of their own (forms_data_<form id>), so a form's indexes
-- serve that form only and 1,000 forms cost one form nothing at planning time (B4).
-- Numbers are double precision, not numeric: under row-level security only leakproof operators may become
-- index conditions, and numeric's comparisons are not leakproof (a keyset page over a numeric sort scanned
-- 500,000 rows instead of 51). Values arrive as JSON numbers (doubles) anyway.
--
-- The app role owns nothing and cannot run DDL; these SECURITY DEFINER functions are the one way it can, inside
-- the request's transaction (publishing a form is one transaction, DDL included). Each takes only a form id,
-- a field key matching ^f[0-9]{1,6}$ or a system column name, and a kind from a fixed list, checks the form
-- belongs to the caller's space, and quotes every identifier with format('%I').

create function forms_storage_table(p_form bigint) returns text
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  s text := nullif(current_setting('app.space_id', true), '');
begin
  if s is null or not exists (select 1 from forms_form where space_id = s and id = p_form) then
    raise exception 'form % is not in this space', p_form using errcode = '42704';
  end if;
  return 'forms_data_' || p_form;
end $$;

create function forms_storage_column_type(p_kind text) returns text
language sql immutable as $$
  select case p_kind
    when 'text' then 'text' when 'number' then 'double precision' when 'date' then 'date' when 'datetime' then 'timestamptz'
    when 'texts' then 'text[]' when 'ref' then 'bigint' when 'json' then 'jsonb' end
$$;

create function forms_storage_create(p_form bigint) returns text
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  t text := forms_storage_table(p_form);
begin
  if to_regclass(t) is not null then
    return t;
  end if;
  -- No foreign key to spaces: the row-level-security WITH CHECK already pins every row to the caller's (existing)
  -- space, and the per-row referential check cost 40% of an import's insert time.
  execute format($ddl$
    create table %1$I (
      space_id text not null,
      id bigint generated always as identity,
      number text,
      owner_id bigint not null,
      owner_dept_id bigint,
      created_by bigint not null,
      updated_by bigint not null,
      handler_id bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      row_version integer not null default 1,
      form_version integer not null,
      deleted_at timestamptz,
      deleted_by bigint,
      import_job bigint,
      import_row integer,
      search_text text not null default '',
      primary key (space_id, id),
      constraint %2$I unique (space_id, number)
    )$ddl$, t, t || '_number');
  -- Every index costs each insert (imports write 30,000 rows a second): only what the permission predicates and
  -- the recycle bin read by default; sort and filter columns get theirs when a view asks (forms_storage_index).
  -- No trigram index for search: under row-level security LIKE (not leakproof) could not use it anyway.
  execute format('create unique index %I on %I (space_id, import_job, import_row) where import_job is not null', t || '_import', t);
  execute format('create index %I on %I (space_id, owner_id, id) where deleted_at is null', t || '_owner', t);
  execute format('create index %I on %I (space_id, owner_dept_id, id) where deleted_at is null', t || '_dept', t);
  execute format('create index %I on %I (space_id, deleted_at, id) where deleted_at is not null', t || '_deleted', t);
  execute format('alter table %I enable row level security', t);
  execute format('alter table %I force row level security', t);
  execute format($p$create policy %I on %I
    using (space_id = nullif(current_setting('app.space_id', true), ''))
    with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
  execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  return t;
end $$;

create function forms_storage_add_column(p_form bigint, p_key text, p_kind text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  t text := forms_storage_table(p_form);
  column_type text := forms_storage_column_type(p_kind);
begin
  if p_key !~ '^f[0-9]{1,6}$' or column_type is null then
    raise exception 'bad field % of kind %', p_key, p_kind using errcode = '22023';
  end if;
  execute format('alter table %I add column if not exists %I %s', t, p_key, column_type);
end $$;

-- Indexes are made for the fields views sort and filter on (text[] values get a GIN index for "contains").
create function forms_storage_index(p_form bigint, p_column text) returns boolean
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  t text := forms_storage_table(p_form);
  name text := t || '_' || p_column;
  column_type text;
begin
  if p_column !~ '^(f[0-9]{1,6}|number|owner_id|created_by|updated_by|handler_id|created_at|updated_at)$' then
    raise exception 'bad column %', p_column using errcode = '22023';
  end if;
  select format_type(a.atttypid, a.atttypmod) into column_type
    from pg_attribute a where a.attrelid = t::regclass and a.attname = p_column and not a.attisdropped;
  if column_type is null then
    raise exception 'no column % in %', p_column, t using errcode = '42703';
  end if;
  if to_regclass(name) is not null then
    return false;
  end if;
  if column_type = 'jsonb' then
    return false;
  elsif column_type = 'text[]' then
    execute format('create index %I on %I using gin (%I) where deleted_at is null', name, t, p_column);
  else
    execute format('create index %I on %I (space_id, %I, id) where deleted_at is null', name, t, p_column);
  end if;
  return true;
end $$;

-- Occupy views: a booking may not overlap another of the same resource, enforced by an exclusion constraint.
create function forms_storage_occupy(p_form bigint, p_resource text, p_start text, p_end text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  t text := forms_storage_table(p_form);
  name text := t || '_occupy_' || p_resource || '_' || p_start || '_' || p_end;
begin
  if p_resource !~ '^f[0-9]{1,6}$' or p_start !~ '^f[0-9]{1,6}$' or p_end !~ '^f[0-9]{1,6}$' then
    raise exception 'bad occupy fields' using errcode = '22023';
  end if;
  if exists (select 1 from pg_constraint where conname = name) then
    return;
  end if;
  execute format($c$alter table %I add constraint %I exclude using gist
      (space_id with =, %I with =, tstzrange(%I, %I, '[)') with &&)
      where (deleted_at is null and %I is not null and %I is not null and %I is not null)$c$,
    t, name, p_resource, p_start, p_end, p_resource, p_start, p_end);
end $$;

revoke all on function forms_storage_table(bigint), forms_storage_create(bigint), forms_storage_add_column(bigint, text, text),
  forms_storage_index(bigint, text), forms_storage_occupy(bigint, text, text, text) from public;
grant execute on function forms_storage_table(bigint), forms_storage_create(bigint), forms_storage_add_column(bigint, text, text),
  forms_storage_index(bigint, text), forms_storage_occupy(bigint, text, text, text) to qpaas_app;

-- The job queue: which job waits and who works on it. It has no space_id column and no grant to the app role:
-- workers reach it only through these functions, the one cross-space read of the forms app, which answer only
-- a job's space and id (the work itself then runs in that space). A job whose heartbeat stopped (its server
-- died) is taken over by the next claim.
create table forms_job_queue (
  job_space text not null references spaces (id),
  job_id bigint not null,
  claimed_by text,
  heartbeat_at timestamptz,
  attempts integer not null default 0,
  queued_at timestamptz not null default now(),
  primary key (job_space, job_id)
);

create function forms_enqueue_job(p_job bigint) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  s text := nullif(current_setting('app.space_id', true), '');
begin
  if s is null or not exists (select 1 from forms_job where space_id = s and id = p_job) then
    raise exception 'job % is not in this space', p_job using errcode = '42704';
  end if;
  insert into forms_job_queue (job_space, job_id) values (s, p_job) on conflict do nothing;
end $$;

create function forms_claim_job(p_worker text, p_stale interval) returns table (space_id text, id bigint, attempts integer)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  update forms_job_queue q set claimed_by = p_worker, heartbeat_at = clock_timestamp(), attempts = q.attempts + 1
   where (q.job_space, q.job_id) = (
     select w.job_space, w.job_id from forms_job_queue w
      where w.heartbeat_at is null or w.heartbeat_at < clock_timestamp() - p_stale
      order by w.queued_at, w.job_id
      limit 1 for update skip locked)
  returning q.job_space, q.job_id, q.attempts;
end $$;

-- Heartbeat and release act on the caller's own space only.
create function forms_job_heartbeat(p_job bigint, p_worker text) returns boolean
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update forms_job_queue set heartbeat_at = clock_timestamp()
   where job_space = nullif(current_setting('app.space_id', true), '') and job_id = p_job and claimed_by = p_worker;
  return found;
end $$;

create function forms_release_job(p_job bigint) returns void
language sql security definer set search_path = public, pg_temp as $$
  delete from forms_job_queue where job_space = nullif(current_setting('app.space_id', true), '') and job_id = p_job
$$;

revoke all on function forms_enqueue_job(bigint), forms_claim_job(text, interval), forms_job_heartbeat(bigint, text),
  forms_release_job(bigint) from public;
grant execute on function forms_enqueue_job(bigint), forms_claim_job(text, interval), forms_job_heartbeat(bigint, text),
  forms_release_job(bigint) to qpaas_app;
