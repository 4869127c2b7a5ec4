-- The workbench (issue 9): the records each member recently opened and recently changed, per space. Forms and
-- records are the forms app's (migrated after this one), so there is no foreign key: a mark whose record is gone,
-- deleted or no longer permitted is skipped when read, and the newest 200 per member are kept.
create table appcenter_record_mark (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id) on delete cascade,
  form_id bigint not null,
  record_id bigint not null,
  viewed_at timestamptz,
  changed_at timestamptz,
  primary key (space_id, user_id, form_id, record_id)
);
create index appcenter_record_mark_viewed on appcenter_record_mark (space_id, user_id, viewed_at desc);
create index appcenter_record_mark_changed on appcenter_record_mark (space_id, user_id, changed_at desc);

alter table appcenter_record_mark enable row level security;
alter table appcenter_record_mark force row level security;
create policy appcenter_record_mark_space on appcenter_record_mark
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, update, delete on appcenter_record_mark to qpaas_app;
