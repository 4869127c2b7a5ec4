-- The workbench (issue 9): each member's favourite applications and when they last opened each, per space.
-- A member's marks go with the membership's space; deleting the app or the user deletes them.
create table appcenter_app_mark (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id) on delete cascade,
  app_id bigint not null,
  favourite boolean not null default false,
  opened_at timestamptz,
  primary key (space_id, user_id, app_id),
  foreign key (space_id, app_id) references appcenter_app (space_id, id) on delete cascade
);
create index appcenter_app_mark_recent on appcenter_app_mark (space_id, user_id, opened_at desc);

alter table appcenter_app_mark enable row level security;
alter table appcenter_app_mark force row level security;
create policy appcenter_app_mark_space on appcenter_app_mark
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, update, delete on appcenter_app_mark to qpaas_app;
