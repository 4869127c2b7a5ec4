-- The space's data-sharing policy (spec §2.6 shareData, decision 0046): per action (export, print, download,
-- share) who may take data out of the platform. One row per action, absent until an admin saves: an absent row is
-- "everyone", the platform's behaviour before the policy. Administrators are always allowed (the kernel's rule).
-- Enterprise roles are ids of org_role kept as an array, not a cascading link: a role deleted since matches nobody,
-- so removing a role never widens an action to everyone (fail closed, as navigation's role groups).
create table org_data_sharing (
  space_id text not null references spaces (id),
  action text not null check (action in ('export', 'print', 'download', 'share')),
  mode text not null check (mode in ('everyone', 'roles', 'nobody')),
  platform_roles text[] not null default '{}' check (platform_roles <@ array['user', 'saas', 'safe', 'audit']),
  enterprise_roles bigint[] not null default '{}' check (cardinality(enterprise_roles) <= 100),
  updated_at timestamptz not null default now(),
  primary key (space_id, action),
  -- The lists mean something only for 'roles', which must name at least one (else it would be 'nobody' unsaid).
  check ((mode = 'roles') = (cardinality(platform_roles) + cardinality(enterprise_roles) > 0))
);

select space_owned('org_data_sharing');
