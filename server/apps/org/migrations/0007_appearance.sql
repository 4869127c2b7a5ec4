-- How a space looks and what it switches on (spec §2.6 watermark, themeColor, webchatConfig; decision 0037): one
-- row per space, absent until an admin saves one of the three (the defaults of shared/org/appearance.ts apply).
-- The checks repeat the shared rules so no other writer can store what the renderer could not draw.
create table org_appearance (
  space_id text primary key references spaces (id),
  watermark_enabled boolean not null default false,
  watermark_scope text not null default 'all' check (watermark_scope in ('all', 'apps')),
  -- Application-centre app ids; no foreign key: apps are another micro-app's rows, and a deleted app may come back
  -- from the recycle bin with its watermark.
  watermark_app_ids text[] not null default '{}' check (cardinality(watermark_app_ids) <= 200),
  watermark_content text[] not null default '{name,login,time}'
    check (cardinality(watermark_content) between 1 and 3 and watermark_content <@ array['name', 'login', 'time']),
  watermark_density text not null default 'normal' check (watermark_density in ('sparse', 'normal', 'dense')),
  watermark_opacity text not null default 'normal' check (watermark_opacity in ('light', 'normal', 'strong')),
  watermark_font_size smallint not null default 16 check (watermark_font_size between 12 and 28),
  skin text not null default 'daybreakBlue' check (skin in (
    'deepBlack', 'dreamPurple', 'interstellarBlue', 'mistyRed', 'sunsetOrange', 'limeGreen', 'daybreakBlue', 'lilac', 'system'
  )),
  members_choose_skin boolean not null default true,
  webchat_enabled boolean not null default false,
  updated_at timestamptz not null default now()
);

alter table org_appearance enable row level security;
alter table org_appearance force row level security;
create policy org_appearance_space on org_appearance
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update, delete on org_appearance to qpaas_app;
