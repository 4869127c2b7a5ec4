-- A member's initials (users.name_initials) are computed by org_name_initials, which calls org_pinyin_map by its bare
-- name. pg_restore computes generated columns with an empty search path, where that name resolves to nothing and the
-- restore fails (docs/deploy.md, restore): the function carries its own search path, as the kernel's functions do.
alter function org_name_initials(text) set search_path = public, pg_temp;
