-- One definition of "a space-owned table" for every app's migrations: row-level security, forced even for the
-- table's owner, with the policy that confines every row to the request's space (`app.space_id`), and the app
-- role's read and write grant. A table that must be append-only revokes what it does not allow afterwards.
-- The kernel's start-up check (catalog.ts, tenancyProblems) still verifies every table, whoever wrote it.
create function space_owned(variadic tables text[]) returns void language plpgsql as $$
declare t text;
begin
  foreach t in array tables loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy %I on %I
      using (space_id = nullif(current_setting('app.space_id', true), ''))
      with check (space_id = nullif(current_setting('app.space_id', true), ''))$p$, t || '_space', t);
    execute format('grant select, insert, update, delete on %I to qpaas_app', t);
  end loop;
end $$;
revoke all on function space_owned(text[]) from public;
