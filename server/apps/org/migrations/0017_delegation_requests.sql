-- Console page delegation (decision 0045): delegating a configuration permission to a member, or taking it back,
-- is a grant request like a platform role — the administrator asks, the security reviewer decides.
alter table org_grant_request drop constraint org_grant_request_kind_check;
alter table org_grant_request add constraint org_grant_request_kind_check check (kind in ('platformRole', 'enterpriseRole', 'permission'));
alter table org_grant_request add column permission text check (permission ~ '^[a-z]+(\.[a-z]+)+$');
alter table org_grant_request drop constraint org_grant_request_check;
alter table org_grant_request add constraint org_grant_request_subject check (
  (kind = 'platformRole') = (platform_role is not null)
  and (kind = 'enterpriseRole') = (role_id is not null)
  and (kind = 'permission') = (permission is not null)
);
drop index org_grant_request_open;
create unique index org_grant_request_open on org_grant_request (space_id, user_id, kind, coalesce(platform_role, ''), coalesce(role_id, 0), coalesce(permission, '')) where state = 'pending';
