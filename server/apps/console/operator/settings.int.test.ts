import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, TestClient, type Answer } from '../../../../tests/support/client.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { Platform } from '../../../platform.ts';

let platform: Platform;
let root: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const settings = (body: Record<string, unknown>) => root.request('PATCH', '/api/console/operator/settings?lang=en', body);
const request = (n: number) => ({ enterpriseName: `Works ${n}`, contactName: 'Zhou', phone: '13600000000', email: `w${n}@example.com`, adminLoginId: `works${n}.admin`, password: 'Zhoujiu@2026', confirmPassword: 'Zhoujiu@2026' });

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
});
afterAll(async () => {
  await platform?.stop();
});

describe('platform settings (/root/systemConfig)', () => {
  it('closes and reopens registration of enterprises, which the registration route enforces', async () => {
    const guest = new TestClient(platform.url);
    ok(await settings({ registrationOpen: false }));
    const closed = await guest.post('/api/org/space-requests?lang=en', request(1));
    expect(closed.status).toBe(403);
    expect(closed.body.text).toBe('Registration of new enterprises is closed on this platform; please contact the platform operator.');
    expect(Number((await platform.kernel.databases.owner.query(`select count(*)::int as n from org_space_request where admin_login_id = 'works1.admin'`)).rows[0].n)).toBe(0);
    expect(ok(await guest.get('/api/console/platform')).registrationOpen).toBe(false);
    ok(await settings({ registrationOpen: true }));
    ok(await guest.post('/api/org/space-requests', request(2)));
  });

  it('limits the size of an uploaded file', async () => {
    const member = await signedIn(platform.url, 'nova.user');
    const big = { name: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 10, 'a') };
    ok(await member.upload('/api/forms/files?purpose=attachment', [big]));
    ok(await settings({ uploadMaxMb: 1 }));
    expect((await member.upload('/api/forms/files?purpose=attachment', [big])).status).toBe(413);
    ok(await member.upload('/api/forms/files?purpose=attachment', [{ name: 'small.txt', bytes: Buffer.from('small') }]));
    ok(await settings({ uploadMaxMb: 50 }));
  });

  it('sets the default language of people who chose none, before their browser’s preference', async () => {
    const guest = new TestClient(platform.url);
    expect((await guest.get('/api/console/operator/settings')).body.text).toBe('请先登录');
    ok(await settings({ defaultLanguage: 'en' }));
    const english = await guest.get('/api/console/operator/settings', { 'accept-language': 'zh-CN' });
    expect(english.body.text).toMatch(/sign in/i);
    expect((await guest.get('/api/console/operator/settings', { cookie: 'locale=zh-CN' })).body.text).toBe('请先登录');
    ok(await settings({ defaultLanguage: 'zh-CN' }));
  });

  it('overrides the environment’s desktop download link and serves the update feed', async () => {
    const guest = new TestClient(platform.url);
    ok(await settings({ desktopDownloadUrl: 'https://downloads.example.com/qpaas.exe', desktopUpdateFeed: 'https://updates.example.com/feed/' }));
    expect(ok(await guest.get('/napi/micro-apps/qycloudBaseInfo')).desktopDownloadUrl).toBe('https://downloads.example.com/qpaas.exe');
    expect(ok(await guest.get('/api/console/platform')).desktopUpdateFeed).toBe('https://updates.example.com/feed/');
    ok(await settings({ desktopDownloadUrl: null }));
    expect(ok(await guest.get('/napi/micro-apps/qycloudBaseInfo')).desktopDownloadUrl).toBeNull();
  });

  it('refuses bad values with a 422 and changes nothing; only root may change them', async () => {
    for (const body of [{ uploadMaxMb: 0 }, { uploadMaxMb: 51 }, { desktopDownloadUrl: 'javascript:alert(1)' }, { defaultLanguage: 'fr' }, { registrationOpen: 'yes' }, { maintenance: true }, {}]) {
      expect((await settings(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(ok(await root.get('/api/console/operator/settings')).settings).toMatchObject({ uploadMaxMb: 50, registrationOpen: true, defaultLanguage: 'zh-CN' });
    const admin = await signedIn(platform.url, 'nova.admin');
    expect((await admin.request('PATCH', '/api/console/operator/settings', { registrationOpen: false })).status).toBe(403);
    expect((await admin.get('/api/console/operator/roles')).status).toBe(403);
  });
});

describe('roles and their named permissions (/root/role, /root/perMange)', () => {
  it('shows each role’s permissions as the kernel applies them', async () => {
    const roles = ok(await root.get('/api/console/operator/roles')).roles;
    expect(roles.map((r: any) => r.role)).toEqual(['root', 'saas', 'admin', 'user', 'safe', 'audit']);
    const admin = roles.find((r: any) => r.role === 'admin');
    expect(admin.members).toBeGreaterThanOrEqual(2);
    expect(admin.permissions.find((c: any) => c.permission === 'org.members.read')).toEqual({ permission: 'org.members.read', held: true, changed: false, locked: false });
    expect(roles.find((r: any) => r.role === 'root').permissions.find((c: any) => c.permission === 'console.users.manage').locked).toBe(true);
  });

  it('a withdrawn permission is refused at the API at once, and granting it back restores it', async () => {
    const admin = await signedIn(platform.url, 'nova.admin');
    ok(await admin.get('/api/org/overview'));
    ok(await root.put('/api/console/operator/roles/admin/permissions/org.members.read', { held: false }));
    expect((await admin.get('/api/org/overview')).status).toBe(403);
    const cell = ok(await root.get('/api/console/operator/roles')).roles.find((r: any) => r.role === 'admin').permissions.find((c: any) => c.permission === 'org.members.read');
    expect(cell).toMatchObject({ held: false, changed: true });
    ok(await root.put('/api/console/operator/roles/admin/permissions/org.members.read', { held: true }));
    ok(await admin.get('/api/org/overview'));
  });

  it('a withdrawn permission reaches the checks inside a handler and the buttons the pages show', async () => {
    const admin = await signedIn(platform.url, 'nova.admin');
    const held = async () => (await admin.get('/napi/micro-apps/qycloudBaseInfo')).body.data.user.permissions as string[];
    expect(await held()).toContain('portal.manage');
    ok(await admin.get('/api/portal/portals?terminal=web&manage=1'));
    ok(await root.put('/api/console/operator/roles/admin/permissions/portal.manage', { held: false }));
    expect(await held()).not.toContain('portal.manage');
    expect(await held()).toContain('portal.view');
    // The portal list's manager mode is decided inside the handler (the route itself needs only portal.view).
    expect((await admin.get('/api/portal/portals?terminal=web&manage=1')).status).toBe(403);
    ok(await root.put('/api/console/operator/roles/admin/permissions/portal.manage', { held: true }));
    expect(await held()).toContain('portal.manage');
    ok(await admin.get('/api/portal/portals?terminal=web&manage=1'));
  });

  it('a granted permission opens the API to a role that lacked it', async () => {
    const member = await signedIn(platform.url, 'nova.user');
    expect((await member.get('/api/org/overview')).status).toBe(403);
    ok(await root.put('/api/console/operator/roles/user/permissions/org.members.read', { held: true }));
    ok(await member.get('/api/org/overview'));
    ok(await root.put('/api/console/operator/roles/user/permissions/org.members.read', { held: false }));
    expect((await member.get('/api/org/overview')).status).toBe(403);
    // Back to the built-in table: nothing stored as a change any more.
    const stored = (await platform.kernel.databases.owner.query(`select value from platform_settings where key = 'role_permissions'`)).rows[0].value;
    expect(stored).toEqual({ granted: {}, withdrawn: {} });
  });

  it('keeps root’s own console permissions, and refuses unknown permissions and roles', async () => {
    const locked = await root.put('/api/console/operator/roles/root/permissions/console.users.manage?lang=en', { held: false });
    expect(locked.status).toBe(422);
    expect(locked.body.text).toBe('The operator\'s own console permission console.users.manage cannot be withdrawn.');
    ok(await root.get('/api/console/operator/users'));
    expect((await root.put('/api/console/operator/roles/admin/permissions/org.nothing', { held: true })).status).toBe(422);
    expect((await root.put('/api/console/operator/roles/boss/permissions/org.members.read', { held: true })).status).toBe(422);
    expect((await root.put('/api/console/operator/roles/admin/permissions/org.members.read', { held: 'no' })).status).toBe(422);
  });

  it('another server process follows a change through NOTIFY', async () => {
    const table = platform.kernel.rolePermissions;
    // What a second process receives: the stored change arrives by NOTIFY, applied without a restart.
    await platform.kernel.databases.owner.query(
      `select pg_notify('qpaas_kernel', '{"type":"rolePermissions","changes":{"granted":{},"withdrawn":{"org.members.read":["safe"]}}}')`,
    );
    await expect.poll(() => table.rolesFor('org.members.read').includes('safe')).toBe(false);
    await platform.kernel.databases.owner.query(`select pg_notify('qpaas_kernel', '{"type":"rolePermissions","changes":{"granted":{},"withdrawn":{}}}')`);
    await expect.poll(() => table.rolesFor('org.members.read').includes('safe')).toBe(true);
  });
});
