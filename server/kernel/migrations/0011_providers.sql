-- Issue 17: the service-provider (SaaS) tier between the platform and its enterprise spaces (decision 0071).
create table providers (
  id text primary key check (id ~ '^[a-z0-9]{1,32}$'),
  name text not null check (length(name) between 1 and 100),
  status text not null default 'active' check (status in ('active', 'disabled')),
  contact_name text check (length(contact_name) <= 100),
  contact_phone text check (length(contact_phone) <= 30),
  contact_email text check (length(contact_email) <= 200),
  note text check (length(note) <= 1000),
  created_at timestamptz not null default now()
);

-- A saas account belongs to exactly one provider.
create table provider_members (
  provider_id text not null references providers (id),
  user_id bigint not null unique references users (id),
  created_at timestamptz not null default now(),
  primary key (provider_id, user_id)
);

-- A space belongs to a provider, or to the platform directly (null). Lifecycle: suspended spaces keep their data
-- but no member may act in them; archived ones are closed for good (root may still resume them).
alter table spaces add column provider_id text references providers (id);
create index spaces_provider on spaces (provider_id);
update spaces set status = 'suspended' where status = 'disabled';
alter table spaces drop constraint spaces_status_check;
alter table spaces add constraint spaces_status_check check (status in ('active', 'suspended', 'archived'));
alter table spaces add column status_reason text check (length(status_reason) <= 500);
alter table spaces add column status_changed_at timestamptz;
-- Quotas (null = unlimited), enforced by the kernel's quota check where members, apps and files are added.
alter table spaces add column quota_members integer check (quota_members > 0);
alter table spaces add column quota_apps integer check (quota_apps > 0);
alter table spaces add column quota_storage_mb integer check (quota_storage_mb > 0);

-- The provider boundary, enforced by the database (decision 0071). Inside a provider's transaction
-- (app.provider_id set) spaces and memberships narrow to that provider's; outside it they read as before.
-- Provider-owned tables (notices, app settings) are stricter: forced RLS on app.provider_id, unset = no rows.
alter table spaces enable row level security;
create policy spaces_of_provider on spaces
  using ((select nullif(current_setting('app.provider_id', true), '')) is null
         or provider_id = (select nullif(current_setting('app.provider_id', true), '')))
  with check ((select nullif(current_setting('app.provider_id', true), '')) is null
         or provider_id = (select nullif(current_setting('app.provider_id', true), '')));

alter table memberships enable row level security;
create policy memberships_of_provider on memberships
  using ((select nullif(current_setting('app.provider_id', true), '')) is null
         or exists (select 1 from spaces s where s.id = memberships.space_id))
  with check ((select nullif(current_setting('app.provider_id', true), '')) is null
         or exists (select 1 from spaces s where s.id = memberships.space_id));

-- Steps from the provider's context into one of its spaces (for that space's own RLS-bound figures). The check
-- reads spaces under the caller's RLS, so another provider's space is refused by the database, not by the app.
create function qpaas_enter_space(target text) returns void language plpgsql security invoker as $$
begin
  if not exists (select 1 from spaces where id = target) then
    raise exception 'space % is not visible here', target using errcode = '42501';
  end if;
  perform set_config('app.space_id', target, true);
end $$;

grant select, insert, update on providers to qpaas_app;
grant select, insert, delete on provider_members to qpaas_app;
