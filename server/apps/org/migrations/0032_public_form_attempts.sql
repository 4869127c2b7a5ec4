-- The public join and space-request forms (decision 0101) no longer tell a guest whether a login ID is taken: an
-- application for a taken ID is filed like any other, and the clash is reported to whoever approves it. So two
-- pending applications for one login ID may now exist in a space; refusing the second told that the first existed.
drop index org_join_application_pending;

-- Attempts at the public forms per client address and hour, across spaces (the applications' own count is per
-- space under row-level security). A platform table: the forms are filed before any space is entered.
create table org_form_attempts (
  key text primary key,
  window_start timestamptz not null,
  attempts integer not null
);
grant select, insert, update on org_form_attempts to qpaas_app;
