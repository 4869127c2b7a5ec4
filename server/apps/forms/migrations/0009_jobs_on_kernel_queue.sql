-- Imports and exports run on the kernel's job queue (decision 0098): forms_job keeps what the user sees, the queue
-- who works on it. Jobs still waiting or running in the old queue move over as kernel jobs (attempts carried, so
-- one that kept killing its worker is still given up), then the old queue and its functions go.
-- The move reads every space's jobs: row-level security is lifted for its owner inside this transaction only.
alter table forms_job no force row level security;

insert into kernel_job (space_id, kind, payload, attempts)
select q.job_space, 'forms.' || j.kind, jsonb_build_object('jobId', j.id::text), q.attempts
  from forms_job_queue q join forms_job j on j.space_id = q.job_space and j.id = q.job_id
 where j.status = 'preparing'
 order by q.queued_at, q.job_id;

alter table forms_job force row level security;

drop function forms_enqueue_job(bigint);
drop function forms_claim_job(text, interval);
drop function forms_job_heartbeat(bigint, text);
drop function forms_release_job(bigint);
drop table forms_job_queue;
