/**
 * Starts the embedded PostgreSQL under DATA_DIR, writes a marker row, prints `READY <url>` and waits to be
 * killed — the crash half of the restart test.
 */
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/kernel/db/embedded.ts';

const db = await startEmbeddedPostgres(process.env.DATA_DIR!, () => undefined);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('create table if not exists crash_marker (note text)');
await client.query("insert into crash_marker values ('before the crash')");
await client.end();
process.stdout.write(`READY ${db.url}\n`);
setInterval(() => undefined, 60_000);
