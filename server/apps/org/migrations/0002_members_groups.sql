-- A member's department (record permissions "own department's records", §6) and user groups (rules per group).
create table org_member_department (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  department_id bigint not null,
  primary key (space_id, user_id, department_id),
  foreign key (space_id, department_id) references org_department (space_id, id) on delete cascade
);
create index org_member_department_dept on org_member_department (space_id, department_id);

create table org_group (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  name text not null check (length(btrim(name)) between 1 and 60),
  kind text not null default 'public' check (kind in ('public', 'private')),
  created_by bigint,
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);
create unique index org_group_name on org_group (space_id, lower(name));

create table org_group_member (
  space_id text not null references spaces (id),
  group_id bigint not null,
  user_id bigint not null references users (id),
  primary key (space_id, group_id, user_id),
  foreign key (space_id, group_id) references org_group (space_id, id) on delete cascade
);
create index org_group_member_user on org_group_member (space_id, user_id);

do $$
declare t text;
begin
  foreach t in array array['org_member_department', 'org_group', 'org_group_member'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
