-- Texts now go out through the operator's SMS accounts and are kept in their send log (decision 0089): the
-- development sink of decision 0051 is gone.
drop table messages_sms_sink;
