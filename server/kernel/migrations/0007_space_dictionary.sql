-- A space's own wording (issue 12, languagesetting; decision 0042): any dictionary string overridden for one space
-- in one language. Served merged by GET /napi/lang/json with a version of its own, so clients refresh. A platform
-- table keyed by space (read by the kernel for the request's space, written only for the request's own space).
create table space_dictionary (
  space_id text not null references spaces (id),
  language text not null check (language in ('zh-CN', 'en')),
  key text not null check (length(key) between 1 and 200),
  text text not null check (length(text) between 1 and 2000),
  updated_at timestamptz not null default now(),
  primary key (space_id, language, key)
);
grant select, insert, update, delete on space_dictionary to qpaas_app;
