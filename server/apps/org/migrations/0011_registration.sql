-- Join applications (issue 12, enterUserRegist; decision 0043): a person applies to join a space; the space's
-- administrator approves (the account and membership are created then) or rejects. The applicant follows the state
-- with a token given at submission (stored hashed).
create table org_join_application (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  login_id text not null check (login_id ~ '^[A-Za-z0-9_.@-]{2,64}$'),
  name text not null check (length(btrim(name)) between 1 and 100),
  phone text,
  email text,
  message text not null default '' check (length(message) <= 200),
  password_hash text not null,
  token_hash text not null unique,
  ip text,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  decided_by bigint references users (id),
  decided_at timestamptz,
  note text check (length(note) <= 200),
  user_id bigint references users (id),
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);
create unique index org_join_application_pending on org_join_application (space_id, lower(login_id)) where state = 'pending';
alter table org_join_application enable row level security;
alter table org_join_application force row level security;
create policy org_join_application_space on org_join_application
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));
grant select, insert, update on org_join_application to qpaas_app;

-- Enterprise registrations (entRegist): a request for a new space that the platform operator approves or rejects
-- (the operator console issue builds that screen). Not a space's row: the space does not exist yet.
create table org_space_request (
  id bigint generated always as identity primary key,
  enterprise_name text not null check (length(btrim(enterprise_name)) between 1 and 100),
  contact_name text not null check (length(btrim(contact_name)) between 1 and 40),
  phone text not null,
  email text not null,
  admin_login_id text not null check (admin_login_id ~ '^[A-Za-z0-9_.@-]{2,64}$'),
  password_hash text not null,
  message text not null default '' check (length(message) <= 200),
  token_hash text not null unique,
  ip text,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  decided_by bigint references users (id),
  decided_at timestamptz,
  note text check (length(note) <= 200),
  -- The space made on approval (named so: this is not a space's own row, and no row-level security applies).
  created_space_id text references spaces (id),
  created_at timestamptz not null default now()
);
grant select, insert, update on org_space_request to qpaas_app;

-- The applicant follows their application by token, before they belong to any space: this function is the one
-- read across spaces, and it answers only the state, the space's name, the login and the decision note.
create function org_join_status(p_token_hash text) returns table (state text, space_name text, login_id text, note text)
  language sql stable security definer set search_path = public as $$
  select a.state, s.name, a.login_id, a.note from org_join_application a join spaces s on s.id = a.space_id
  where a.token_hash = p_token_hash
$$;
revoke all on function org_join_status(text) from public;
grant execute on function org_join_status(text) to qpaas_app;
