import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { openWriter, readSheet, type Cell } from '../../kernel/sheets/index.ts';
import { tempDir, collect } from '../../kernel/sheets/fixtures.ts';
import fs from 'node:fs';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;
const dir = tempDir();

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const list = async (query = '', client = admin) => ok<{ total: number; members: any[] }>(await client.get(`/api/org/members/list?size=200${query}`));
const find = async (loginId: string) => (await list(`&q=${encodeURIComponent(loginId)}`)).members.find((m) => m.loginId === loginId);

async function sheet(rows: Cell[][]): Promise<Buffer> {
  const file = dir.file(`s${Math.random()}.xlsx`);
  const writer = await openWriter(file, 'xlsx', rows[0] as string[]);
  for (const row of rows.slice(1)) await writer.write(row);
  await writer.close();
  return fs.readFileSync(file);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, audit, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => {
  await platform?.stop();
  dir.remove();
});

describe('members: create, edit, disable, reset, invite', () => {
  it('creates a member with every §3 field, a department, posts and a superior; reads them back', async () => {
    const plant = ok(await admin.post('/api/org/departments', { name: 'Members plant', code: 'MPLANT' }));
    const post = ok(await admin.post('/api/org/posts', { code: 'M-OP', name: 'Operator', departmentId: plant.id }));
    const boss = (await find('acme.admin'))!;
    const created = ok(await admin.post('/api/org/members', {
      loginId: 'li.lei', name: '李雷', password: 'Welcome@2026', phone: '13800138000', email: 'li.lei@example.com', gender: 'male',
      birthday: '1990-05-01', qq: '123456789', idCard: '11010519491231002X', address: 'Beijing', signature: '安全第一', extension: '8001',
      entryDate: '2024-03-01', jobDescription: 'Line 1 operator', departmentIds: [plant.id], mainPostId: post.id, partTimePostIds: [], superiorId: boss.id,
    }));
    expect(created.invitation).toBeNull();
    const member = ok(await admin.get(`/api/org/members/${created.id}`));
    expect(member).toMatchObject({ loginId: 'li.lei', gender: 'male', birthday: '1990-05-01', idCard: '11010519491231002X', superiorId: boss.id, mainPostId: post.id, departmentIds: [plant.id], state: 'active' });
    const row = await find('li.lei');
    expect(row).toMatchObject({ departments: ['Members plant'], mainPost: 'Operator', superior: boss.name });
    // The new member signs in with the initial password.
    await signedIn(platform.url, 'li.lei', 'Welcome@2026');
  });

  it('refuses bad input with a 422 in the user\'s language and saves nothing', async () => {
    const before = (await list()).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ loginId: 'acme.user', name: 'Dup' }, 'already taken'],
      [{ loginId: 'sig', name: 'Sig', signature: '一'.repeat(41) }, 'at most 40 letters'],
      [{ loginId: 'idc', name: 'Id', idCard: '110105194912310021' }, 'Incorrect ID number'],
      [{ loginId: 'mail', name: 'Mail', email: 'not-mail' }, 'Incorrect email'],
      [{ loginId: 'bday', name: 'B', birthday: '2099-01-01' }, 'later than today'],
      [{ loginId: 'gone', name: 'G', departmentIds: ['999999'] }, 'department'],
    ];
    for (const [body, text] of cases) {
      const answer = await admin.post('/api/org/members?lang=en', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.text).toContain(text);
    }
    const zh = await admin.post('/api/org/members', { loginId: 'sig2', name: 'S', signature: 'x'.repeat(41) });
    expect(zh.body.text).toContain('个性签名最多 40 个字');
    expect((await list()).total).toBe(before);
  });

  it('refuses a superior chain that loops, and a member as their own superior', async () => {
    const a = ok(await admin.post('/api/org/members', { loginId: 'chain.a', name: 'Chain A' })).id;
    const b = ok(await admin.post('/api/org/members', { loginId: 'chain.b', name: 'Chain B', superiorId: a })).id;
    const c = ok(await admin.post('/api/org/members', { loginId: 'chain.c', name: 'Chain C', superiorId: b })).id;
    const edit = async (id: string, superiorId: string) => {
      const current = ok(await admin.get(`/api/org/members/${id}`));
      return admin.patch(`/api/org/members/${id}?lang=en`, { name: current.name, superiorId, updatedAt: current.updatedAt });
    };
    const loop = await edit(a, c);
    expect(loop.status).toBe(422);
    expect(loop.body.text).toContain('loop');
    expect((await edit(a, a)).status).toBe(422);
    expect(ok(await admin.get(`/api/org/members/${a}`)).superiorId).toBeNull();
  });

  it('disabling ends the member\'s sessions at once and they cannot sign in; re-enabling lets them back', async () => {
    const id = ok(await admin.post('/api/org/members', { loginId: 'temp.worker', name: 'Temp', password: 'Welcome@2026' })).id;
    const worker = await signedIn(platform.url, 'temp.worker', 'Welcome@2026');
    expect((await worker.get('/api/account/me')).status).toBe(200);
    ok(await admin.put(`/api/org/members/${id}/status`, { status: 'disabled' }));
    expect((await worker.get('/api/account/me')).status).toBe(401);
    expect((await new TestClient(platform.url).login('temp.worker', 'Welcome@2026')).status).toBe(403);
    expect((await list('&state=disabled')).members.map((m) => m.loginId)).toContain('temp.worker');
    ok(await admin.put(`/api/org/members/${id}/status`, { status: 'active' }));
    await signedIn(platform.url, 'temp.worker', 'Welcome@2026');
    expect((await admin.put(`/api/org/members/${(await find('acme.admin'))!.id}/status`, { status: 'disabled' })).status).toBe(422);
  });

  it('resets a password (old sessions end) and invites a member who then sets their own', async () => {
    const id = (await find('li.lei'))!.id;
    const old = await signedIn(platform.url, 'li.lei', 'Welcome@2026');
    ok(await admin.put(`/api/org/members/${id}/password`, { password: 'Changed@2026' }));
    expect((await old.get('/api/account/me')).status).toBe(401);
    await signedIn(platform.url, 'li.lei', 'Changed@2026');
    const { id: invitedId, invitation } = ok(await admin.post('/api/org/members', { loginId: 'han.meimei', name: '韩梅梅' }));
    expect(invitation).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await find('han.meimei'))!.state).toBe('invited');
    const anon = new TestClient(platform.url);
    expect(ok(await anon.get(`/api/account/invitations/${invitation}`))).toMatchObject({ loginId: 'han.meimei' });
    expect((await anon.post(`/api/account/invitations/${invitation}`, { password: 'short', confirmPassword: 'short' })).status).toBe(422);
    ok(await anon.post(`/api/account/invitations/${invitation}`, { password: 'Meimei@2026', confirmPassword: 'Meimei@2026' }));
    expect((await anon.post(`/api/account/invitations/${invitation}`, { password: 'Meimei@2026', confirmPassword: 'Meimei@2026' })).status).toBe(404);
    await signedIn(platform.url, 'han.meimei', 'Meimei@2026');
    expect((await admin.post(`/api/org/members/${invitedId}/invitation`, {})).status).toBe(422);
  });

  it('the three roles: only the admin writes members; the auditor reads; a plain user does neither', async () => {
    expect((await user.get('/api/org/members/list')).status).toBe(403);
    expect((await audit.get('/api/org/members/list')).status).toBe(200);
    expect((await audit.post('/api/org/members', { loginId: 'by.audit', name: 'X' })).status).toBe(403);
    expect((await user.post('/api/org/members', { loginId: 'by.user', name: 'X' })).status).toBe(403);
  });

  it('space B never sees or changes space A\'s members', async () => {
    const id = (await find('li.lei'))!.id;
    expect((await novaAdmin.get(`/api/org/members/${id}`)).status).toBe(404);
    expect((await list('&q=li.lei', novaAdmin)).members).toEqual([]);
    expect((await novaAdmin.put(`/api/org/members/${id}/status`, { status: 'disabled' })).status).toBe(404);
    expect((await novaAdmin.put(`/api/org/members/${id}/password`, { password: 'Hijack@2026' })).status).toBe(404);
    await signedIn(platform.url, 'li.lei', 'Changed@2026');
  });
});

