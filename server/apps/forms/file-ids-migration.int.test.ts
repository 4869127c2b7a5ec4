import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/platform.ts';
import { MIGRATION_SOURCES } from '../index.ts';
import { migrate } from '../../kernel/db/migrate.ts';

/**
 * Migration 0006 gives existing files random ids: a database with files named by sequential ids in record
 * values, discussions, references and import jobs (as before 0006) keeps every one of those links afterwards.
 */
let url: string;
let pool: pg.Pool;
let before: string;

const FILES = (id: number) => [{ fileId: String(id), name: `f${id}.txt`, size: 1, mime: 'text/plain' }];

beforeAll(async () => {
  url = await createTestDatabase('fid');
  pool = new pg.Pool({ connectionString: url, max: 2 });
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-forms-0005-'));
  const forms = MIGRATION_SOURCES.find((s) => s.scope === 'forms')!;
  for (const name of fs.readdirSync(forms.dir).filter((n) => n.endsWith('.sql') && n < '0006')) fs.copyFileSync(path.join(forms.dir, name), path.join(before, name));
  await migrate(pool, MIGRATION_SOURCES.map((s) => (s.scope === 'forms' ? { scope: 'forms', dir: before } : s)));
});
afterAll(async () => {
  await pool?.end();
  if (url) await dropTestDatabase(url);
  fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0006: random file ids for existing files', () => {
  it('re-keys every file and every place that names it, in each space', async () => {
    // One connection: the storage functions read the space from its setting, as they do for the app.
    const client = await pool.connect();
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    const definition = { fields: [{ key: 'f1', type: 'text', label: 'Title' }, { key: 'f2', type: 'attachment', label: 'Files' }] };
    const forms: Record<string, string> = {};
    for (const space of ['acme', 'nova']) {
      await q(`insert into spaces (id, name) values ($1, $1)`, [space]);
      const system = (await q(`insert into appcenter_system (space_id, name) values ($1, 'S') returning id`, [space])).rows[0].id;
      const app = (await q(`insert into appcenter_app (space_id, system_id, name) values ($1, $2, 'A') returning id`, [space, system])).rows[0].id;
      const form = (await q(`insert into forms_form (space_id, app_id, name, version) values ($1, $2, 'F', 1) returning id`, [space, app])).rows[0].id;
      await q(`insert into forms_version (space_id, form_id, version, definition) values ($1, $2, 1, $3)`, [space, form, JSON.stringify(definition)]);
      await q(`select set_config('app.space_id', $1, false)`, [space]);
      await q(`select forms_storage_create($1::bigint)`, [form]);
      await q(`select forms_storage_add_column($1::bigint, 'f1', 'text'), forms_storage_add_column($1::bigint, 'f2', 'json')`, [form]);
      forms[space] = form;
    }
    const file = async (space: string) =>
      Number((await q(`insert into forms_file (space_id, name, mime, size, sha256, content, purpose, uploaded_by) values ($1, 'f.txt', 'text/plain', 1, 'x', 'x', 'attachment', 1) returning id`, [space])).rows[0].id);
    const [a1, a2, n1] = [await file('acme'), await file('acme'), await file('nova')];
    expect([a1, a2, n1]).toEqual([1, 2, 3]);
    const record = async (space: string, id: number) =>
      (await q(`insert into forms_data_${forms[space]} (space_id, owner_id, created_by, updated_by, form_version, f1, f2) values ($1, 1, 1, 1, 1, 'r', $2) returning id`, [space, JSON.stringify(FILES(id))])).rows[0].id;
    const acmeRecord = await record('acme', a1);
    const novaRecord = await record('nova', n1);
    await q(`insert into forms_file_ref (space_id, file_id, form_id, record_id) values ('acme', $1, $2, $3), ('acme', $4, $2, $3), ('nova', $5, $6, $7)`, [a1, forms.acme, acmeRecord, a2, n1, forms.nova, novaRecord]);
    await q(`insert into forms_comment (space_id, form_id, record_id, author_id, content, attachments) values ('acme', $1, $2, 1, 'c', $3)`, [forms.acme, acmeRecord, JSON.stringify(FILES(a2))]);
    await q(`insert into forms_job (space_id, form_id, user_id, kind, file_id) values ('acme', $1, 1, 'import', $2)`, [forms.acme, a2]);

    client.release();
    await migrate(pool, MIGRATION_SOURCES);

    const r = (text: string, values: unknown[] = []) => pool.query(text, values);
    const files = (await r(`select space_id, id from forms_file order by space_id, created_at, id`)).rows;
    expect(files).toHaveLength(3);
    for (const f of files) expect(Number(f.id)).toBeGreaterThan(1_000_000);
    const idsOf = async (space: string) => new Set((await r(`select id from forms_file where space_id = $1`, [space])).rows.map((r) => r.id));
    const acme = await idsOf('acme');
    const nova = await idsOf('nova');
    const recorded = async (space: string, id: string) => (await r(`select f2 from forms_data_${forms[space]} where id = $1`, [id])).rows[0].f2[0].fileId as string;
    expect(acme.has(await recorded('acme', acmeRecord))).toBe(true);
    expect(nova.has(await recorded('nova', novaRecord))).toBe(true);
    const refs = (await r(`select space_id, file_id from forms_file_ref`)).rows;
    expect(refs.filter((r) => r.space_id === 'acme').map((r) => r.file_id).sort()).toEqual([...acme].sort());
    expect(refs.filter((r) => r.space_id === 'nova').map((r) => r.file_id)).toEqual([...nova]);
    const comment = (await r(`select attachments from forms_comment`)).rows[0].attachments[0];
    const job = (await r(`select file_id from forms_job`)).rows[0].file_id;
    expect(comment.fileId).toBe(job);
    expect(acme.has(job)).toBe(true);
    expect(comment.fileId).not.toBe(await recorded('acme', acmeRecord));
    expect(comment).toMatchObject({ name: `f${a2}.txt`, size: 1, mime: 'text/plain' });
    // New files get random ids too.
    expect(Number(await file('acme'))).toBeGreaterThan(1_000_000);
  });
});
