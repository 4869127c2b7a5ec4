-- Enterprise roles (issue 12, decision 0039): role groups hold roles, roles hold members. They are the space's own
-- way to name people for approvals, recipients, scopes and rules; the six platform roles stay fixed.
create table org_role_group (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  name text not null check (length(btrim(name)) between 1 and 60),
  kind text not null default 'public' check (kind in ('public', 'private')),
  -- Adding someone to a role of a sensitive group waits for the security reviewer (three-role separation).
  sensitive boolean not null default false,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);
create unique index org_role_group_name on org_role_group (space_id, lower(name));

create table org_role (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  group_id bigint not null,
  name text not null check (length(btrim(name)) between 1 and 60),
  description text not null default '' check (length(description) <= 200),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, group_id) references org_role_group (space_id, id)
);
create unique index org_role_name on org_role (space_id, group_id, lower(name));

create table org_role_member (
  space_id text not null references spaces (id),
  role_id bigint not null,
  user_id bigint not null references users (id),
  primary key (space_id, role_id, user_id),
  foreign key (space_id, role_id) references org_role (space_id, id) on delete cascade
);
create index org_role_member_user on org_role_member (space_id, user_id);

-- Grants that wait for the security reviewer: a platform role (admin, safe, audit) given or taken, or a member
-- added to a role of a sensitive group. Nothing changes until it is approved; the request keeps who, what and why.
create table org_grant_request (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('platformRole', 'enterpriseRole')),
  action text not null check (action in ('grant', 'revoke')),
  platform_role text check (platform_role in ('admin', 'safe', 'audit')),
  role_id bigint,
  reason text not null check (length(btrim(reason)) between 1 and 200),
  requested_by bigint not null references users (id),
  requested_at timestamptz not null default now(),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected', 'withdrawn')),
  decided_by bigint references users (id),
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 200),
  check ((kind = 'platformRole') = (platform_role is not null) and (kind = 'enterpriseRole') = (role_id is not null)),
  primary key (space_id, id),
  foreign key (space_id, role_id) references org_role (space_id, id) on delete cascade
);
-- One open request per change: asking twice is the same request.
create unique index org_grant_request_open on org_grant_request (space_id, user_id, kind, coalesce(platform_role, ''), coalesce(role_id, 0)) where state = 'pending';

do $$
declare t text;
begin
  foreach t in array array['org_role_group', 'org_role', 'org_role_member', 'org_grant_request'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
