/**
 * B1's baseline: the list page as a developer would hand-write it — a bare node:http server running one fixed
 * SQL statement (same transaction, same row-level security, same predicate and order as the forms API's
 * query) with pg and answering the rows as JSON. The difference to the forms API is what the low-code engine
 * costs: kernel hooks, form and rule lookup, the generic query builder and record mapping.
 */
import http from 'node:http';
import pg from 'pg';
import { APP_ROLE } from '../server/kernel/db/pool.ts';

const { DATABASE_URL, FORM_ID, USER_ID, DEPARTMENTS, SPACE_ID } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, options: `-c role=${APP_ROLE}`, max: 4 });
export const HAND_SQL = `select id, number, owner_id, owner_dept_id, created_by, updated_by, handler_id, created_at, updated_at, row_version, form_version, deleted_at, deleted_by, f1, f2, f3, f4
    from forms_data_${Number(FORM_ID)} t
    where t.deleted_at is null
      and (t.owner_id = $1 or t.id in (select record_id from forms_share s where s.form_id = $2 and s.user_id = $1) or t.owner_dept_id = any($3::bigint[]))
      and t.f2 = any($4::text[]) and t.f3 is not null
    order by t.f3 desc, t.id desc limit 51`;

const server = http.createServer(async (_req, res) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('app.space_id', $1, true)", [SPACE_ID]);
    const rows = await client.query(HAND_SQL, [USER_ID, FORM_ID, DEPARTMENTS!.split(','), ['open', 'doing', 'done']]);
    await client.query('commit');
    const body = JSON.stringify({ code: 200, msg: 'ok', data: { records: rows.rows.slice(0, 50), more: rows.rows.length > 50 } });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    res.writeHead(500).end(String(error));
  } finally {
    client.release();
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
