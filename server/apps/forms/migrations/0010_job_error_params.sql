-- A failed job keeps its message's parameters beside its key ("at most <%max%> rows", "row <%row%> …"), so the
-- job list fills them in the reader's language instead of showing the placeholders.
alter table forms_job add column error_params jsonb;
