import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHARING_POLICY, type SharingPolicy, type SharingRule } from '../../../shared/org/data-sharing.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

/** shareData (decision 0046): the space's policy on export, print, download and share, enforced by the forms app. */
let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
let novaUser: TestClient;
let base: string;
let novaBase: string;
let adminId: string;
let userId: string;
let adminRecord: string;
let userRecord: string;
let adminFile: string;
let adminImage: string;
let userFile: string;
let exporters: string;

const PATH = '/api/org/data-sharing';
const FIELDS = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'attachment', label: 'Files' },
  { key: 'f3', type: 'image', label: 'Photos' },
] as never;
const everyone: SharingRule = { mode: 'everyone', platformRoles: [], enterpriseRoles: [] };
const nobody: SharingRule = { mode: 'nobody', platformRoles: [], enterpriseRoles: [] };
const roles = (platformRoles: string[], enterpriseRoles: string[] = []) => ({ mode: 'roles', platformRoles, enterpriseRoles }) as SharingRule;
const policyOf = (patch: Partial<SharingPolicy>): SharingPolicy => ({ ...DEFAULT_SHARING_POLICY, ...patch });
const setPolicy = async (patch: Partial<SharingPolicy>) => ok(admin.put(PATH, policyOf(patch)));
const upload = async (client: TestClient, name: string, bytes: Buffer, purpose: string) =>
  (await ok(client.upload(`/api/forms/files?purpose=${purpose}`, [{ name, bytes }]))).files[0];

