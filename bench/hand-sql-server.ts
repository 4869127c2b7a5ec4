/**
 * The baselines' common part: a bare node:http server that runs one hand-written statement per request in a
 * transaction under the space's row-level security setting, as a developer would write it without the platform,
 * and answers the first 50 rows as JSON under `key` with `more`. It prints `LISTENING <url>` for the bench to read
 * and stops on SIGTERM.
 */
import http from 'node:http';
import pg from 'pg';
import { APP_ROLE } from '../server/kernel/db/pool.ts';

export interface HandStatement {
  text: string;
  values: unknown[];
}

export function serveHandSql(spaceId: string, key: string, statementFor: (url: URL) => HandStatement): void {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, options: `-c role=${APP_ROLE}`, max: 4 });
  const server = http.createServer(async (req, res) => {
    const statement = statementFor(new URL(req.url ?? '/', 'http://localhost'));
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('app.space_id', $1, true)", [spaceId]);
      const rows = await client.query(statement.text, statement.values);
      await client.query('commit');
      const body = JSON.stringify({ code: 200, msg: 'ok', data: { [key]: rows.rows.slice(0, 50), more: rows.rows.length > 50 } });
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
}
