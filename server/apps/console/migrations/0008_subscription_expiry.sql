-- A subscription's increments are taken back when its period ends (decision 0087): when that happened, so it
-- happens once and a later refund does not take them back a second time.
alter table finance_order add column expired_at timestamptz;
create index finance_order_running on finance_order (valid_until) where state = 'paid' and valid_until is not null and expired_at is null;
