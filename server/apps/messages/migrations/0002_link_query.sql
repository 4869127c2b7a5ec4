-- A notice's link may carry a query besides the page's path params (decision 0052: a chat @mention opens qChat on
-- its conversation, `qChat?conversation=…`); checked like the params before it is stored.
alter table messages_message add column link_query jsonb not null default '{}';
