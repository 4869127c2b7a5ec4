-- The space's logo (issue 12, `logo`): one re-encoded PNG per space, shown in the header of every member's page.
create table org_logo (
  space_id text primary key references spaces (id),
  png bytea not null,
  width integer not null,
  height integer not null,
  updated_at timestamptz not null default now()
);
alter table org_logo enable row level security;
alter table org_logo force row level security;
create policy org_logo_space on org_logo
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on org_logo to qpaas_app;
