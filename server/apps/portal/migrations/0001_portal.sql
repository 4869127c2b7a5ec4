-- Portals (issue 15, decision 0060): aggregation pages per terminal, their layout as one jsonb document checked by
-- the server's rules (shared/portal/validate.ts) before it is written. Scope is a list of role-group ids: empty is
-- every member; a deleted group matches nobody, so removing a group never widens a portal to everyone.
create table portal_image (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  kind text not null check (kind in ('cover', 'carousel', 'custom')),
  name text not null check (length(name) between 1 and 100),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/gif')),
  width integer not null,
  height integer not null,
  size integer not null,
  content bytea not null,
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);

create table portal (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  terminal text not null check (terminal in ('web', 'app', 'applet')),
  name text not null check (char_length(btrim(name)) between 1 and 40),
  description text not null default '' check (char_length(description) <= 200),
  cover bigint,
  role_groups bigint[] not null default '{}',
  components jsonb not null default '[]' check (jsonb_typeof(components) = 'array'),
  -- Every image the layout shows (cover, carousel, custom, icons): who may fetch an image is "who may see a portal
  -- naming it", answered by this column rather than by searching the layout.
  images bigint[] not null default '{}',
  system boolean not null default false,
  is_default boolean not null default false,
  created_by bigint not null references users (id),
  updated_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (space_id, id),
  foreign key (space_id, cover) references portal_image (space_id, id)
);
-- One default per terminal per space, whatever two administrators do at once.
create unique index portal_one_default on portal (space_id, terminal) where is_default;
create index portal_by_terminal on portal (space_id, terminal, id);
create index portal_by_image on portal using gin (images);

alter table portal_image enable row level security;
alter table portal_image force row level security;
create policy portal_image_space on portal_image
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, delete on portal_image to qpaas_app;

alter table portal enable row level security;
alter table portal force row level security;
create policy portal_space on portal
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on portal to qpaas_app;
