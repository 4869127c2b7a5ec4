-- The console's timed work runs as jobs of the kernel's queue, each queued for the instant something comes due
-- (decision 0098): a notice's start, a subscription's end. What is already waiting gets its job here.
insert into kernel_job (space_id, kind, payload, run_at, max_attempts)
select null, 'console.due', jsonb_build_object('at', to_char(due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), due, 20
  from (select starts_at as due from console_notice where state = 'scheduled'
        union all
        select valid_until from finance_order where state = 'paid' and valid_until is not null and expired_at is null) waiting;
