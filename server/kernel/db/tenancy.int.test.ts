import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../platform.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import { tenancyProblems } from './catalog.ts';
import { APP_ROLE, inSpace, type Db } from './pool.ts';
import type { Database } from './schema.ts';

let platform: Platform;
let acmeAdmin: TestClient;
let novaAdmin: TestClient;
let acmeDepartmentId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  acmeAdmin = await signedIn(platform.url, 'acme.admin');
  novaAdmin = await signedIn(platform.url, 'nova.admin');
  const created = await acmeAdmin.post('/api/org/departments', { name: 'Secret lab' });
  expect(created.status).toBe(200);
  acmeDepartmentId = created.body.data.id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('the catalog', () => {
  it('has forced RLS with USING + WITH CHECK on every space table, and an app role that cannot see past it', async () => {
    expect(await tenancyProblems(platform.kernel.databases.owner)).toEqual([]);
  });

  it('reports a space table without forced RLS and a table owned by the app role', async () => {
    const owner = platform.kernel.databases.owner;
    await owner.query('create table leaky_thing (space_id text not null, secret text)');
    try {
      expect(await tenancyProblems(owner)).toEqual(
        expect.arrayContaining([
          'leaky_thing: row-level security is not enabled',
          'leaky_thing: row-level security is not forced',
          'leaky_thing: no policy with USING and WITH CHECK on app.space_id',
        ]),
      );
      await owner.query('alter table leaky_thing enable row level security, force row level security');
      await owner.query(`create policy p on leaky_thing using (space_id = nullif(current_setting('app.space_id', true), ''))`);
      expect(await tenancyProblems(owner)).toEqual(['leaky_thing: no policy with USING and WITH CHECK on app.space_id']);
      await owner.query(`alter table leaky_thing owner to ${APP_ROLE}`);
      expect(await tenancyProblems(owner)).toContain(`leaky_thing: owned by the app role ${APP_ROLE}`);
    } finally {
      await owner.query('drop table leaky_thing');
    }
  });

  it('reports a policy opened by a setting the app role may set itself (only the space and provider settings narrow)', async () => {
    const owner = platform.kernel.databases.owner;
    await owner.query('create table switch_thing (space_id text not null, secret text)');
    try {
      await owner.query('alter table switch_thing enable row level security, force row level security');
      await owner.query(`create policy space on switch_thing using (space_id = nullif(current_setting('app.space_id', true), '')) with check (space_id = nullif(current_setting('app.space_id', true), ''))`);
      expect(await tenancyProblems(owner)).toEqual([]);
      await owner.query(`create policy everything on switch_thing using (current_setting('app.see_all', true) = 'on')`);
      expect(await tenancyProblems(owner)).toEqual(['switch_thing: policy everything reads the setting app.see_all, which the app role may set itself']);
    } finally {
      await owner.query('drop table switch_thing');
    }
  });

  it('request queries run as the app role: not a superuser, no BYPASSRLS, owning nothing', async () => {
    const row = await sql<{ who: string; sup: string }>`select current_user as who, current_setting('is_superuser') as sup`.execute(platform.kernel.db);
    expect(row.rows[0]).toEqual({ who: APP_ROLE, sup: 'off' });
  });

  it('the app role cannot edit or delete the operation log', async () => {
    await expect(sql`update oplog set action = 'forged'`.execute(platform.kernel.db)).rejects.toThrow(/permission denied/);
    await expect(sql`delete from oplog`.execute(platform.kernel.db)).rejects.toThrow(/permission denied/);
  });
});

