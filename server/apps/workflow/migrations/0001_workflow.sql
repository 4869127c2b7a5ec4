-- The workflow engine on forms (issue 14; docs/decisions/0053). A flow belongs to one form: the designer edits a
-- draft, publishing freezes it as a version, and an instance runs to its end on the version it started on. Tasks
-- are never reopened (retrieve, rollback and recover create new ones); the action log is append-only. Agents and
-- account hosting are virtual (Part 1 §9): nothing is moved, rules are read when someone acts.

create table workflow_flow (
  space_id text not null references spaces (id),
  form_id bigint not null,
  draft jsonb,
  draft_updated_at timestamptz,
  draft_updated_by bigint,
  -- 0 until the first publish; new submissions start on this version.
  version integer not null default 0,
  -- Off: the form works without a flow again (running instances still finish).
  enabled boolean not null default true,
  primary key (space_id, form_id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);

create table workflow_flow_version (
  space_id text not null references spaces (id),
  form_id bigint not null,
  version integer not null check (version > 0),
  model jsonb not null,
  published_by bigint,
  published_at timestamptz not null default now(),
  primary key (space_id, form_id, version),
  foreign key (space_id, form_id) references workflow_flow (space_id, form_id) on delete cascade
);

create table workflow_instance (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  form_id bigint not null,
  app_id bigint not null,
  -- Null for a draft never submitted: the record is created by the first submit, through forms' full checks.
  record_id bigint,
  -- The initiator's saved, unchecked values (a draft, or changes to a returned or withdrawn record before resubmit).
  draft_values jsonb,
  flow_version integer not null,
  title text not null default '' check (length(title) <= 200),
  initiator_id bigint not null references users (id),
  -- An agent submitting for the initiator (Part 1 §9: createData / editData).
  submitter_id bigint references users (id),
  state text not null check (state in ('draft', 'running', 'returned', 'withdrawn', 'interrupted', 'approved', 'invalid')),
  round integer not null default 0,
  current_nodes text[] not null default '{}',
  interrupted_nodes text[] not null default '{}',
  -- The node a return or rollback came from, for the "jump back" option.
  returned_from text,
  -- Nodes a return or rollback went back into this round: self-approval and de-duplication never auto-pass them.
  returned_nodes text[] not null default '{}',
  -- People chosen at run time for nodes that ask for them (by the initiator at submit, by an approver for the
  -- next node), kept until the walk reaches those nodes.
  selections jsonb not null default '{}',
  -- The optimistic lock: every action reads it and writes it + 1 in one statement (Part 1 §11).
  lock_version integer not null default 0,
  created_at timestamptz not null default now(),
  submitted_at timestamptz,
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (space_id, id),
  unique (space_id, form_id, record_id),
  foreign key (space_id, form_id) references forms_form (space_id, id) on delete cascade
);
create index workflow_instance_initiator on workflow_instance (space_id, initiator_id, id desc);
create index workflow_instance_running on workflow_instance (space_id, updated_at) where state = 'running';

create table workflow_task (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  form_id bigint not null,
  app_id bigint not null,
  round integer not null,
  node_id text not null check (length(node_id) between 1 and 40),
  -- Which activation of the node in this round (a rollback or retrieve activates it again).
  activation integer not null default 1,
  -- The task whose completion created this one: "previous node" for rollback, "my children" for retrieve.
  parent_task_id bigint,
  seq integer not null default 0,
  owner_id bigint not null references users (id),
  assignee_id bigint not null references users (id),
  entrust_state text not null default 'none' check (entrust_state in ('none', 'requested', 'accepted')),
  entrustee_id bigint references users (id),
  state text not null check (state in ('waiting', 'pending', 'approved', 'returned', 'rolledBack', 'canceled')),
  cancel_reason text,
  decided_by bigint references users (id),
  on_behalf_of bigint references users (id),
  via text check (via in ('user', 'agent', 'trustee', 'entrustee', 'system', 'manager')),
  reason text check (length(reason) <= 400),
  decided_at timestamptz,
  viewed_at timestamptz,
  due_at timestamptz,
  -- The next time the timer worker looks at this task (a reminder or the time limit); null when nothing is due.
  timer_at timestamptz,
  remind_count integer not null default 0,
  last_urged_at timestamptz,
  -- An approver's saved opinion and field edits, private until he acts (Part 2 §7.2).
  draft jsonb,
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, instance_id) references workflow_instance (space_id, id) on delete cascade
);
create index workflow_task_todo on workflow_task (space_id, assignee_id, id desc) where state = 'pending';
create index workflow_task_done on workflow_task (space_id, decided_by, id desc) where decided_by is not null;
create index workflow_task_entrustee on workflow_task (space_id, entrustee_id) where state = 'pending' and entrust_state = 'requested';
create index workflow_task_instance on workflow_task (space_id, instance_id, round, node_id);

