-- Three-role separation (spec §6, decision 0100): no membership holds two of admin, safe and audit. The routes
-- that give roles refuse it with a clear message; this is the backstop for any writer that forgets. NOT VALID: a
-- membership an older version let through is left for the operator to put right (revoking one duty passes).
alter table memberships add constraint memberships_separate_duties
  check (not (roles @> array['admin', 'safe'] or roles @> array['admin', 'audit'] or roles @> array['safe', 'audit'])) not valid;
