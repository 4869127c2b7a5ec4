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
const query = async (text: string, params: unknown[] = []) => (await platform.kernel.databases.owner.query(text, params)).rows;
const count = async (text: string, params: unknown[] = []) => Number((await query(text, params))[0].n);

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await signedIn(platform.url, 'root');
});
afterAll(async () => {
  await platform?.stop();
});

describe('a space suspended, resumed and archived (sysop/enterprise/space)', () => {
  it('suspends a space: its members can neither act nor sign in, the reason is told; its data is kept; resume restores', async () => {
    const user = await signedIn(platform.url, 'nova.user');
    const admin = await signedIn(platform.url, 'nova.admin');
    const acme = await signedIn(platform.url, 'acme.user');
    expect((await user.get('/api/appcenter/systems')).status).toBe(200);
    const apps = await count(`select count(*) as n from appcenter_app where space_id = 'nova'`);
    expect((await root.post('/api/console/enterprises/nova/suspend', {})).status).toBe(422);
    const suspended = ok(await root.post('/api/console/enterprises/nova/suspend', { reason: '合同到期 Contract ended' }));
    expect(suspended).toMatchObject({ status: 'suspended', statusReason: '合同到期 Contract ended' });
    expect(suspended.statusChangedAt).toBeTruthy();
    // Sessions opened before the suspension lose the space at once.
    expect((await user.get('/api/appcenter/systems')).status).toBe(403);
    expect((await admin.post('/api/org/members', { loginId: 'nova.new', name: 'New', password: 'Welcome@2026' })).status).toBe(403);
    const refused = await new TestClient(platform.url).post('/api/account/login?lang=en', { loginId: 'nova.user', password: 'Demo@2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.text).toBe('Your enterprise space is suspended: 合同到期 Contract ended');
    const refusedZh = await new TestClient(platform.url).post('/api/account/login', { loginId: 'nova.admin', password: 'Demo@2026' });
    expect(refusedZh.body.text).toBe('您所在的企业空间已被停用：合同到期 Contract ended');
    // A wrong password still answers as a wrong password (no hint that the account exists).
    expect((await new TestClient(platform.url).post('/api/account/login', { loginId: 'nova.user', password: 'Wrong@2026' })).status).toBe(401);
    // Other spaces are untouched.
    expect((await acme.get('/api/appcenter/systems')).status).toBe(200);
    expect((await root.post('/api/console/enterprises/nova/suspend', { reason: 'again' })).status).toBe(409);
    expect(await count(`select count(*) as n from appcenter_app where space_id = 'nova'`)).toBe(apps);

    ok(await root.post('/api/console/enterprises/nova/resume', {}));
    expect((await user.get('/api/appcenter/systems')).status).toBe(200);
    await signedIn(platform.url, 'nova.admin');
    expect(await count(`select count(*) as n from appcenter_app where space_id = 'nova'`)).toBe(apps);
  });

  it('archives a space: closed to its members with its own message, still listed for root, resumable', async () => {
    const space = ok(await root.post('/api/console/enterprises', { id: 'closing', name: '关闭中', providerId: null, admin: { loginId: 'closing.admin', name: 'A', password: 'Closing@2026' } }));
    expect(space.members).toBe(1);
    ok(await root.post('/api/console/enterprises/closing/archive', {}));
    const refused = await new TestClient(platform.url).post('/api/account/login?lang=en', { loginId: 'closing.admin', password: 'Closing@2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.text).toContain('archived');
    expect(ok(await root.get('/api/console/enterprises?status=archived')).enterprises.map((s: any) => s.id)).toEqual(['closing']);
    expect((await root.post('/api/console/enterprises/closing/archive', {})).status).toBe(409);
    expect((await root.post('/api/console/enterprises/nothere/archive', {})).status).toBe(404);
    ok(await root.post('/api/console/enterprises/closing/resume', {}));
    await signedIn(platform.url, 'closing.admin', 'Closing@2026');
  });

  it('is root’s only', async () => {
    const admin = await signedIn(platform.url, 'acme.admin');
    expect((await admin.post('/api/console/enterprises/acme/suspend', { reason: 'x' })).status).toBe(403);
    expect((await admin.patch('/api/console/enterprises/acme', { quotas: { members: 1, apps: null, storageMb: null } })).status).toBe(403);
    expect((await query(`select status from spaces where id = 'acme'`))[0].status).toBe('active');
  });
});

describe('quotas (members, apps, storage)', () => {
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signedIn(platform.url, 'acme.admin');
  });
  const quotas = (q: Partial<{ members: number | null; apps: number | null; storageMb: number | null }>) => ({ members: null, apps: null, storageMb: null, ...q });

  it('shows what a space uses and refuses a quota below it, naming it', async () => {
    const detail = ok(await root.get('/api/console/enterprises/acme'));
    expect(detail.used.members).toBe(await count(`select count(*) as n from memberships where space_id = 'acme' and status = 'active'`));
    expect(detail.used.apps).toBeGreaterThan(0);
    expect(detail.usage['forms.records']).toBeGreaterThan(0);
    expect(detail.admins.map((a: any) => a.loginId)).toEqual(['acme.admin']);
    const low = await root.patch('/api/console/enterprises/acme?lang=en', { quotas: quotas({ members: detail.used.members - 1 }) });
    expect(low.status).toBe(422);
    expect(low.body.text).toBe(`The members limit ${detail.used.members - 1} is below the ${detail.used.members} members the space already has.`);
    expect((await root.patch('/api/console/enterprises/acme', { quotas: quotas({ apps: 0 }) })).status).toBe(422);
    expect((await query(`select quota_members from spaces where id = 'acme'`))[0].quota_members).toBeNull();
  });

  it('refuses a member at the limit, adding nobody; a member fits again once the quota is raised', async () => {
    const used = ok(await root.get('/api/console/enterprises/acme')).used.members;
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ members: used }) }));
    const refused = await admin.post('/api/org/members?lang=en', { loginId: 'acme.extra', name: 'Extra', password: 'Welcome@2026' });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe(`The space has reached its limit of ${used} members. Ask your service provider or the platform for more.`);
    expect(await count(`select count(*) as n from users where login_id = 'acme.extra'`)).toBe(0);
    // A join application approved at the limit is refused too, and stays pending.
    ok(await new TestClient(platform.url).post('/api/org/join-applications', { spaceId: 'acme', loginId: 'acme.joiner', name: 'Joiner', password: 'Joiner@2026x', confirmPassword: 'Joiner@2026x' }));
    const application = ok(await admin.get('/api/org/join-applications?state=pending')).applications.find((a: any) => a.loginId === 'acme.joiner');
    expect((await admin.post(`/api/org/join-applications/${application.id}/approve`, {})).status).toBe(422);
    expect(await count(`select count(*) as n from users where login_id = 'acme.joiner'`)).toBe(0);
    expect(await count(`select count(*) as n from org_join_application where login_id = 'acme.joiner' and state = 'pending'`)).toBe(1);
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ members: used + 1 }) }));
    const extra = ok(await admin.post('/api/org/members', { loginId: 'acme.extra', name: 'Extra', password: 'Welcome@2026' })).id;
    // A disabled member frees a place; enabling them again takes it back, so a newcomer in between is the last.
    ok(await admin.put(`/api/org/members/${extra}/status`, { status: 'disabled' }));
    ok(await admin.post('/api/org/members', { loginId: 'acme.extra3', name: 'Extra Three', password: 'Welcome@2026' }));
    const again = await admin.put(`/api/org/members/${extra}/status?lang=en`, { status: 'active' });
    expect([again.status, again.body.text]).toEqual([422, `The space has reached its limit of ${used + 1} members. Ask your service provider or the platform for more.`]);
    expect((await query(`select status from memberships where space_id = 'acme' and user_id = '${extra}'`))[0].status).toBe('disabled');
  });

  it('refuses an app at the limit, writing nothing', async () => {
    const used = ok(await root.get('/api/console/enterprises/acme')).used.apps;
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ apps: used }) }));
    const system = ok(await admin.post('/api/appcenter/systems', { name: 'Quota system' }));
    const refused = await admin.post('/api/appcenter/apps?lang=en', { systemId: system.id, name: 'One too many' });
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe(`The space has reached its limit of ${used} applications. Ask your service provider or the platform for more.`);
    expect(await count(`select count(*) as n from appcenter_app where name = 'One too many'`)).toBe(0);
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ apps: used + 1 }) }));
    const fits = ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'One too many' }));
    // An app in the recycle bin frees its place; restoring it when a newcomer took the place is refused.
    ok(await admin.delete(`/api/appcenter/apps/${fits.id}`));
    ok(await admin.post('/api/appcenter/apps', { systemId: system.id, name: 'Newcomer' }));
    const restore = await admin.post(`/api/appcenter/recycle/${fits.id}/restore?lang=en`, {});
    expect([restore.status, restore.body.text]).toEqual([422, `The space has reached its limit of ${used + 1} applications. Ask your service provider or the platform for more.`]);
    expect(await count(`select count(*) as n from appcenter_app where id = '${fits.id}' and deleted_at is not null`)).toBe(1);
  });

  it('refuses an upload that would pass the storage limit, storing nothing; a small one still fits', async () => {
    const used = Math.max(1, ok(await root.get('/api/console/enterprises/acme')).used.storageMb);
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ storageMb: used }) }));
    const files = await count(`select count(*) as n from forms_file where space_id = 'acme'`);
    const big = { name: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 10, 'a'), type: 'text/plain' };
    const refused = await admin.upload('/api/forms/files?purpose=attachment&lang=en', [big]);
    expect(refused.status).toBe(422);
    expect(refused.body.text).toBe(`The space has reached its storage limit of ${used} MB. Ask your service provider or the platform for more.`);
    expect(await count(`select count(*) as n from forms_file where space_id = 'acme'`)).toBe(files);
    ok(await root.patch('/api/console/enterprises/acme', { quotas: quotas({ storageMb: used + 2 }) }));
    ok(await admin.upload('/api/forms/files?purpose=attachment', [big]));
    // Space B's quotas do not touch space A: nova is unlimited and uploads freely.
    const nova = await signedIn(platform.url, 'nova.admin');
    ok(await nova.upload('/api/forms/files?purpose=attachment', [big]));
  });
});