create table workflow_cc (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  round integer not null,
  node_id text not null,
  task_id bigint,
  recipient_id bigint not null references users (id),
  from_user_id bigint references users (id),
  note text check (length(note) <= 400),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (space_id, id),
  unique (space_id, instance_id, round, node_id, recipient_id),
  foreign key (space_id, instance_id) references workflow_instance (space_id, id) on delete cascade
);
create index workflow_cc_recipient on workflow_cc (space_id, recipient_id, id desc);

-- The timeline of every action: operator, on behalf of whom, via what, reason, time. Append-only (grants below).
create table workflow_action (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  round integer not null,
  task_id bigint,
  action text not null check (length(action) between 1 and 40),
  operator_id bigint references users (id),
  on_behalf_of bigint references users (id),
  via text not null check (via in ('user', 'agent', 'trustee', 'entrustee', 'system', 'manager')),
  from_state text,
  to_state text,
  from_node text,
  to_nodes text[] not null default '{}',
  reason text check (length(reason) <= 400),
  payload jsonb not null default '{}',
  at timestamptz not null default now(),
  primary key (space_id, id),
  foreign key (space_id, instance_id) references workflow_instance (space_id, id) on delete cascade
);
create index workflow_action_instance on workflow_action (space_id, instance_id, id);

-- Application agents (spec §3 Agent, §4 states): a principal's standing rule letting an agent act in some apps.
create table workflow_agent (
  space_id text not null references spaces (id),
  id bigint generated always as identity,
  principal_id bigint not null references users (id),
  agent_id bigint not null references users (id),
  apps bigint[] not null,
  perms text[] not null,
  valid_from date not null,
  valid_to date not null,
  state text not null default 'agenting' check (state in ('agenting', 'recycled', 'invalid', 'expired')),
  note text not null default '' check (length(note) <= 400),
  created_by bigint not null references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (space_id, id),
  check (principal_id <> agent_id),
  check (valid_from <= valid_to)
);
create index workflow_agent_agent on workflow_agent (space_id, agent_id) where state = 'agenting';
create index workflow_agent_principal on workflow_agent (space_id, principal_id);

-- Account hosting (spec §4): one trustee per member, all apps, all permissions.
create table workflow_hosting (
  space_id text not null references spaces (id),
  user_id bigint not null references users (id),
  trustee_id bigint not null references users (id),
  enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (space_id, user_id),
  check (user_id <> trustee_id)
);
create index workflow_hosting_trustee on workflow_hosting (space_id, trustee_id) where enabled;

select space_owned('workflow_flow', 'workflow_flow_version', 'workflow_instance', 'workflow_task', 'workflow_cc', 'workflow_action',
  'workflow_agent', 'workflow_hosting');
revoke update, delete on workflow_action from qpaas_app;

-- The timer queue: tasks with a reminder or time limit due, across spaces, for the timer worker of every process.
-- Like messages_queue: no grant to the app role; the task's trigger keeps it in step, workers claim with a lease.
create table workflow_timer_queue (
  q_space text not null references spaces (id),
  task_id bigint not null,
  due_at timestamptz not null,
  claimed_by text,
  lease_until timestamptz,
  primary key (q_space, task_id)
);
create index workflow_timer_queue_due on workflow_timer_queue (due_at);

create function workflow_task_timer_sync() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if new.timer_at is not null and new.state = 'pending' then
    insert into workflow_timer_queue (q_space, task_id, due_at) values (new.space_id, new.id, new.timer_at)
      on conflict (q_space, task_id) do update set due_at = excluded.due_at, claimed_by = null, lease_until = null;
  else
    delete from workflow_timer_queue where q_space = new.space_id and task_id = new.id;
  end if;
  return null;
end $$;
create trigger workflow_task_timer_sync after insert or update of state, timer_at on workflow_task
  for each row execute function workflow_task_timer_sync();

-- `p_now` is the caller's clock (tests move it); the lease is real time, so a dead worker's claim lapses.
create function workflow_timer_claim(p_worker text, p_now timestamptz, p_lease interval, p_limit integer)
returns table (space_id text, task_id bigint)
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  return query
  update workflow_timer_queue q set claimed_by = p_worker, lease_until = clock_timestamp() + p_lease
   where (q.q_space, q.task_id) in (
     select w.q_space, w.task_id from workflow_timer_queue w
      where w.due_at <= p_now and (w.lease_until is null or w.lease_until < clock_timestamp())
      order by w.due_at, w.task_id
      limit p_limit for update skip locked)
  returning q.q_space, q.task_id;
end $$;

revoke all on function workflow_task_timer_sync(), workflow_timer_claim(text, timestamptz, interval, integer) from public;
grant execute on function workflow_timer_claim(text, timestamptz, interval, integer) to qpaas_app;
