/**
 * The data set of bench:records, built by the benchmark itself: the real server in its own process on a
 * fresh embedded PostgreSQL, an order form designed and published through the API, a department rule for
 * users, and 1,000,000 records loaded in bulk with SQL (loading is not what is measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FieldDef } from '../shared/forms/fields.ts';
import type { Cell } from '../server/kernel/sheets/index.ts';
import { SERVER_HEAP_MB } from '../server/heap.ts';
import { startEmbeddedPostgres } from '../server/kernel/db/embedded.ts';
import { signedIn, type TestClient } from '../tests/support/client.ts';
import { ok, publishedForm } from '../tests/support/forms.ts';
import { startScript, stopProcess } from '../tests/support/process.ts';

export const BENCH_FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['open', 'doing', 'done', 'cancelled'] },
  { key: 'f3', type: 'amount', label: 'Amount', decimals: 2 },
  { key: 'f4', type: 'date', label: 'Due' },
  { key: 'f5', type: 'select', label: 'Line', options: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8'] },
  { key: 'f6', type: 'text', label: 'Customer' },
];

export async function startBenchStack() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-records-'));
  fs.chmodSync(work, 0o755);
  const database = await startEmbeddedPostgres(path.join(work, 'pg'), () => undefined);
  const serve = async (seed: boolean) => {
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      DEMO_SEED: seed ? '1' : '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      LOG_FILE: path.join(work, 'server.log'),
      // The heap budget `npm start` gives the server: its memory is measured as it ships.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${SERVER_HEAP_MB}`.trim(),
    };
    const started = startScript('tests/support/serve.ts', env, /LISTENING (\S+) PID (\d+)/, 120_000);
    const [, base, pid] = (await started.ready) as unknown as [string, string, string];
    return { child: started.child, base, pid: Number(pid) };
  };
  let server = await serve(true);
  const owner = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    get base() {
      return server.base;
    },
    get serverPid() {
      return server.pid;
    },
    owner,
    databaseUrl: database.url,
    /** A fresh server process on the same database (its memory measured without what earlier phases left). */
    async restart() {
      await stopProcess(server.child);
      server = await serve(false);
    },
    async stop() {
      await owner.end();
      await stopProcess(server.child);
      await database.stop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The form, a list view sorting and filtering on form fields (so they are indexed) and a department rule. */
export async function designOrders(admin: TestClient) {
  const form = await publishedForm(admin, BENCH_FIELDS, { system: 'Bench', app: 'Orders', form: 'Order' });
  const base = `/api/forms/forms/${form.formId}`;
  await ok(admin.post(`${base}/views`, {
    name: 'Open by amount',
    kind: 'list',
    shared: true,
    config: { columns: ['f1', 'f2', 'f3', 'f4'], sort: { field: 'f3', dir: 'desc' }, filter: { logic: 'and', items: [{ field: 'f2', op: 'in', value: ['open', 'doing', 'done'] }] } },
  }));
  await ok(admin.post(`${base}/rules`, { name: 'Own department', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'department' }));
  return form;
}

/**
 * Loads `count` records into the form's table in one statement per 100,000 rows. Ownership: 60% in the user's
 * department (Production), 40% in Quality; statuses 40/30/25/5%; amounts spread with few ties.
 */
export async function bulkLoad(owner: pg.Pool, formId: string, spaceId: string, count: number) {
  const ids = await owner.query<{ user_id: string; login_id: string; department_id: string }>(
    `select m.user_id, u.login_id, m.department_id from org_member_department m join users u on u.id = m.user_id where m.space_id = $1`,
    [spaceId],
  );
  const admin = ids.rows.find((r) => r.login_id.endsWith('.admin'))!;
  const safe = ids.rows.find((r) => r.login_id.endsWith('.safe'))!;
  const table = `forms_data_${formId}`;
  for (let start = 0; start < count; start += 100_000) {
    await owner.query(
      `insert into ${table} (space_id, number, owner_id, owner_dept_id, created_by, updated_by, form_version, search_text, f1, f2, f3, f4, f5, f6)
       select $1, 'B' || lpad(g::text, 8, '0'),
         case when g % 10 < 6 then $2::bigint else $4::bigint end, case when g % 10 < 6 then $3::bigint else $5::bigint end,
         $2::bigint, $2::bigint, 1, 'order ' || g,
         'Order ' || g, (array['open','open','open','open','doing','doing','doing','done','done','cancelled'])[1 + (g * 7) % 10],
         round((random() * 100000)::numeric, 2), date '2026-01-01' + (g % 365), 'L' || (1 + g % 8), 'Customer ' || (g % 5000)
       from generate_series($6::int, $7::int) g`,
      [spaceId, admin.user_id, admin.department_id, safe.user_id, safe.department_id, start + 1, Math.min(start + 100_000, count)],
    );
  }
  await owner.query(`vacuum analyze ${table}`);
}

/**
 * B4's crowd: 99 more spaces sharing 999 published forms, every form with its own table, its indexes and 200
 * records — with the measured form, 1,000 forms in 100 spaces.
 */
export async function crowd(owner: pg.Pool, formsWanted: number, spacesWanted: number) {
  const definition = JSON.stringify({ fields: BENCH_FIELDS });
  let made = 0;
  const perSpace = Math.ceil((formsWanted - 1) / (spacesWanted - 1));
  for (let s = 1; s < spacesWanted && made < formsWanted - 1; s += 1) {
    const space = `crowd${s}`;
    const client = await owner.connect();
    try {
      await client.query('insert into spaces (id, name) values ($1, $2) on conflict do nothing', [space, `Crowd ${s}`]);
      await client.query('begin');
      await client.query(`select set_config('app.space_id', $1, true)`, [space]);
      const system = await client.query(`insert into appcenter_system (space_id, name) values ($1, 'Crowd') returning id`, [space]);
      const app = await client.query(`insert into appcenter_app (space_id, system_id, name) values ($1, $2, 'Crowd app') returning id`, [space, system.rows[0].id]);
      for (let f = 0; f < perSpace && made < formsWanted - 1; f += 1, made += 1) {
        const form = await client.query(`insert into forms_form (space_id, app_id, name, draft, version) values ($1, $2, $3, $4, 1) returning id`, [space, app.rows[0].id, `Form ${f}`, definition]);
        const formId = form.rows[0].id as string;
        await client.query(`insert into forms_version (space_id, form_id, version, definition) values ($1, $2, 1, $3)`, [space, formId, definition]);
        await client.query('select forms_storage_create($1::bigint)', [formId]);
        for (const field of BENCH_FIELDS) await client.query('select forms_storage_add_column($1::bigint, $2, $3)', [formId, field.key, field.type === 'amount' ? 'number' : field.type === 'date' ? 'date' : 'text']);
        for (const column of ['f2', 'f3']) await client.query('select forms_storage_index($1::bigint, $2)', [formId, column]);
        await client.query(
          `insert into forms_data_${formId} (space_id, owner_id, created_by, updated_by, form_version, f1, f2, f3)
           select $1, 1, 1, 1, 1, 'Row ' || g, 'open', g from generate_series(1, 200) g`,
          [space],
        );
      }
      await client.query('commit');
    } finally {
      client.release();
    }
  }
  await owner.query('analyze');
  return made + 1;
}

export { signedIn };

/**
 * B5's baseline: the rows of the import's file, with the system columns an import writes, loaded by one bare COPY
 * into a fresh form's table (its indexes and row-level security included): what the database alone costs, so the
 * import's checks (§5 rules, sanitising, permissions, numbering, audit, events) are measured as a ratio to it.
 */
export async function bareCopy(owner: pg.Pool, formId: string, spaceId: string, rows: number, rowOf: (i: number) => Cell[]): Promise<number> {
  const who = await owner.query<{ user_id: string; department_id: string }>(
    `select m.user_id, m.department_id from org_member_department m join users u on u.id = m.user_id where m.space_id = $1 and u.login_id like '%.admin' limit 1`,
    [spaceId],
  );
  const { user_id: user, department_id: department } = who.rows[0]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-bench-copy-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL reads the file as its own user
  const file = path.join(dir, 'rows.csv');
  const quote = (value: Cell) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const lines: string[] = [];
  for (let i = 1; i <= rows; i += 1) {
    const cells = rowOf(i);
    lines.push([spaceId, `C${i}`, user, department, user, user, 1, cells.join(' '), ...cells].map(quote).join(','));
  }
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o644 });
  try {
    const started = performance.now();
    await owner.query(`copy forms_data_${Number(formId)} (space_id, number, owner_id, owner_dept_id, created_by, updated_by, form_version, search_text, f1, f2, f3, f4, f5, f6)
      from '${file}' with (format csv)`);
    return rows / ((performance.now() - started) / 1000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