describe('row-level security in the database', () => {
  it('without a space set, space tables show no rows', async () => {
    const rows = await platform.kernel.db.selectFrom('org_department').selectAll().execute();
    expect(rows).toEqual([]);
    const inTx = await inSpace(platform.kernel.db, null, (trx) => trx.selectFrom('org_department').selectAll().execute());
    expect(inTx).toEqual([]);
  });

  it('refuses to write a row into another space (WITH CHECK)', async () => {
    await expect(
      inSpace(platform.kernel.db, 'nova', (trx) => trx.insertInto('org_department').values({ space_id: 'acme', name: 'Planted' }).execute()),
    ).rejects.toThrow(/row-level security/);
  });

  it('keeps spaces apart on a 2-connection pool under interleaved transactions', async () => {
    const pool = new pg.Pool({ connectionString: platform.kernel.databases.url, max: 2, options: `-c role=${APP_ROLE}` });
    const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const expected = {
        acme: await inSpace(db, 'acme', (t) => t.selectFrom('org_department').select('name').execute()),
        nova: await inSpace(db, 'nova', (t) => t.selectFrom('org_department').select('name').execute()),
      };
      expect(expected.acme.map((r) => r.name)).toContain('Secret lab');
      expect(expected.nova.map((r) => r.name)).not.toContain('Secret lab');
      const runs = Array.from({ length: 120 }, (_, i) => {
        const space = i % 2 === 0 ? 'acme' : 'nova';
        return inSpace(db, space, async (trx) => {
          const names = await trx.selectFrom('org_department').select('name').orderBy('id').execute();
          const setting = await sql<{ s: string }>`select current_setting('app.space_id', true) as s`.execute(trx);
          return { space, names: names.map((r) => r.name), setting: setting.rows[0]?.s };
        });
      });
      for (const result of await Promise.all(runs)) {
        expect(result.setting).toBe(result.space);
        expect(result.names).toEqual(expected[result.space as 'acme' | 'nova'].map((r) => r.name));
      }
      // The setting was transaction-local: the same two connections now see nothing.
      const after = await Promise.all([1, 2, 3, 4].map(() => db.selectFrom('org_department').selectAll().execute()));
      expect(after.every((rows) => rows.length === 0)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});

describe('a member of space B gets nothing of space A through the API', () => {
  it('lists only their own departments and members', async () => {
    const departments = await novaAdmin.get('/api/org/departments');
    expect(departments.status).toBe(200);
    expect(departments.body.data.departments.map((d: { name: string }) => d.name)).not.toContain('Secret lab');
    expect(departments.body.data.departments.map((d: { id: string }) => d.id)).not.toContain(acmeDepartmentId);
    const members = await novaAdmin.get('/api/org/members');
    // nova's own members (and the demo provider's account, a member of both its spaces), never acme's.
    const logins: string[] = members.body.data.members.map((m: { loginId: string }) => m.loginId);
    expect(logins).toContain('nova.admin');
    expect(logins.filter((id) => id.startsWith('acme.'))).toEqual([]);
  });

  it("cannot change or delete A's department by id", async () => {
    const patch = await novaAdmin.patch(`/api/org/departments/${acmeDepartmentId}`, { name: 'Hijacked', updatedAt: new Date().toISOString() });
    expect(patch.status).toBe(404);
    const del = await novaAdmin.delete(`/api/org/departments/${acmeDepartmentId}`);
    expect(del.status).toBe(404);
    const check = await acmeAdmin.get('/api/org/departments');
    expect(check.body.data.departments.find((d: { id: string }) => d.id === acmeDepartmentId)?.name).toBe('Secret lab');
  });

  it("cannot attach to A's department nor name A's space in a body", async () => {
    const child = await novaAdmin.post('/api/org/departments', { name: 'Spy cell', parentId: acmeDepartmentId });
    expect(child.status).toBe(404);
    const planted = await novaAdmin.post('/api/org/departments', { name: 'Planted', space_id: 'acme' });
    expect(planted.status).toBe(422);
    expect(planted.body.msg).toBe('validation.unknownField');
    const acmeNames = (await acmeAdmin.get('/api/org/departments')).body.data.departments.map((d: { name: string }) => d.name);
    expect(acmeNames).not.toContain('Spy cell');
    expect(acmeNames).not.toContain('Planted');
  });

  it("is refused A's space prefix on every path", async () => {
    for (const path of ['/api/org/departments', '/api/org/members', '/napi/micro-apps/qycloudBaseInfo', '/api/account/me']) {
      const answer = await novaAdmin.get(`/space-acme${path}`);
      expect(answer.status, path).toBe(403);
      expect(answer.body.msg).toBe('space.notMember');
    }
    const write = await novaAdmin.post('/space-acme/api/org/departments', { name: 'Via prefix' });
    expect(write.status).toBe(403);
  });

  it("an auditor of B cannot read A's operation log", async () => {
    const audit = await signedIn(platform.url, 'nova.audit');
    const own = await audit.get('/api/kernel/oplog');
    expect(own.status).toBe(200);
    expect(own.body.data.entries.every((e: { space_id: string }) => e.space_id === 'nova')).toBe(true);
    expect((await audit.get('/api/kernel/oplog?spaceId=acme')).status).toBe(403);
  });

  it('a cross-space answer says so', async () => {
    const root = await signedIn(platform.url, 'root');
    const me = await root.get('/space-acme/api/account/me');
    expect(me.body.data).toMatchObject({ isCrossSpace: true, space: { id: 'acme' } });
    const home = await acmeAdmin.get('/space-acme/api/account/me');
    expect(home.body.data.isCrossSpace).toBe(false);
  });
});

describe('answers name their space', () => {
  it('carries x-space-id and x-cross-space on every signed-in answer', async () => {
    const own = await acmeAdmin.get('/api/org/departments');
    expect(own.headers.get('x-space-id')).toBe('acme');
    expect(own.headers.get('x-cross-space')).toBe('0');
    const root = await signedIn(platform.url, 'root');
    const visit = await root.get('/SPACE-NOVA/api/account/me');
    expect(visit.headers.get('x-space-id')).toBe('nova');
    expect(visit.headers.get('x-cross-space')).toBe('1');
  });
});
