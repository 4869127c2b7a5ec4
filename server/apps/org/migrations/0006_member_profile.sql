-- A member's user information in a space (spec §3; issue 12, decision 0037). Name, login ID, phone and e-mail are
-- the account's (`users`); everything an enterprise keeps about its own staff is the space's, under row-level
-- security, so two employers of the same person never see each other's records of them.
create table org_member_profile (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  gender text check (gender in ('male', 'female')),
  birthday date,
  qq text check (qq ~ '^[1-9][0-9]{4,11}$'),
  id_card text check (id_card ~ '^[0-9]{17}[0-9X]$'),
  address text not null default '' check (length(address) <= 200),
  signature text not null default '' check (char_length(signature) <= 40),
  extension text not null default '' check (length(extension) <= 20),
  entry_date date,
  job_description text not null default '' check (length(job_description) <= 500),
  superior_id bigint references users (id),
  check (superior_id is distinct from user_id),
  updated_at timestamptz not null default now(),
  primary key (space_id, user_id)
);
create index org_member_profile_superior on org_member_profile (space_id, superior_id) where superior_id is not null;

-- Member imports: the counts and the failure file (the original cells of bad rows with their reasons), kept so
-- the administrator can download it after the page that started the import is gone.
create table org_member_import (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  user_id bigint not null references users (id),
  file_name text not null,
  total integer not null,
  imported integer not null,
  failed integer not null,
  failures bytea,
  created_at timestamptz not null default now(),
  primary key (space_id, id)
);

do $$
declare t text;
begin
  foreach t in array array['org_member_profile', 'org_member_import'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
