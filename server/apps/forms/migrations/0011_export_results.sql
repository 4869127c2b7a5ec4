-- A finished export is kept in PostgreSQL, where every server process of the database reads it (decision 0109),
-- instead of a file on the disk of the process that wrote it. Its bytes are stored in parts of at most a MiB, bytea
-- as uploads are, so neither storing nor serving one holds the whole file in memory (decision 0107's heap budget).
-- The parts are written in the transaction that marks the job complete, and only while the writer still holds it.
create table forms_export_part (
  space_id text not null references spaces (id),
  job_id bigint not null,
  seq integer not null check (seq >= 0),
  bytes bytea not null check (octet_length(bytes) between 1 and 1048576),
  stored_at timestamptz not null default now(),
  primary key (space_id, job_id, seq),
  foreign key (space_id, job_id) references forms_job (space_id, id) on delete cascade
);
create index forms_export_part_stored on forms_export_part (stored_at);
select space_owned('forms_export_part');
-- The owner's housekeeping (the prune below) sees every space; the app role never does.
create policy forms_export_part_owner on forms_export_part using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');

-- Stored exports are kept as long as the export history shows them (§4, §9: 3 days), then removed hourly by a
-- platform schedule. The job row stays; its download answers "not ready" like any export without a file.
create function forms_export_prune(p_days integer) returns bigint
language sql security definer set search_path = public, pg_temp as $$
  with gone as (delete from forms_export_part where stored_at < clock_timestamp() - make_interval(days => p_days) returning 1)
  select count(*) from gone
$$;
revoke all on function forms_export_prune(integer) from public;
grant execute on function forms_export_prune(integer) to qpaas_app;

-- A path on one host's disk is what made an export unreadable from the others: nothing reads it any more. Exports
-- finished before this are not carried over (their files stay where they were until the next start sweeps them).
alter table forms_job drop column output_path;
