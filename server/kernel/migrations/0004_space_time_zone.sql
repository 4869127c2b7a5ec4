-- A space's time zone (IANA name): spreadsheet date-times are wall-clock times in it, on import and export,
-- whatever zone the server runs in. Chinese enterprises are the default audience.
alter table spaces add column time_zone text not null default 'Asia/Shanghai'
  check (length(time_zone) between 1 and 64);
