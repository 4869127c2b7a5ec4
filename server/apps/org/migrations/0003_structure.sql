-- Departments get a code unique in the space, heads and a disabled flag; posts (positions) and who holds them
-- (spec §2.6 sysop/structure, postManage; docs/decisions/0030). The tree stays an adjacency list (parent_id).
alter table org_department add column code text check (length(code) between 1 and 40);
alter table org_department add column disabled boolean not null default false;

-- A department created without a code gets "D<id>": the identity value is already set in a BEFORE trigger.
create function org_department_default_code() returns trigger language plpgsql as $$
begin
  if new.code is null then new.code := 'D' || new.id; end if;
  return new;
end $$;
create trigger org_department_code before insert or update on org_department
  for each row execute function org_department_default_code();
update org_department set code = 'D' || id where code is null;
alter table org_department alter column code set not null;
create unique index org_department_code on org_department (space_id, lower(code));

create table org_department_head (
  space_id text not null references spaces (id),
  department_id bigint not null,
  user_id bigint not null references users (id),
  primary key (space_id, department_id, user_id),
  foreign key (space_id, department_id) references org_department (space_id, id) on delete cascade
);

create table org_post (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  code text not null check (length(btrim(code)) between 1 and 40),
  name text not null check (length(btrim(name)) between 1 and 60),
  department_id bigint not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, department_id) references org_department (space_id, id)
);
create unique index org_post_code on org_post (space_id, lower(code));
create index org_post_department on org_post (space_id, department_id);

-- One main post per member and space; any number of part-time posts.
create table org_member_post (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  post_id bigint not null,
  main boolean not null default false,
  primary key (space_id, user_id, post_id),
  foreign key (space_id, post_id) references org_post (space_id, id) on delete cascade
);
create unique index org_member_post_main on org_member_post (space_id, user_id) where main;
create index org_member_post_post on org_member_post (space_id, post_id);

do $$
declare t text;
begin
  foreach t in array array['org_department_head', 'org_post', 'org_member_post'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
