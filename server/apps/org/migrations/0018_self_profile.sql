-- Personal settings "My info" and "User groups" (§2.8, §3, §5; issue 15, decision 0062).

-- A member's portrait in a space: the 256×256 square he cropped, re-encoded by the server (metadata stripped).
-- The space's row, like the rest of his profile: two employers of the same person keep separate pictures.
create table org_member_portrait (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  png bytea not null check (octet_length(png) <= 1048576),
  updated_at timestamptz not null default now(),
  primary key (space_id, user_id)
);
select space_owned('org_member_portrait');

-- Who keeps a user group: null = the administrator's (structure pages); a member's id = his personal group, kept
-- on his "User groups" tab and seen by nobody else there. `created_by` stays what it was (who made it).
-- Members make only private groups (the server's rule); no check here, so the administrator's pages, which may
-- change any group's type, never meet a constraint error.
alter table org_group add column owner_id bigint references users (id);
-- Names are unique among the administrator's groups and within each member's own: a member must not learn, from a
-- "name taken" refusal, what another member called a group he cannot see.
drop index org_group_name;
create unique index org_group_name on org_group (space_id, lower(name)) where owner_id is null;
create unique index org_group_owner_name on org_group (space_id, owner_id, lower(name)) where owner_id is not null;
