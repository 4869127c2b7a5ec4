-- Three-role separation (spec §6, decision 0100): no membership holds two of admin, safe and audit. The routes
-- that give roles refuse it with a clear message; this is the backstop for any writer that forgets. A trigger on
-- the roles, not a check constraint: a membership an older version let through stays usable (its status, its
-- delegations change as before) and is put right by revoking one duty, which passes.
create function memberships_separate_duties() returns trigger language plpgsql as $$
begin
  if new.roles @> array['admin', 'safe'] or new.roles @> array['admin', 'audit'] or new.roles @> array['safe', 'audit'] then
    raise exception 'memberships_separate_duties: a member holds at most one of admin, safe and audit' using errcode = '23514';
  end if;
  return new;
end $$;

create trigger memberships_separate_duties before insert or update of roles on memberships
  for each row execute function memberships_separate_duties();
