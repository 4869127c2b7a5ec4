/**
 * bench:workflow — B9 and B15 of ../shared/design/performance.md, each against its baseline in the same run:
 *   B9: approvals per second through POST /api/workflow/instances/:id/approve — the decision, the next node resolved
 *       and its to-do notice written — vs one transaction of one UPDATE + one INSERT served by a bare node:http
 *       process (bench/workflow-hand-server.ts), both over HTTP, alternating, on the same database (target ≥ 0.35×);
 *   B15: the to-do list's first page p50 for a member with 10,000 open tasks in a space with 1,000,000 finished
 *       instances (target ≤ 30 ms), and the counts call beside it.
 * APPROVALS (default 300), FINISHED (default 1,000,000), OPEN (default 10,000) and SAMPLES (default 200) may be lowered.
 */
import type { TestClient } from '../tests/support/client.ts';
import { ok, publishedForm } from '../tests/support/forms.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';
import { approval, members, model } from '../tests/support/workflow.ts';
import { BENCH_FIELDS, signedIn, startBenchStack } from './records-setup.ts';

const APPROVALS = Number(process.env.APPROVALS ?? 300);
const FINISHED = Number(process.env.FINISHED ?? 1_000_000);
const OPEN = Number(process.env.OPEN ?? 10_000);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (text: string) => console.log(text);

