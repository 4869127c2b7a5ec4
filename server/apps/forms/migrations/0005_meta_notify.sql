-- Servers cache what forms_viewer_meta answers (per space, form and user); any change to what it reads tells
-- every server to forget its cache (NOTIFY is delivered at commit, to every listening process).
create function forms_meta_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('qpaas_forms_meta', '');
  return null;
end $$;

create trigger forms_form_meta after insert or update or delete on forms_form for each statement execute function forms_meta_changed();
create trigger forms_rule_meta after insert or update or delete on forms_rule for each statement execute function forms_meta_changed();
create trigger appcenter_app_meta after insert or update or delete on appcenter_app for each statement execute function forms_meta_changed();
create trigger appcenter_system_meta after insert or update or delete on appcenter_system for each statement execute function forms_meta_changed();
create trigger org_member_department_meta after insert or update or delete on org_member_department for each statement execute function forms_meta_changed();
create trigger org_group_member_meta after insert or update or delete on org_group_member for each statement execute function forms_meta_changed();
