-- Device values relayed by desktop apps from their MQTT links (issue 4): the server's copy of chosen topics.
create table iot_device_value (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  link_name text not null check (length(link_name) between 1 and 60),
  topic text not null check (length(topic) between 1 and 256),
  payload text not null check (length(payload) <= 16384),
  at timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (space_id, id)
);
create index iot_device_value_topic on iot_device_value (space_id, topic, at desc);
create index iot_device_value_at on iot_device_value (space_id, at desc);

alter table iot_device_value enable row level security;
alter table iot_device_value force row level security;
create policy iot_device_value_space on iot_device_value
  using (space_id = nullif(current_setting('app.space_id', true), ''))
  with check (space_id = nullif(current_setting('app.space_id', true), ''));

grant select, insert, delete on iot_device_value to qpaas_app;
