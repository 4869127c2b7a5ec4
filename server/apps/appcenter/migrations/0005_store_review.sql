-- Root's review of the store reads and decides across spaces through the SECURITY DEFINER functions below, no
-- longer through policies opened by the setting app.store_review (decision 0102): the app role may set any setting
-- itself, so those policies opened every space's submissions, packages included, to any transaction that set it.
-- The functions run as the tables' owner, whom the owner policies let see every row (never the app role); they
-- answer only what the review pages show and change only what a review changes. Only root's routes call them.
drop policy appcenter_store_app_review on appcenter_store_app;
drop policy appcenter_store_version_review on appcenter_store_version;
create policy appcenter_store_app_owner on appcenter_store_app using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');
create policy appcenter_store_version_owner on appcenter_store_version using (current_user <> 'qpaas_app') with check (current_user <> 'qpaas_app');

-- Submitted versions of every space as the reviewer lists them, newest first; a null filter takes any value.
create function appcenter_store_review_versions(p_state text, p_channel text, p_id bigint, p_app_ids bigint[], p_limit integer)
returns table (id bigint, store_app_id bigint, app_name text, space_id text, space_name text, seq integer, label text, channel text,
               notes text, forms integer, state text, reason text, submitted_at timestamptz, reviewed_at timestamptz)
language sql stable security definer set search_path = public, pg_temp as $$
  select v.id, v.store_app_id, a.name, v.space_id, s.name, v.seq, v.label, v.channel, v.notes, v.forms, v.state, v.reason, v.submitted_at, v.reviewed_at
    from appcenter_store_version v
    join appcenter_store_app a on a.id = v.store_app_id
    join spaces s on s.id = v.space_id
   where (p_state is null or v.state = p_state) and (p_channel is null or v.channel = p_channel)
     and (p_id is null or v.id = p_id) and (p_app_ids is null or v.store_app_id = any(p_app_ids))
   order by v.submitted_at desc, v.id desc
   limit p_limit
$$;

-- One version's package, its hash and state, for the reviewer to read and check before deciding.
create function appcenter_store_review_package(p_id bigint) returns table (package jsonb, hash text, state text)
language sql stable security definer set search_path = public, pg_temp as $$
  select v.package, v.hash, v.state from appcenter_store_version v where v.id = p_id
$$;

-- Approves or rejects a pending version; approving releases its app. Only the package the reviewer checked
-- (p_hash) is approved. Answers 'missing', 'reviewed' (not pending, or changed since it was read) or 'done'.
create function appcenter_store_review_decide(p_id bigint, p_hash text, p_approve boolean, p_reason text, p_reviewer bigint) returns text
language plpgsql security definer set search_path = public, pg_temp as $$
declare found_version record;
begin
  select v.state, v.hash, v.store_app_id into found_version from appcenter_store_version v where v.id = p_id for update;
  if not found then return 'missing'; end if;
  if found_version.state <> 'pending' or (p_approve and found_version.hash is distinct from p_hash) then return 'reviewed'; end if;
  update appcenter_store_version v
     set state = case when p_approve then 'approved' else 'rejected' end, reason = case when p_approve then null else p_reason end,
         reviewed_by = p_reviewer, reviewed_at = clock_timestamp()
   where v.id = p_id;
  if p_approve then
    update appcenter_store_app a set released = true, updated_at = clock_timestamp() where a.id = found_version.store_app_id;
  end if;
  return 'done';
end $$;

-- Every space's store applications, most recently changed first.
create function appcenter_store_review_apps(p_limit integer)
returns table (id bigint, name text, space_name text, listed boolean, released boolean)
language sql stable security definer set search_path = public, pg_temp as $$
  select a.id, a.name, s.name, a.listed, a.released from appcenter_store_app a join spaces s on s.id = a.space_id
   order by a.updated_at desc, a.id desc limit p_limit
$$;

-- Takes an application off the store or puts it back; answers false when there is no such application.
create function appcenter_store_review_list(p_id bigint, p_listed boolean) returns boolean
language sql security definer set search_path = public, pg_temp as $$
  with changed as (update appcenter_store_app a set listed = p_listed where a.id = p_id returning 1)
  select exists (select 1 from changed)
$$;

revoke all on function appcenter_store_review_versions(text, text, bigint, bigint[], integer), appcenter_store_review_package(bigint),
  appcenter_store_review_decide(bigint, text, boolean, text, bigint), appcenter_store_review_apps(integer),
  appcenter_store_review_list(bigint, boolean) from public;
grant execute on function appcenter_store_review_versions(text, text, bigint, bigint[], integer), appcenter_store_review_package(bigint),
  appcenter_store_review_decide(bigint, text, boolean, text, bigint), appcenter_store_review_apps(integer),
  appcenter_store_review_list(bigint, boolean) to qpaas_app;
