-- The space's navigation (issue 12, decision 0044): menu entries of the web and app terminals. An entry opens an
-- application-centre app, a page of the route table or a web address; a `group` entry holds entries (one level).
-- Visibility is a list of role-group ids: empty is every member; a group that no longer exists matches nobody, so
-- removing a group never widens an entry to everyone (fail closed, hence ids rather than a cascading link table).
create table org_navigation (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  terminal text not null check (terminal in ('web', 'app')),
  parent_id bigint,
  name text not null check (length(btrim(name)) between 1 and 20),
  name_en text not null default '' check (length(name_en) <= 20),
  icon text not null default 'app' check (icon ~ '^[a-z0-9_-]{1,40}$'),
  kind text not null check (kind in ('group', 'app', 'page', 'url')),
  target text not null default '' check (length(target) <= 500),
  sort integer not null default 0,
  enabled boolean not null default true,
  role_groups bigint[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  -- Removing a group removes what it holds (the page asks first).
  foreign key (space_id, parent_id) references org_navigation (space_id, id) on delete cascade,
  check ((kind = 'group') = (target = '')),
  check (kind <> 'group' or parent_id is null),
  -- The last line of defence behind the server's URL check: nothing but absolute http(s) is ever stored.
  check (kind <> 'url' or target ~* '^https?://\S+$')
);
create index org_navigation_menu on org_navigation (space_id, terminal, parent_id, sort, id);

alter table org_navigation enable row level security;
alter table org_navigation force row level security;
create policy org_navigation_space on org_navigation
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on org_navigation to qpaas_app;
