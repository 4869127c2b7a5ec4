-- Console page delegation (issue 12, decision 0045): an administrator may hand one of the configuration
-- permissions of the console (the org chart, enterprise settings, mail, wording, navigation, apps, form design)
-- to a member who is not an administrator, after the security reviewer approves. The grant belongs to the
-- membership, as the roles do: the session store reads both together, so the access check needs no extra query
-- and a change reaches every process with the membership announcement.
alter table memberships add column delegated text[] not null default '{}';
