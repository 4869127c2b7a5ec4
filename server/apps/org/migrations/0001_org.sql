-- Departments of a space's organisation structure (spec §2.6 sysop/structure).
create table org_department (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  parent_id bigint,
  name text not null check (length(name) between 1 and 60),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, parent_id) references org_department (space_id, id)
);
create unique index org_department_name on org_department (space_id, coalesce(parent_id, 0), lower(name));

alter table org_department enable row level security;
alter table org_department force row level security;
create policy org_department_space on org_department
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, update, delete on org_department to qpaas_app;
