-- Forms engine (spec §2.7, §2.8, §3, §6). Definitions, versions and everything around records live in shared
-- tables; the records of each published form live in a table of their own, created by forms_storage_create
-- (docs/decisions/0010-form-storage.md says why).
create extension if not exists pg_trgm;
create extension if not exists btree_gist;

create table forms_form (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  app_id bigint not null,
  name text not null check (length(name) between 1 and 60),
  description text not null default '' check (length(description) <= 500),
  sort integer not null default 0,
  -- The designer edits the draft; publishing copies it into forms_version.
  draft jsonb not null default '{"fields": []}',
  draft_updated_at timestamptz not null default now(),
  version integer not null default 0,
  -- Field keys are never reused: a removed field's column keeps its data.
  highest_key integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, app_id) references appcenter_app (space_id, id)
);
create index forms_form_app on forms_form (space_id, app_id, sort, id);

create table forms_version (
  space_id text not null references spaces (id),
  form_id bigint not null,
  version integer not null check (version > 0),
  definition jsonb not null,
  published_by bigint,
  published_at timestamptz not null default now(),
  primary key (space_id, form_id, version),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);

-- Numbering rules: one counter per form and period (the date part of the number); the row lock of the
-- upsert serialises concurrent creates.
create table forms_number_seq (
  space_id text not null references spaces (id),
  form_id bigint not null,
  period text not null,
  last bigint not null,
  primary key (space_id, form_id, period),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);

-- Record permission rules (§6): who (role, user group or user), which access levels, over which records.
create table forms_rule (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  form_id bigint not null,
  name text not null check (length(name) between 1 and 60),
  subject_kind text not null check (subject_kind in ('role', 'group', 'user')),
  subject text not null check (length(subject) between 1 and 40),
  levels text[] not null check (cardinality(levels) > 0 and levels <@ array['view', 'modify', 'delete', 'monitor']::text[]),
  scope text not null check (scope in ('all', 'own', 'department', 'condition')),
  condition jsonb,
  hidden_fields text[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index forms_rule_form on forms_rule (space_id, form_id);

create table forms_share (
  space_id text not null references spaces (id),
  form_id bigint not null,
  record_id bigint not null,
  user_id bigint not null,
  level text not null check (level in ('view', 'modify')),
  created_by bigint not null,
  created_at timestamptz not null default now(),
  primary key (space_id, form_id, record_id, user_id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index forms_share_user on forms_share (space_id, form_id, user_id, record_id);

create table forms_comment (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  form_id bigint not null,
  record_id bigint not null,
  author_id bigint not null,
  content text not null check (length(btrim(content)) between 1 and 2000),
  attachments jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index forms_comment_record on forms_comment (space_id, form_id, record_id, id);

-- Saved views of an app's form: shared (owner_id null, designed by admins) or personal.
create table forms_view (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  form_id bigint not null,
  name text not null check (length(name) between 1 and 60),
  kind text not null check (kind in ('list', 'board', 'calendar', 'occupy', 'cascade')),
  owner_id bigint,
  config jsonb not null,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index forms_view_form on forms_view (space_id, form_id, sort, id);

-- Uploaded files (attachments, images, import sheets), checked by content and size before they land here.
create table forms_file (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  name text not null check (length(btrim(name)) between 1 and 255),
  mime text not null,
  size integer not null check (size >= 0),
  sha256 text not null,
  content bytea not null,
  purpose text not null check (purpose in ('attachment', 'image', 'import')),
  uploaded_by bigint not null,
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);

-- Import and export jobs (§4 export states: preparing → prepare complete / prepare failed), as the user sees
-- them; the queue the workers claim from is forms_job_queue (0002).
create table forms_job (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  form_id bigint not null,
  user_id bigint not null,
  kind text not null check (kind in ('import', 'export')),
  status text not null default 'preparing' check (status in ('preparing', 'complete', 'failed')),
  params jsonb not null default '{}',
  file_id bigint,
  total integer not null default 0,
  done integer not null default 0,
  failed integer not null default 0,
  -- Import: data rows of the sheet already handled (committed with the records of their batch).
  cursor integer not null default 0,
  output_name text,
  output_path text,
  output_size bigint,
  error_key text,
  system_name text not null default '',
  app_name text not null default '',
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (space_id, id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index forms_job_history on forms_job (space_id, user_id, kind, created_at desc);

create table forms_import_failure (
  space_id text not null references spaces (id),
  job_id bigint not null,
  row_no integer not null,
  reason text not null,
  cells jsonb not null,
  primary key (space_id, job_id, row_no)
);

do $$
declare t text;
begin
  foreach t in array array['forms_form', 'forms_version', 'forms_number_seq', 'forms_rule', 'forms_share', 'forms_comment',
                           'forms_view', 'forms_file', 'forms_job', 'forms_import_failure'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
