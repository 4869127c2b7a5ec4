-- Uploaded files get ids nobody can guess, as defence in depth (reading a file still needs the record and the
-- field holding it, file-access.ts): random ids of at most 18 digits (the API's id pattern, about 60 bits) from
-- PostgreSQL's strong random source. Existing files get new ids everywhere they are named: record values,
-- discussion attachments, file references and import jobs.
create function forms_random_file_id() returns bigint
language sql volatile parallel safe as $$
  -- 16 hex digits of a v4 uuid that are all random (the version digit and the variant digit are skipped).
  select ((('x' || substr(h, 1, 12) || substr(h, 14, 3) || substr(h, 18, 1))::bit(64)::bigint & 9223372036854775807) % 999999999999999999) + 1
  from (select replace(gen_random_uuid()::text, '-', '') as h) u
$$;
grant execute on function forms_random_file_id() to qpaas_app;

alter table forms_file alter column id drop identity;
alter table forms_file alter column id set default forms_random_file_id();

-- References follow a file's id by themselves from now on.
alter table forms_file_ref drop constraint forms_file_ref_space_id_file_id_fkey;
alter table forms_file_ref add constraint forms_file_ref_space_id_file_id_fkey
  foreign key (space_id, file_id) references forms_file (space_id, id) on update cascade on delete cascade;

-- The migration reads every space's rows: row-level security is lifted for its owner inside this transaction only.
alter table forms_file no force row level security;
alter table forms_comment no force row level security;
alter table forms_job no force row level security;

create temporary table forms_file_rekey on commit drop as
  select space_id, id as old_id, forms_random_file_id() as new_id from forms_file;
create index on forms_file_rekey (space_id, old_id);

update forms_file f set id = r.new_id from forms_file_rekey r where f.space_id = r.space_id and f.id = r.old_id;
update forms_job j set file_id = r.new_id from forms_file_rekey r where j.space_id = r.space_id and j.file_id = r.old_id;

-- A list of file references (attachment and image values, discussion attachments) with each fileId renamed.
create function pg_temp.forms_rekey_files(p_space text, p_files jsonb) returns jsonb
language sql stable as $$
  select coalesce(jsonb_agg(case when r.new_id is null then e else jsonb_set(e, '{fileId}', to_jsonb(r.new_id::text)) end order by n), '[]'::jsonb)
  from jsonb_array_elements(p_files) with ordinality as x(e, n)
  left join forms_file_rekey r on r.space_id = p_space and r.old_id::text = e ->> 'fileId'
$$;

update forms_comment c set attachments = pg_temp.forms_rekey_files(c.space_id, c.attachments)
where jsonb_typeof(c.attachments) = 'array' and jsonb_array_length(c.attachments) > 0;

do $$
declare
  t record;
begin
  -- Every column that ever held an attachment or image field, in every form's record table.
  for t in
    select distinct 'forms_data_' || v.form_id as tbl, f ->> 'key' as col
    from forms_version v, jsonb_array_elements(v.definition -> 'fields') f
    where f ->> 'type' in ('attachment', 'image')
      and exists (select 1 from information_schema.columns c
                  where c.table_schema = current_schema() and c.table_name = 'forms_data_' || v.form_id and c.column_name = f ->> 'key')
  loop
    execute format('alter table %I no force row level security', t.tbl);
    execute format('update %I d set %I = pg_temp.forms_rekey_files(d.space_id, d.%I) where jsonb_typeof(d.%I) = ''array'' and jsonb_array_length(d.%I) > 0',
                   t.tbl, t.col, t.col, t.col, t.col);
    execute format('alter table %I force row level security', t.tbl);
  end loop;
end $$;

alter table forms_file force row level security;
alter table forms_comment force row level security;
alter table forms_job force row level security;
