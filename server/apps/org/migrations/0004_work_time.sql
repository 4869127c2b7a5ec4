-- Work time of a space (spec §2.6 workTime; shared/org/work-time.ts): the working week and the day's working
-- periods (one row, absent until an admin saves it: the defaults apply), and the dates that differ from the week.
create table org_work_time (
  space_id text primary key references spaces (id),
  week_days smallint[] not null,
  periods jsonb not null,
  updated_at timestamptz not null default now()
);

create table org_work_day (
  space_id text not null references spaces (id),
  day date not null,
  kind text not null check (kind in ('holiday', 'workday')),
  name text not null default '' check (length(name) <= 40),
  primary key (space_id, day)
);

do $$
declare t text;
begin
  foreach t in array array['org_work_time', 'org_work_day'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
