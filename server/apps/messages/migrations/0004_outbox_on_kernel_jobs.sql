-- Outbox delivery runs on the kernel's job queue (decision 0096): one job per delivery try, claimed, leased and
-- taken over by the kernel. The app's own queue, its triggers and its claim function go.
--
-- A delivery's round: raised each time another try is scheduled (after a failure, or by the administrator's retry),
-- and carried by that try's job. A job acts only while its row is still in its round, so a superseded job (the
-- scheduled try an administrator's retry replaced) finds nothing to do.
alter table messages_outbox add column round integer not null default 0;

drop trigger messages_outbox_sync on messages_outbox;
drop trigger messages_outbox_gone on messages_outbox;
drop function messages_claim(text, text, interval, integer);
drop function messages_outbox_sync();
drop function messages_outbox_gone();

-- Deliveries still waiting keep their time: each gets its job (the owner runs migrations, so it may write jobs).
insert into kernel_job (space_id, kind, payload, run_at)
select o.space_id,
       case o.channel when 'inApp' then 'messages.inapp' when 'desktop' then 'messages.desktop' when 'email' then 'messages.email' else 'messages.sms' end,
       jsonb_build_object('outboxId', o.id::text, 'round', 0),
       o.next_at
  from messages_outbox o
 where o.state = 'pending';

drop table messages_queue;