/** What each gate answers for `client`: export, download of another member's attachment, share of their own record. */
const exportJob = (client: TestClient, path = base, headers?: Record<string, string>) => client.post(`${path}/exports`, { format: 'xlsx' }, headers);
const download = (client: TestClient, fileId: string) => client.download(`/api/forms/files/${fileId}`);
const share = (client: TestClient, record: string, to: string) => client.post(`${base}/records/${record}/shares`, { userIds: [to], level: 'view' });
const count = async (sql: string) => Number((await platform.kernel.databases.owner.query(sql)).rows[0].n);
const jobs = () => count(`select count(*) as n from forms_job where kind = 'export'`);
const shares = () => count(`select count(*) as n from forms_share`);

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin, novaUser] = await Promise.all([
    signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin'), signedIn(platform.url, 'nova.user'),
  ]);
  const ids = Object.fromEntries((await ok(admin.get('/api/org/members'))).members.map((m: any) => [m.loginId, m.id]));
  adminId = ids['acme.admin'];
  userId = ids['acme.user'];
  base = `/api/forms/forms/${(await publishedForm(admin, FIELDS)).formId}`;
  novaBase = `/api/forms/forms/${(await publishedForm(novaAdmin, FIELDS)).formId}`;
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366ff' } }).png().toBuffer();
  const file = await upload(admin, 'spec.txt', Buffer.from('torque 40 Nm'), 'attachment');
  const image = await upload(admin, 'pump.png', png, 'image');
  adminFile = file.fileId;
  adminImage = image.fileId;
  adminRecord = (await ok(admin.post(`${base}/records`, { values: { f1: 'Pump A', f2: [file], f3: [image] } }))).id;
  // The member sees the admin's record (and so its files) through a share.
  await ok(admin.post(`${base}/records/${adminRecord}/shares`, { userIds: [userId], level: 'view' }));
  const own = await upload(user, 'note.txt', Buffer.from('my own note'), 'attachment');
  userFile = own.fileId;
  userRecord = (await ok(user.post(`${base}/records`, { values: { f1: 'Mine', f2: [own] } }))).id;
  const group = await ok(admin.post('/api/org/role-groups', { name: 'Data', kind: 'public', sensitive: false, sort: 0 }));
  exporters = (await ok(admin.post('/api/org/roles', { groupId: group.id, name: 'Exporters', sort: 0 }))).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('data-sharing policy (spec §2.6 shareData, decision 0046)', () => {
  it('is "everyone" until an admin saves: a member exports, downloads and shares as before', async () => {
    expect(await ok(admin.get(PATH))).toEqual(DEFAULT_SHARING_POLICY);
    expect((await exportJob(user)).status).toBe(200);
    expect((await download(user, adminFile)).status).toBe(200);
    expect((await share(user, userRecord, adminId)).status).toBe(200);
    expect((await ok(user.get(base))).can).toMatchObject({ export: true, print: true, download: true, share: true });
  });

  it('"nobody": the member is refused each action with a 403 in their language, and nothing changes', async () => {
    const saved = await setPolicy({ export: nobody, print: nobody, download: nobody, share: nobody });
    expect(saved.export).toEqual(nobody);
    const [jobsBefore, sharesBefore] = [await jobs(), await shares()];

    const refused = await exportJob(user);
    expect(refused.status).toBe(403);
    expect(refused.body.text).toBe('本空间的数据共享设置不允许你导出数据，请联系系统管理员。');
    expect((await exportJob(user, base, { 'accept-language': 'en' })).body.text).toBe("This space's data sharing settings do not allow you to export data. Please contact an administrator.");
    expect(await jobs()).toBe(jobsBefore);

    const file = await user.get(`/api/forms/files/${adminFile}?lang=en`);
    expect(file.status).toBe(403);
    expect(file.body.text).toContain('download attachments');
    const shared = await user.post(`${base}/records/${userRecord}/shares?lang=en`, { userIds: [adminId], level: 'modify' });
    expect(shared.status).toBe(403);
    expect(shared.body.text).toContain('share records');
    expect(await shares()).toBe(sharesBefore);

    // The pages are told, so they offer none of it.
    expect((await ok(user.get(base))).can).toMatchObject({ export: false, print: false, download: false, share: false });
    expect((await ok(user.get(`${base}/records/${userRecord}`))).can.share).toBe(false);
  });

  it('"nobody" leaves what is not taking data out: images shown in the record, one’s own upload, taking a share back', async () => {
    await setPolicy({ download: nobody, share: nobody });
    expect((await download(user, adminImage)).status).toBe(200);
    expect((await download(user, userFile)).status).toBe(200);
    expect((await user.delete(`${base}/records/${userRecord}/shares/${adminId}`)).status).toBe(200);
  });

  it('an export made while allowed is not downloaded once export is refused', async () => {
    await setPolicy({});
    const job = await ok(exportJob(user));
    await expect.poll(async () => (await ok(user.get(`/api/forms/jobs/${job.id}`))).status, { timeout: 15_000 }).toBe('complete');
    expect((await user.download(`/api/forms/jobs/${job.id}/file`)).status).toBe(200);
    await setPolicy({ export: nobody });
    expect((await user.get(`/api/forms/jobs/${job.id}/file`)).status).toBe(403);
    // Someone else's job stays not found: the policy's answer says nothing about it.
    expect((await admin.get(`/api/forms/jobs/${job.id}/file`)).status).toBe(404);
  });

  it('"only chosen roles": refused without a named role, allowed once they hold the enterprise role named', async () => {
    await setPolicy({ export: roles(['safe']), download: roles([], [exporters]) });
    expect((await exportJob(user)).status).toBe(403);
    expect((await download(user, adminFile)).status).toBe(403);

    await ok(admin.post(`/api/org/roles/${exporters}/members`, { userIds: [userId] }));
    await setPolicy({ export: roles(['safe'], [exporters]), download: roles([], [exporters]) });
    expect((await exportJob(user)).status).toBe(200);
    expect((await download(user, adminFile)).status).toBe(200);
    expect((await ok(user.get(base))).can).toMatchObject({ export: true, download: true });

    // A platform role named counts the same way.
    await setPolicy({ export: roles(['user']) });
    expect((await exportJob(user)).status).toBe(200);
  });

  it('a role deleted since matches nobody: removing it never opens the action to everyone', async () => {
    const group = await ok(admin.post('/api/org/role-groups', { name: 'Short-lived', kind: 'public', sensitive: false, sort: 1 }));
    const temp = await ok(admin.post('/api/org/roles', { groupId: group.id, name: 'Temp', sort: 0 }));
    await ok(admin.post(`/api/org/roles/${temp.id}/members`, { userIds: [userId] }));
    await setPolicy({ share: roles([], [temp.id]) });
    expect((await share(user, userRecord, adminId)).status).toBe(200);
    await ok(admin.delete(`/api/org/roles/${temp.id}`));
    expect((await share(user, userRecord, adminId)).status).toBe(403);
    // The page no longer lists it.
    expect((await ok(admin.get(PATH))).share).toEqual({ mode: 'roles', platformRoles: [], enterpriseRoles: [] });
  });

  it('administrators are always allowed, whatever the policy says', async () => {
    await setPolicy({ export: nobody, print: nobody, download: nobody, share: nobody });
    expect((await exportJob(admin)).status).toBe(200);
    expect((await download(admin, userFile)).status).toBe(200);
    expect((await share(admin, adminRecord, userId)).status).toBe(200);
    expect((await ok(admin.get(base))).can).toMatchObject({ export: true, print: true, download: true, share: true });
  });

  it('a bad edit is a 422 in the caller’s language and changes nothing', async () => {
    const before = await setPolicy({ export: nobody });
    const refusals: Array<[Partial<SharingPolicy>, string]> = [
      [{ print: { mode: 'sometimes', platformRoles: [], enterpriseRoles: [] } as never }, '“打印”的开放范围无效'],
      [{ print: roles([]) }, '请至少选择一个角色'],
      [{ print: roles(['admin']) }, '“admin”不是可以选择的平台角色'],
      [{ print: roles(['root']) }, '不是可以选择的平台角色'],
      [{ print: roles([], ['999999']) }, '企业角色 999999 不存在'],
      [{ print: roles([], ['../1']) }, '不存在'],
    ];
    for (const [patch, words] of refusals) {
      const answer = await admin.put(PATH, policyOf({ ...before, ...patch }));
      expect(answer.status, JSON.stringify(patch)).toBe(422);
      expect(answer.body.text).toContain(words);
    }
    const english = await admin.put(PATH, policyOf({ print: roles([]) }), { 'accept-language': 'en' });
    expect(english.body.text).toBe('"Print" is open to chosen roles only: choose at least one role, or choose administrators only to allow no member.');
    // Shapes the schema does not know are the kernel's 400, never saved either.
    expect((await admin.put(PATH, { ...policyOf({}), spaceId: 'nova' })).status).toBe(422);
    expect((await admin.put(PATH, { export: everyone })).status).toBe(422);
    expect(await ok(admin.get(PATH))).toEqual(before);
  });

  it('only an admin reads or changes it: user, security reviewer and auditor get 403', async () => {
    const before = await ok(admin.get(PATH));
    for (const login of ['acme.user', 'acme.safe', 'acme.audit']) {
      const client = await signedIn(platform.url, login);
      expect((await client.get(PATH)).status, login).toBe(403);
      expect((await client.put(PATH, policyOf({}))).status, login).toBe(403);
    }
    expect(await ok(admin.get(PATH))).toEqual(before);
  });

  it('a member of space B can neither read nor change space A’s policy, and A’s policy does not reach B', async () => {
    await setPolicy({ export: nobody });
    for (const client of [novaAdmin, novaUser]) {
      expect((await client.get(`/space-acme${PATH}`)).status).toBe(403);
      expect((await client.put(`/space-acme${PATH}`, policyOf({}))).status).toBe(403);
    }
    expect((await ok(admin.get(PATH))).export).toEqual(nobody);
    expect(await ok(novaAdmin.get(PATH))).toEqual(DEFAULT_SHARING_POLICY);
    expect((await exportJob(novaUser, novaBase)).status).toBe(200);
    // Nova's admin changing Nova's own policy touches only Nova; an Acme role id is unknown there.
    expect((await novaAdmin.put(PATH, policyOf({ export: roles([], [exporters]) }))).status).toBe(422);
    await ok(novaAdmin.put(PATH, policyOf({ share: nobody })));
    expect((await ok(admin.get(PATH))).share).toEqual(everyone);
  });

  it('a change applies at once in every server process', async () => {
    const other = await startTestPlatform({ databaseUrl: platform.kernel.databases.url });
    try {
      const elsewhere = await signedIn(other.url, 'acme.user');
      await setPolicy({});
      expect((await exportJob(elsewhere)).status).toBe(200);
      await setPolicy({ export: nobody });
      expect((await exportJob(elsewhere)).status).toBe(403);
    } finally {
      await other.stop();
    }
  });

  it('every change is in the operation log, for the auditor', async () => {
    const auditor = await signedIn(platform.url, 'acme.audit');
    const entries = (await auditor.get('/api/kernel/oplog?limit=500&action=org.settings')).body.data.entries as Array<{ action: string; user_login: string; target: string; result: string }>;
    const mine = entries.filter((e) => e.action === 'org.settings.shareData' && e.user_login === 'acme.admin');
    expect(mine.some((e) => e.result === 'ok' && e.target === 'export:nobody,print:everyone,download:everyone,share:everyone')).toBe(true);
    expect(mine.some((e) => e.result === 'failed')).toBe(true);
  });
});
