-- Which records (and their discussions) use an uploaded file: a file is readable by its uploader and by whoever
-- may see one of those records, not by every member who guesses its id.
create table forms_file_ref (
  space_id text not null references spaces (id),
  file_id bigint not null,
  form_id bigint not null,
  record_id bigint not null,
  primary key (space_id, file_id, form_id, record_id),
  foreign key (space_id, file_id) references forms_file (space_id, id) on delete cascade
);
create index forms_file_ref_record on forms_file_ref (space_id, form_id, record_id);

alter table forms_file_ref enable row level security;
alter table forms_file_ref force row level security;
create policy forms_file_ref_space on forms_file_ref
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, delete on forms_file_ref to qpaas_app;