const stack = await startBenchStack();
let hand: ReturnType<typeof startScript> | null = null;
try {
  const admin: TestClient = await signedIn(stack.base, 'acme.admin');
  const user: TestClient = await signedIn(stack.base, 'acme.user');
  const me = async (client: TestClient) => (await ok(client.get('/api/account/me'))).id as string;
  const [adminId, userId] = [await me(admin), await me(user)];
  const form = await publishedForm(admin, BENCH_FIELDS, { system: 'Bench', app: 'Approvals', form: 'Request' });
  const flow = await ok(admin.get(`/api/workflow/forms/${form.formId}/flow`));
  await ok(admin.put(`/api/workflow/forms/${form.formId}/flow/draft`, { model: model([approval('n1', members(userId)), approval('n2', members(adminId))]), draftUpdatedAt: flow.draftUpdatedAt ?? null }));
  await ok(admin.post(`/api/workflow/forms/${form.formId}/flow/publish`));

  // B9 set-up: 2 × APPROVALS instances submitted through the API, each waiting for the user at N1.
  let t = performance.now();
  const pending: Array<{ instanceId: string; taskId: string }> = [];
  for (let i = 0; i < 2 * APPROVALS; i += 1) {
    const started = await ok(admin.post(`/api/workflow/forms/${form.formId}/instances`, { values: { f1: `Request ${i}`, f3: i } }));
    const task = await stack.owner.query<{ id: string }>(`select id from workflow_task where instance_id = $1 and state = 'pending'`, [started.instanceId]);
    pending.push({ instanceId: started.instanceId, taskId: String(task.rows[0]!.id) });
  }
  line(`submitted ${pending.length} instances through the API in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`);
  hand = startScript('bench/workflow-hand-server.ts', { DATABASE_URL: stack.databaseUrl, SPACE_ID: 'acme' }, /LISTENING (\S+)/);
  const handUrl = (await hand.ready)[1]!;
  const apiTimes: number[] = [];
  const handTimes: number[] = [];
  for (let i = 0; i < APPROVALS; i += 1) {
    const mine = pending[2 * i]!;
    const theirs = pending[2 * i + 1]!;
    let start = performance.now();
    const answer = await user.post(`/api/workflow/instances/${mine.instanceId}/approve`, { taskId: mine.taskId });
    apiTimes.push(performance.now() - start);
    if (answer.status !== 200) throw new Error(`approve: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    start = performance.now();
    const baseline = await fetch(`${handUrl}/?task=${theirs.taskId}&next=${adminId}`);
    handTimes.push(performance.now() - start);
    if (baseline.status !== 200) throw new Error(`baseline: ${baseline.status} ${await baseline.text()}`);
  }
  // The same effect first: every approval opened N2 for the admin and wrote his to-do notice.
  const opened = await stack.owner.query<{ n: string }>(`select count(*) n from workflow_task where node_id = 'n2' and state = 'pending' and parent_task_id = any($1::bigint[])`, [pending.filter((_, i) => i % 2 === 0).map((p) => p.taskId)]);
  const notices = await stack.owner.query<{ n: string }>(`select count(*) n from messages_message where user_id = $1 and category = 'todo'`, [adminId]);
  if (Number(opened.rows[0]!.n) !== APPROVALS || Number(notices.rows[0]!.n) < APPROVALS) throw new Error(`approvals did not all open N2 (${opened.rows[0]!.n}) or notify (${notices.rows[0]!.n})`);
  const rate = (times: number[]) => 1000 / (times.reduce((a, b) => a + b, 0) / times.length);
  const [apiRate, handRate] = [rate(apiTimes), rate(handTimes)];
  line(`B9 approve (next node resolved, to-do notice written): ${apiRate.toFixed(1)}/s, p50 ${p50(apiTimes).toFixed(2)} ms`);
  line(`B9 baseline 1 UPDATE + 1 INSERT in one transaction:   ${handRate.toFixed(1)}/s, p50 ${p50(handTimes).toFixed(2)} ms`);
  line(`workflow: approvals ${(apiRate / handRate).toFixed(2)}× the baseline's rate (target ≥ 0.35×)`);

  // B15 set-up: FINISHED approved instances and OPEN running ones waiting for the user, loaded with SQL.
  t = performance.now();
  const space = 'acme';
  await stack.owner.query(
    `insert into workflow_instance (space_id, form_id, app_id, record_id, flow_version, title, initiator_id, state, round, submitted_at, finished_at)
     select $1, $2::bigint, $3::bigint, 100000000 + g, 1, 'Finished ' || g, $4::bigint, 'approved', 1, now() - make_interval(mins => g), now() from generate_series(1, $5::int) g`,
    [space, form.formId, form.appId, adminId, FINISHED],
  );
  await stack.owner.query(
    `insert into workflow_task (space_id, instance_id, form_id, app_id, round, node_id, owner_id, assignee_id, state, decided_by, via, decided_at)
     select space_id, id, form_id, app_id, 1, 'n1', $2::bigint, $2::bigint, 'approved', $2::bigint, 'user', finished_at from workflow_instance where space_id = $1 and state = 'approved' and record_id >= 100000000`,
    [space, userId],
  );
  await stack.owner.query(
    `with made as (
       insert into workflow_instance (space_id, form_id, app_id, record_id, flow_version, title, initiator_id, state, round, current_nodes, submitted_at)
       select $1, $2::bigint, $3::bigint, 200000000 + g, 1, 'Open ' || g, $4::bigint, 'running', 1, '{n1}', now() from generate_series(1, $6::int) g returning *)
     insert into workflow_task (space_id, instance_id, form_id, app_id, round, node_id, owner_id, assignee_id, state)
     select space_id, id, form_id, app_id, 1, 'n1', $5::bigint, $5::bigint, 'pending' from made`,
    [space, form.formId, form.appId, adminId, userId, OPEN],
  );
  await stack.owner.query('analyze workflow_instance; analyze workflow_task');
  line(`loaded ${FINISHED.toLocaleString('en')} finished and ${OPEN.toLocaleString('en')} open instances in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`);
  const timed = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i += 1) {
      const start = performance.now();
      const answer = await user.get(url);
      if (i >= 20) times.push(performance.now() - start);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
    }
    return p50(times);
  };
  const first = await ok(user.get('/api/workflow/todo?box=todo'));
  if (first.rows.length !== 20) throw new Error(`to-do first page has ${first.rows.length} rows`);
  const counts = await ok(user.get('/api/workflow/todo/counts'));
  if (counts.todo < OPEN) throw new Error(`to-do count ${counts.todo} < ${OPEN}`);
  const listP50 = await timed('/api/workflow/todo?box=todo');
  const deepP50 = await timed(`/api/workflow/todo?box=todo&after=${first.rows[19].key}`);
  const countP50 = await timed('/api/workflow/todo/counts');
  const doneP50 = await timed('/api/workflow/todo?box=done');
  line(`B15 to-do list, ${OPEN.toLocaleString('en')} open tasks, ${FINISHED.toLocaleString('en')} finished instances: first page p50 ${listP50.toFixed(2)} ms, next page p50 ${deepP50.toFixed(2)} ms`);
  line(`B15 to-do counts p50 ${countP50.toFixed(2)} ms; done list (${FINISHED.toLocaleString('en')} decided) first page p50 ${doneP50.toFixed(2)} ms`);
  line(`workflow: to-do list p50 ${listP50.toFixed(2)} ms (target ≤ 30 ms)`);
} finally {
  if (hand) await stopProcess(hand.child);
  await stack.stop();
}