describe('member import', () => {
  it('imports good rows in one go and gives the bad ones back in a failure file with reasons', async () => {
    const header = ['登录账号', '姓名', '手机号', '性别', '部门', '主岗位', '直属上级账号', '入职时间'];
    const rows: Cell[][] = [header];
    for (let i = 1; i <= 20; i++) rows.push([`imp${i}`, `导入${i}`, 13900000000 + i, i % 2 ? '男' : '女', 'MPLANT', 'M-OP', i > 1 ? 'imp1' : 'acme.admin', new Date(Date.UTC(2024, 0, i))]);
    rows[5]![2] = 'not a phone';
    rows[9]![0] = 'acme.user';
    const answer = ok(await admin.upload('/api/org/members/import?lang=en', [{ name: 'members.xlsx', bytes: await sheet(rows) }]));
    expect(answer).toMatchObject({ total: 20, imported: 18, failed: 2 });
    expect(answer.reasons.map((r: any) => r.line)).toEqual([6, 10]);
    const imported = await find('imp7');
    expect(imported).toMatchObject({ state: 'invited', departments: ['Members plant'], mainPost: 'Operator', superior: '导入1' });
    const failures = await admin.download(`/api/org/member-imports/${answer.id}/failures`);
    expect(failures.status).toBe(200);
    const file = dir.file('failures.xlsx');
    fs.writeFileSync(file, failures.bytes);
    const back = await collect(readSheet(file, 'xlsx'));
    expect(back).toHaveLength(3);
    expect(String(back[1]![8])).toContain('phone');
    expect(String(back[2]![8])).toContain('already taken');
    expect((await novaAdmin.download(`/api/org/member-imports/${answer.id}/failures`)).status).toBe(404);
  });

  it('refuses loops and duplicates inside the file and a file without a header', async () => {
    const rows: Cell[][] = [['Login ID', 'Name', "Superior's login ID"], ['loop.a', 'A', 'loop.b'], ['loop.b', 'B', 'loop.a'], ['twice', 'T', ''], ['twice', 'T2', ''], ['under.a', 'U', 'loop.a']];
    const answer = ok(await admin.upload('/api/org/members/import?lang=en', [{ name: 'm.xlsx', bytes: await sheet(rows) }]));
    expect(answer).toMatchObject({ total: 5, imported: 1, failed: 4 });
    const none = await admin.upload('/api/org/members/import?lang=en', [{ name: 'x.xlsx', bytes: await sheet([['a', 'b'], ['1', '2']]) }]);
    expect(none.status).toBe(422);
    expect((await user.upload('/api/org/members/import', [{ name: 'm.xlsx', bytes: await sheet(rows) }])).status).toBe(403);
  });
});
