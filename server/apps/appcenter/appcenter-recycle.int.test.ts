import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

/** The recycle bin, input validation and space isolation of the application centre. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = await Promise.all([
    signedIn(platform.url, 'acme.admin'),
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'nova.admin'),
  ]);
});
afterAll(async () => {
  await platform?.stop();
});

const ok = <T = any>(answer: Answer<T>): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const owner = () => platform.kernel.databases.owner;
const rowsOf = async (space: string) =>
  (
    await owner().query(
      `select s.id as "systemId", s.name as "systemName", s.updated_at as "systemAt", a.id, a.name, a.updated_at, a.deleted_at, a.roles
         from appcenter_system s left join appcenter_app a on a.space_id = s.space_id and a.system_id = s.id
        where s.space_id = $1 order by s.id, a.id`,
      [space],
    )
  ).rows;
const names = (apps: Array<{ name: string }>) => apps.map((a) => a.name);

describe('the app recycle bin', () => {
  it('delete → out of lists, search and GET → in the bin → restore → back', async () => {
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Recycling' }));
    const app = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Scrap report' }));
    ok(await admin.delete(`/api/appcenter/apps/${app.id}`));
    expect((await admin.delete(`/api/appcenter/apps/${app.id}`)).status).toBe(404); // already in the bin

    expect(ok(await user.get(`/api/appcenter/systems/${system.id}`)).apps).toEqual([]);
    expect(ok(await admin.get(`/api/appcenter/systems/${system.id}`)).apps).toEqual([]);
    expect(ok(await admin.get('/api/appcenter/apps?q=scrap')).apps).toEqual([]);
    expect((await user.get(`/api/appcenter/apps/${app.id}`)).status).toBe(404);
    const edit = await admin.patch(`/api/appcenter/apps/${app.id}`, { name: 'x', updatedAt: app.updatedAt });
    expect(edit.status).toBe(404);

    const bin = ok(await admin.get(`/api/appcenter/recycle?systemId=${system.id}`)).apps;
    expect(bin).toHaveLength(1);
    expect(bin[0]).toMatchObject({ id: app.id, name: 'Scrap report', systemId: system.id });
    expect(bin[0].deletedAt).toEqual(expect.any(String));
    expect(bin[0].deletedBy).toEqual(expect.any(String));
    expect(ok(await admin.get('/api/appcenter/recycle')).apps.map((a: { id: string }) => a.id)).toContain(app.id);

    const restored = ok(await admin.post(`/api/appcenter/recycle/${app.id}/restore`, {}));
    expect(restored).toMatchObject({ id: app.id, name: 'Scrap report' });
    expect(restored).not.toHaveProperty('deletedAt');
    expect(names(ok(await user.get(`/api/appcenter/systems/${system.id}`)).apps)).toEqual(['Scrap report']);
    expect(ok(await admin.get(`/api/appcenter/recycle?systemId=${system.id}`)).apps).toEqual([]);
    expect((await admin.post(`/api/appcenter/recycle/${app.id}/restore`, {})).status).toBe(404);
  });

  it('purges only from the bin', async () => {
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Purging' }));
    const app = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Old app' }));
    const live = await admin.delete(`/api/appcenter/recycle/${app.id}?lang=en`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ msg: 'appcenter.purgeLiveApp' });
    expect(live.body.text).toMatch(/recycle bin/);
    ok(await admin.delete(`/api/appcenter/apps/${app.id}`));
    ok(await admin.delete(`/api/appcenter/recycle/${app.id}`));
    expect((await admin.delete(`/api/appcenter/recycle/${app.id}`)).body.msg).toBe('appcenter.notInRecycle');
    expect((await owner().query('select 1 from appcenter_app where id = $1', [app.id])).rowCount).toBe(0);
  });

  it('refuses to purge an app that another table still references (forms data) with 409', async () => {
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Forms holder' }));
    const app = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'With forms' }));
    ok(await admin.delete(`/api/appcenter/apps/${app.id}`));
    // Stands in for the forms app's own table and foreign key.
    await owner().query(`create table test_forms_ref (space_id text, app_id bigint, foreign key (space_id, app_id) references appcenter_app (space_id, id))`);
    try {
      await owner().query(`insert into test_forms_ref values ('acme', $1)`, [app.id]);
      const refused = await admin.delete(`/api/appcenter/recycle/${app.id}?lang=en`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ msg: 'appcenter.appHasForms', text: "The application's forms still hold data, so it cannot be deleted for good." });
      expect(ok(await admin.get(`/api/appcenter/recycle?systemId=${system.id}`)).apps).toHaveLength(1);
    } finally {
      await owner().query('drop table test_forms_ref');
    }
  });
});

describe('bad input', () => {
  it('answers 400 in the caller language and saves nothing', async () => {
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Validation' }));
    const before = await rowsOf('acme');
    const bad: Array<[string, string, string, object, RegExp]> = [
      ['blank name', 'POST', '/api/appcenter/systems', { name: '   ' }, /name has an incorrect format/],
      ['name of 61', 'POST', '/api/appcenter/systems', { name: 'n'.repeat(61) }, /name allows at most 60 characters/],
      ['description of 501', 'POST', '/api/appcenter/systems', { name: 'D', description: 'd'.repeat(501) }, /description allows at most 500/],
      ['space_id smuggled', 'POST', '/api/appcenter/systems', { name: 'S', space_id: 'nova' }, /Field not allowed: space_id/],
      ['icon markup', 'POST', '/api/appcenter/systems', { name: 'I', icon: '<svg>' }, /icon has an incorrect format/],
      ['negative sort', 'POST', '/api/appcenter/systems', { name: 'N', sort: -1 }, /sort cannot be less than 0/],
      ['no system', 'POST', '/api/appcenter/apps', { name: 'A' }, /systemId cannot be empty/],
      ['bad system id', 'POST', '/api/appcenter/apps', { systemId: 'abc', name: 'A' }, /systemId has an incorrect format/],
      ['root role', 'POST', '/api/appcenter/apps', { systemId: system.id, name: 'A', roles: ['root'] }, /roles.0 is not one of the allowed/],
      ['repeated role', 'POST', '/api/appcenter/apps', { systemId: system.id, name: 'A', roles: ['user', 'user'] }, /roles/],
      ['created_by smuggled', 'POST', '/api/appcenter/apps', { systemId: system.id, name: 'A', created_by: '1' }, /created_by/],
      ['no updatedAt', 'PATCH', `/api/appcenter/systems/${system.id}`, { name: 'X' }, /updatedAt cannot be empty/],
      ['bad id', 'PATCH', '/api/appcenter/systems/abc', { name: 'X', updatedAt: system.updatedAt }, /id has an incorrect format/],
      ['empty reorder', 'POST', '/api/appcenter/systems/order', { ids: [] }, /ids needs at least 1 items/],
    ];
    for (const [why, method, url, body, text] of bad) {
      const answer = await admin.request(method, `${url}?lang=en`, body);
      expect(answer.status, why).toBe(422);
      expect(answer.body.msg, why).toMatch(/^validation\./);
      expect(answer.body.text, why).toMatch(text);
    }
    const chinese = await admin.post('/api/appcenter/systems', { name: 'n'.repeat(61) }, { 'accept-language': 'zh-CN' });
    expect(chinese.body.text).toBe('name 最多 60 个字符');
    expect(await rowsOf('acme')).toEqual(before);
  });
});

describe('spaces stay apart', () => {
  it("nova's admin can neither read nor change acme's systems and apps, and acme's rows stay as they were", async () => {
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Acme only' }));
    const app = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Acme app', description: 'acme secret' }));
    const binned = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Acme binned' }));
    ok(await admin.delete(`/api/appcenter/apps/${binned.id}`));
    ok(await novaAdmin.post('/api/appcenter/systems', { name: 'Acme only' })); // names are unique per space only
    const before = await rowsOf('acme');

    // nova sees its own systems (its demo system and its own "Acme only"), never acme's.
    const novaSystems = ok(await novaAdmin.get('/api/appcenter/systems')).systems;
    expect(novaSystems.map((s: { id: string }) => s.id)).not.toContain(system.id);
    expect(names(novaSystems).filter((n: string) => n === 'Acme only')).toHaveLength(1);
    expect(ok(await novaAdmin.get('/api/appcenter/apps?q=acme')).apps).toEqual([]);
    expect(ok(await novaAdmin.get('/api/appcenter/recycle')).apps).toEqual([]);
    const attempts: Array<[string, () => Promise<Answer>]> = [
      ['read system', () => novaAdmin.get(`/api/appcenter/systems/${system.id}`)],
      ['rename system', () => novaAdmin.patch(`/api/appcenter/systems/${system.id}`, { name: 'Taken', updatedAt: system.updatedAt })],
      ['delete system', () => novaAdmin.delete(`/api/appcenter/systems/${system.id}`)],
      ['reorder systems', () => novaAdmin.post('/api/appcenter/systems/order', { ids: [system.id] })],
      ['read app', () => novaAdmin.get(`/api/appcenter/apps/${app.id}`)],
      ['edit app', () => novaAdmin.patch(`/api/appcenter/apps/${app.id}`, { name: 'Taken', updatedAt: app.updatedAt })],
      ['recycle app', () => novaAdmin.delete(`/api/appcenter/apps/${app.id}`)],
      ['reorder apps', () => novaAdmin.post('/api/appcenter/apps/order', { systemId: system.id, ids: [app.id] })],
      ['add app to acme system', () => novaAdmin.post('/api/appcenter/apps', { systemId: system.id, name: 'Planted' })],
      ['restore', () => novaAdmin.post(`/api/appcenter/recycle/${binned.id}/restore`, {})],
      ['purge binned', () => novaAdmin.delete(`/api/appcenter/recycle/${binned.id}`)],
      ['purge live', () => novaAdmin.delete(`/api/appcenter/recycle/${app.id}`)],
    ];
    for (const [why, attempt] of attempts) expect((await attempt()).status, why).toBe(404);
    expect(await rowsOf('acme')).toEqual(before);
  });

  it("nova's admin is refused acme's space prefix", async () => {
    expect((await novaAdmin.get('/space-acme/api/appcenter/systems')).status).toBe(403);
    expect((await novaAdmin.post('/space-acme/api/appcenter/systems', { name: 'Planted' })).status).toBe(403);
    expect((await owner().query("select 1 from appcenter_system where space_id = 'acme' and name = 'Planted'")).rowCount).toBe(0);
  });
});
