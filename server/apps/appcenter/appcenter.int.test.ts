import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let auditor: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, auditor] = await Promise.all([
    signedIn(platform.url, 'acme.admin'),
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'acme.audit'),
  ]);
});
afterAll(async () => {
  await platform?.stop();
});

const ok = <T = any>(answer: Answer<T>): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ code: 200, msg: 'ok' });
  return answer.body.data;
};
const count = async (table: 'appcenter_app' | 'appcenter_system', space = 'acme') =>
  Number((await platform.kernel.databases.owner.query(`select count(*) as n from ${table} where space_id = $1`, [space])).rows[0].n);
const newSystem = async (name: string, extra: object = {}) => ok(await admin.post('/api/appcenter/systems', { name, ...extra }));
const newApp = async (systemId: string, name: string, extra: object = {}) =>
  ok(await admin.post('/api/appcenter/apps', { systemId, name, ...extra }));
const names = (apps: Array<{ name: string }>) => apps.map((a) => a.name);
const en = { 'accept-language': 'en' };

describe('systems', () => {
  it('creates, lists in order, renames with the version seen, and deletes an empty system', async () => {
    const first = await newSystem('  Production  ', { description: 'Plant floor' });
    expect(first).toMatchObject({ name: 'Production', icon: 'apps', description: 'Plant floor' });
    const second = await newSystem('Quality', { icon: 'tool' });
    expect(second.sort).toBe(first.sort + 1); // a new system goes last
    const listed = ok(await admin.get('/api/appcenter/systems')).systems;
    expect(names(listed).slice(-2)).toEqual(['Production', 'Quality']);

    const renamed = ok(await admin.patch(`/api/appcenter/systems/${second.id}`, { name: 'Quality control', updatedAt: second.updatedAt }));
    expect(renamed).toMatchObject({ id: second.id, name: 'Quality control', icon: 'tool' });
    expect(renamed.updatedAt).not.toBe(second.updatedAt);
    // PUT is the same update, for the renderer's transport (no PATCH there).
    const described = ok(await admin.put(`/api/appcenter/systems/${second.id}`, { description: 'QC', updatedAt: renamed.updatedAt }));
    expect(described.description).toBe('QC');

    expect(ok(await admin.delete(`/api/appcenter/systems/${second.id}`))).toBeNull();
    const gone = await admin.delete(`/api/appcenter/systems/${second.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('appcenter.systemNotFound');
  });

  it('refuses a stale edit with 409 common.conflict and keeps the newer data', async () => {
    const system = await newSystem('Stale test');
    const fresh = ok(await admin.patch(`/api/appcenter/systems/${system.id}`, { name: 'Stale test 2', updatedAt: system.updatedAt }));
    const stale = await admin.patch(`/api/appcenter/systems/${system.id}`, { name: 'Overwritten', updatedAt: system.updatedAt }, en);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ msg: 'common.conflict', text: 'Someone else changed this data; refresh and try again.' });
    const current = ok(await admin.get(`/api/appcenter/systems/${system.id}`));
    expect(current).toMatchObject({ name: 'Stale test 2', updatedAt: fresh.updatedAt });
  });

  it('refuses a duplicate name (any case) with 409 and a clear message, on create and rename', async () => {
    const taken = await newSystem('Maintenance');
    const before = await count('appcenter_system');
    const duplicate = await admin.post('/api/appcenter/systems?lang=en', { name: 'MAINTENANCE' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('appcenter.systemExists');
    expect(duplicate.body.text).toBe('A system named "MAINTENANCE" already exists in this space.');
    const other = await newSystem('Energy');
    const rename = await admin.patch(`/api/appcenter/systems/${other.id}`, { name: 'maintenance', updatedAt: other.updatedAt });
    expect(rename.status).toBe(409);
    expect(rename.body.text).toContain('maintenance'); // zh-CN by default
    expect(await count('appcenter_system')).toBe(before + 1);
    expect(taken.name).toBe('Maintenance');
  });

  it('refuses to delete a system that has apps, recycled ones included', async () => {
    const system = await newSystem('Has apps');
    const app = await newApp(system.id, 'Inside');
    const refused = await admin.delete(`/api/appcenter/systems/${system.id}?lang=en`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ msg: 'appcenter.systemHasApps' });
    expect(refused.body.text).toMatch(/recycle bin/);
    ok(await admin.delete(`/api/appcenter/apps/${app.id}`));
    expect((await admin.delete(`/api/appcenter/systems/${system.id}`)).status).toBe(409);
    ok(await admin.delete(`/api/appcenter/recycle/${app.id}`));
    ok(await admin.delete(`/api/appcenter/systems/${system.id}`));
  });

  it('reorders systems, and an unknown id moves nothing', async () => {
    const a = await newSystem('Order A');
    const b = await newSystem('Order B');
    ok(await admin.post('/api/appcenter/systems/order', { ids: [b.id, a.id] }));
    const order = () => admin.get('/api/appcenter/systems').then((r) => names(ok(r).systems).filter((n) => n.startsWith('Order')));
    expect(await order()).toEqual(['Order B', 'Order A']);
    const unknown = await admin.post('/api/appcenter/systems/order', { ids: [a.id, '999999'] });
    expect(unknown.status).toBe(404);
    expect(await order()).toEqual(['Order B', 'Order A']);
  });
});

describe('apps', () => {
  it('creates, reads, edits, moves and reorders apps', async () => {
    const system = await newSystem('Warehouse');
    const other = await newSystem('Logistics');
    const stock = await newApp(system.id, 'Stock', { description: 'Stock levels', icon: 'storage' });
    expect(stock).toMatchObject({ systemId: system.id, name: 'Stock', icon: 'storage', roles: [], sort: 0 });
    expect(Object.keys(stock).sort()).toEqual(['createdAt', 'description', 'icon', 'id', 'name', 'roles', 'sort', 'systemId', 'updatedAt']);
    const picking = await newApp(system.id, 'Picking');
    expect(picking).toMatchObject({ icon: 'app', sort: 1 });
    expect(ok(await user.get(`/api/appcenter/apps/${stock.id}`))).toMatchObject({ name: 'Stock' });

    const edited = ok(await admin.patch(`/api/appcenter/apps/${stock.id}`, { roles: ['user', 'admin'], updatedAt: stock.updatedAt }));
    expect(edited.roles).toEqual(['user', 'admin']);
    const stale = await admin.patch(`/api/appcenter/apps/${stock.id}`, { name: 'Old', updatedAt: stock.updatedAt });
    expect(stale).toMatchObject({ status: 409, body: { msg: 'common.conflict' } });

    ok(await admin.post('/api/appcenter/apps/order', { systemId: system.id, ids: [picking.id, stock.id] }));
    expect(names(ok(await admin.get(`/api/appcenter/systems/${system.id}`)).apps)).toEqual(['Picking', 'Stock']);
    const wrongSystem = await admin.post('/api/appcenter/apps/order', { systemId: other.id, ids: [picking.id] });
    expect(wrongSystem.status).toBe(404);

    // Reordering changed the sort, so it is a new version: an editor holding the old one must reload.
    expect((await admin.patch(`/api/appcenter/apps/${picking.id}`, { name: 'P', updatedAt: picking.updatedAt })).status).toBe(409);
    const reordered = ok(await admin.get(`/api/appcenter/apps/${picking.id}`));
    const moved = ok(await admin.patch(`/api/appcenter/apps/${picking.id}`, { systemId: other.id, updatedAt: reordered.updatedAt }));
    expect(moved.systemId).toBe(other.id);
    const nowhere = await admin.patch(`/api/appcenter/apps/${moved.id}`, { systemId: '999999', updatedAt: moved.updatedAt });
    expect(nowhere).toMatchObject({ status: 404, body: { msg: 'appcenter.systemNotFound' } });
    const orphan = await admin.post('/api/appcenter/apps', { systemId: '999999', name: 'Orphan' });
    expect(orphan).toMatchObject({ status: 404, body: { msg: 'appcenter.systemNotFound' } });
  });

  it('writes the operation log for app writes', async () => {
    const rows = await platform.kernel.databases.owner.query<{ action: string }>(
      "select distinct action from oplog where action like 'appcenter.%' and result = 'ok'",
    );
    expect(rows.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['appcenter.system.create', 'appcenter.app.create', 'appcenter.app.update']));
  });
});

describe('who sees which app', () => {
  let restricted: { id: string };
  let systemId: string;
  beforeAll(async () => {
    const system = await newSystem('Visibility');
    systemId = system.id;
    restricted = await newApp(system.id, 'Payroll secret', { roles: ['admin'], description: 'salaries' });
    await newApp(system.id, 'Canteen menu', { description: 'Lunch today' });
    await newApp(system.id, 'Shift plan', { roles: ['user'] });
    const hidden = await newSystem('Admins only');
    await newApp(hidden.id, 'Board papers', { roles: ['admin'] });
  });

  it('a user lists, searches and opens only the apps of their roles; the admin sees all', async () => {
    const forUser = ok(await user.get('/api/appcenter/systems')).systems;
    const visibility = forUser.find((s: { id: string }) => s.id === systemId);
    expect(names(visibility.apps)).toEqual(['Canteen menu', 'Shift plan']);
    expect(names(forUser)).not.toContain('Admins only'); // nothing there for this user
    expect(names(ok(await user.get('/api/appcenter/apps?q=secret')).apps)).toEqual([]);
    expect(names(ok(await user.get('/api/appcenter/apps?q=salaries')).apps)).toEqual([]);
    const opened = await user.get(`/api/appcenter/apps/${restricted.id}`);
    expect(opened).toMatchObject({ status: 404, body: { msg: 'appcenter.appNotFound' } });
    expect(names(ok(await user.get(`/api/appcenter/systems/${systemId}`)).apps)).toEqual(['Canteen menu', 'Shift plan']);

    // Separation of duties (decision 0026): an app for every member is every BUSINESS member's, not the auditor's.
    expect(names(ok(await auditor.get(`/api/appcenter/systems/${systemId}`)).apps)).toEqual([]);
    const forAdmin = ok(await admin.get('/api/appcenter/systems')).systems;
    expect(names(forAdmin.find((s: { id: string }) => s.id === systemId).apps)).toEqual(['Payroll secret', 'Canteen menu', 'Shift plan']);
    expect(names(forAdmin)).toContain('Admins only');
    expect(names(ok(await admin.get('/api/appcenter/apps?q=SECRET')).apps)).toEqual(['Payroll secret']);
    expect(ok(await admin.get(`/api/appcenter/apps/${restricted.id}`)).roles).toEqual(['admin']);
  });

  it('searches name and description case-insensitively, by system, with LIKE characters taken literally', async () => {
    await newApp(systemId, '100% Yield', { description: 'a_b report' });
    expect(names(ok(await user.get('/api/appcenter/apps?q=LUNCH')).apps)).toEqual(['Canteen menu']);
    expect(names(ok(await user.get(`/api/appcenter/apps?q=e&systemId=${systemId}`)).apps)).toEqual(['Canteen menu', '100% Yield']);
    expect(names(ok(await user.get('/api/appcenter/apps?q=%25')).apps)).toEqual(['100% Yield']);
    expect(names(ok(await user.get('/api/appcenter/apps?q=_')).apps)).toEqual(['100% Yield']);
    expect(names(ok(await user.get('/api/appcenter/apps?q=%25%25')).apps)).toEqual([]);
    const tooLong = await user.get(`/api/appcenter/apps?q=${'x'.repeat(61)}&lang=en`);
    expect(tooLong).toMatchObject({ status: 422, body: { msg: 'validation.tooLong', text: 'q allows at most 60 characters.' } });
  });

  it('members browse but do not build: 403 for user and auditor writes and for the recycle bin', async () => {
    const before = await count('appcenter_system');
    expect((await user.post('/api/appcenter/systems', { name: 'Mine' })).status).toBe(403);
    expect((await auditor.post('/api/appcenter/apps', { systemId, name: 'Mine' })).status).toBe(403);
    expect((await user.patch(`/api/appcenter/apps/${restricted.id}`, { name: 'x', updatedAt: 'x' })).status).toBe(403);
    expect((await user.delete(`/api/appcenter/apps/${restricted.id}`)).status).toBe(403);
    expect((await user.get('/api/appcenter/recycle')).status).toBe(403);
    expect(await count('appcenter_system')).toBe(before);
  });
});
