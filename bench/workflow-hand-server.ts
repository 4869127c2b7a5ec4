/**
 * bench:workflow's baseline (B9): one transaction of one UPDATE and one INSERT per request — the pending task
 * decided and the next one created, as a developer would write an approval without an engine — served by a bare
 * node:http process like the other baselines. `GET /?task=<id>&next=<user id>`.
 */
import { serveHandSql } from './hand-sql-server.ts';

const spaceId = process.env.SPACE_ID ?? 'acme';

serveHandSql(spaceId, 'tasks', (url) => ({
  text: `with decided as (
      update workflow_task set state = 'approved', decided_by = assignee_id, via = 'user', decided_at = now()
       where id = $1::bigint and state = 'pending'
      returning space_id, instance_id, form_id, app_id, round, id)
    insert into workflow_task (space_id, instance_id, form_id, app_id, round, node_id, parent_task_id, owner_id, assignee_id, state)
    select space_id, instance_id, form_id, app_id, round, 'n2', id, $2::bigint, $2::bigint, 'pending' from decided
    returning id`,
  values: [url.searchParams.get('task'), url.searchParams.get('next')],
}));
