-- A form's records table reads the request's space once per statement (decision 0070): the policy's space test is
-- a sub-select (an InitPlan) instead of a call evaluated for every row a scan filters. Same rule; tables created
-- before this are rewritten at start (server/kernel/db/policies.ts).
create or replace function forms_storage_create(p_form bigint) returns text
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
    using (space_id = (select nullif(current_setting('app.space_id', true), '')))
    with check (space_id = (select nullif(current_setting('app.space_id', true), '')))$p$, t || '_space', t);
  execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  return t;
end $$;
