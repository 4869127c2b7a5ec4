-- A provider's scheduled notice is delivered by a job of the kernel's queue at its time (decision 0098), queued
-- with the notice. Notices scheduled before this get their job here, keyed as new ones are.
-- The move reads every provider's notices: row-level security is lifted for its owner inside this transaction only.
alter table org_saas_notice no force row level security;

insert into kernel_job (space_id, kind, payload, run_at, unique_key)
select null, 'org.saas.notice', jsonb_build_object('providerId', n.provider_id, 'noticeId', n.id::text), n.scheduled_at, 'notice:' || n.id
  from org_saas_notice n
 where n.state = 'scheduled'
 order by n.scheduled_at, n.id;

alter table org_saas_notice force row level security;
