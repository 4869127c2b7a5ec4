-- A deleted form waits in the recycle bin (restorable) instead of going at once; a form in the bin is found by no
-- record, view or job call: forms_viewer_meta, which every record call starts with, no longer answers it.
alter table forms_form add column deleted_at timestamptz;
alter table forms_form add column deleted_by bigint;

create or replace function forms_viewer_meta(p_form bigint, p_user bigint)
returns table (id text, app_id text, name text, version integer, app_name text, app_roles text[], system_name text,
               departments text[], groups text[], rules json)
language plpgsql stable as $$
begin
  return query
  select f.id::text, f.app_id::text, f.name, f.version, a.name, a.roles, s.name,
    array(select d.department_id::text from org_member_department d where d.user_id = p_user order by 1),
    array(select g.group_id::text from org_group_member g where g.user_id = p_user),
    coalesce((select json_agg(r order by r.id) from (
      select x.id::text as id, x.name, x.subject_kind, x.subject, x.levels, x.scope, x.condition, x.hidden_fields
        from forms_rule x where x.form_id = f.id) r), '[]'::json)
  from forms_form f
  join appcenter_app a on a.space_id = f.space_id and a.id = f.app_id and a.deleted_at is null
  join appcenter_system s on s.space_id = a.space_id and s.id = a.system_id
  where f.id = p_form and f.deleted_at is null;
end $$;
