-- Reminders and time limits run on the kernel's job queue (decision 0097): each timer set on a task is a job
-- `workflow.timer` due at the timer, which reads the task again when it runs; leases, take-over and retries are the
-- queue's. Timers still waiting in the old queue move over as such jobs, then the old queue, its trigger and its
-- claim go (every process stops its own loop in the same release).
insert into kernel_job (space_id, kind, payload, run_at, max_attempts)
select q.q_space, 'workflow.timer', jsonb_build_object('taskId', q.task_id::text, 'at', q.due_at), q.due_at, 10
  from workflow_timer_queue q
 order by q.due_at, q.task_id;

drop trigger workflow_task_timer_sync on workflow_task;
drop function workflow_task_timer_sync();
drop function workflow_timer_claim(text, timestamptz, interval, integer);
drop table workflow_timer_queue;

comment on column workflow_task.timer_at is 'The next time a timer job acts on this task (a reminder or the time limit); null when nothing is due.';
