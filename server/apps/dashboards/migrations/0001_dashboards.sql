-- Charts, dashboards and data screens (issue 16, decision 0065). A chart is a query over one form plus how it is
-- drawn; a board (dashboard or data screen) places charts, texts, device values and clocks. Both keep their
-- definition as one jsonb document checked by the shared rules (shared/dashboards/validate.ts) before it is written,
-- and who may view and edit them as Access documents ({ everyone, roleGroups, members }); the creator and the
-- space's administrators may always edit. `version` is the optimistic lock of saves.
create table dashboards_chart (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  name text not null check (char_length(btrim(name)) between 1 and 60),
  type text not null,
  app_id bigint not null,
  -- No foreign key: deleting a form must not be blocked by its charts, which then answer "loading is abnormal".
  form_id bigint not null,
  definition jsonb not null check (jsonb_typeof(definition) = 'object'),
  viewers jsonb not null check (jsonb_typeof(viewers) = 'object'),
  editors jsonb not null check (jsonb_typeof(editors) = 'object'),
  created_by bigint not null references users (id),
  updated_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (space_id, id)
);
create index dashboards_chart_by_app on dashboards_chart (space_id, app_id, id);
create index dashboards_chart_by_form on dashboards_chart (space_id, form_id);

create table dashboards_board (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  kind text not null check (kind in ('dashboard', 'screen')),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  description text not null default '' check (char_length(description) <= 500),
  definition jsonb not null check (jsonb_typeof(definition) = 'object'),
  -- The charts the board shows, so its data call reads them all in one statement.
  chart_ids bigint[] not null default '{}',
  viewers jsonb not null check (jsonb_typeof(viewers) = 'object'),
  editors jsonb not null check (jsonb_typeof(editors) = 'object'),
  created_by bigint not null references users (id),
  updated_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (space_id, id)
);
create index dashboards_board_by_kind on dashboards_board (space_id, kind, id);

alter table dashboards_chart enable row level security;
alter table dashboards_chart force row level security;
create policy dashboards_chart_space on dashboards_chart
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on dashboards_chart to qpaas_app;

alter table dashboards_board enable row level security;
alter table dashboards_board force row level security;
create policy dashboards_board_space on dashboards_board
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on dashboards_board to qpaas_app;
