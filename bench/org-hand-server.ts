/**
 * B12's baseline endpoint: the address-book search and the picker's first page as a developer would hand-write
 * them — a bare node:http server running the fixed SQL of bench/org-setup.ts (same transaction, same row-level
 * security setting, same predicate, order and limit) and answering the rows as JSON. The difference to the API is
 * what the platform adds: session and access checks, the visibility setting, the query builder, mapping.
 */
import http from 'node:http';
import pg from 'pg';
import { APP_ROLE } from '../server/kernel/db/pool.ts';
import { SPACE, handFirstPageSql, handSearchSql } from './org-setup.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, options: `-c role=${APP_ROLE}`, max: 4 });

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const q = url.searchParams.get('q');
  const statement = q ? handSearchSql(q) : handFirstPageSql();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('app.space_id', $1, true)", [SPACE]);
    const rows = await client.query(statement.text, statement.values);
    await client.query('commit');
    const body = JSON.stringify({ code: 200, msg: 'ok', data: { contacts: rows.rows.slice(0, 50), more: rows.rows.length > 50 } });
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
