-- Group management (decision 0052): members are added, removed or leave, and every change is a system line in the
-- conversation. A member who leaves keeps their row: `left_id` is the system line that recorded it, where their
-- history ends; only rows with `left_id is null` take part (list, pushes, posting, mentions).
alter table chat_member add column left_id bigint;
create index chat_member_active on chat_member (space_id, conversation_id) where left_id is null;

-- A record's page may need a query besides its path params (forms.detail is `{app}/detail/{form?}?id=`).
alter table chat_conversation add column source_query jsonb;

-- A system line has no file and no text of its own: what changed is `system` (worded by the reader's language).
alter table chat_message drop constraint chat_message_kind_check;
alter table chat_message add constraint chat_message_kind_check check (kind in ('text', 'image', 'file', 'system'));
alter table chat_message drop constraint chat_message_check;
alter table chat_message add constraint chat_message_file_check check ((kind in ('image', 'file')) = (file_id is not null));
alter table chat_message add column system jsonb;
alter table chat_message add constraint chat_message_system_check check ((kind = 'system') = (system is not null));
