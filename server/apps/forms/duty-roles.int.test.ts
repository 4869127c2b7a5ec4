import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, appRoles, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

/** Separation of duties (decision 0026): safe and audit are not business users by default. */
let platform: Platform;
let admin: TestClient, user: TestClient, safe: TestClient, audit: TestClient;
let appId: string, systemId: string, base: string;

const csv = { name: 'orders.csv', bytes: Buffer.from('Title\nImported one\nImported two\n') };
const note = { name: 'note.txt', bytes: Buffer.from('a business file') };
const appIdsOf = async (client: TestClient) => (await ok(client.get('/api/appcenter/apps'))).apps.map((a: { id: string }) => a.id) as string[];
const systemAppIds = async (client: TestClient) =>
  (await ok(client.get('/api/appcenter/systems'))).systems.flatMap((s: { apps: Array<{ id: string }> }) => s.apps.map((a) => a.id)) as string[];
const recordCount = async () => (await ok(admin.get(`${base}/records?count=true`))).total.count as number;
const uploadsBy = async (client: TestClient) => {
  const me = await ok(client.get('/api/account/me'));
  const rows = await platform.kernel.db.selectFrom('forms_file').select('id').where('uploaded_by', '=', me.id).execute();
  return rows.length;
};

async function importDone(client: TestClient, jobId: string) {
  for (let i = 0; i < 300; i += 1) {
    const job = await ok(client.get(`/api/forms/jobs/${jobId}`));
    if (job.status !== 'preparing') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${jobId} did not finish`);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
  user = await signedIn(platform.url, 'acme.user');
  safe = await signedIn(platform.url, 'acme.safe');
  audit = await signedIn(platform.url, 'acme.audit');
  ({ appId, systemId, formId: base } = await publishedForm(admin, ORDER_FIELDS));
  base = `/api/forms/forms/${base}`;
});
afterAll(async () => {
  await platform?.stop();
});

describe('safe and audit in business apps', () => {
  it('by default an app for every member is not offered to them, and they write nothing in it', async () => {
    expect(await appIdsOf(user)).toContain(appId);
    await ok(user.post(`${base}/records`, { values: { f1: 'By the user' } }));
    for (const officer of [safe, audit]) {
      expect(await appIdsOf(officer)).not.toContain(appId);
      expect(await systemAppIds(officer)).not.toContain(appId);
      expect((await officer.get(`/api/appcenter/apps/${appId}`)).status).toBe(404);
      expect((await officer.get(`/api/appcenter/systems/${systemId}`)).body.data?.apps ?? []).toEqual([]);
      expect((await officer.get(`/api/forms/apps/${appId}/forms`)).status).toBe(404);
      expect((await officer.get(base)).status).toBe(404);
      expect((await officer.get(`${base}/records`)).status).toBe(404);
      expect((await officer.post(`${base}/records`, { values: { f1: 'By an officer' } })).status).toBe(404);
      expect((await officer.post(`${base}/views`, { name: 'Mine', kind: 'board', shared: false, config: { groupField: 'f2' } })).status).toBe(404);
      expect((await officer.upload(`${base}/imports/preview`, [csv])).status).toBe(404);
      const upload = await officer.upload('/api/forms/files?purpose=attachment&lang=en', [note]);
      expect(upload.status).toBe(403);
      expect(upload.body.text).toBe('Security and audit officers upload files only in applications an administrator has opened to their role.');
      const image = await officer.upload('/api/forms/files?purpose=image', [note]);
      expect([image.status, image.body.text]).toEqual([403, '安全审核员和审计员只能在管理员向其角色开放的应用中上传文件']);
      expect(await uploadsBy(officer)).toBe(0);
    }
    expect(await recordCount()).toBe(1);
  });

  it('an admin who names the audit role on the app opens it to auditors (records, uploads, imports); safe stays out', async () => {
    await appRoles(admin, appId, ['user', 'audit']);
    expect(await appIdsOf(audit)).toContain(appId);
    expect(await appIdsOf(user)).toContain(appId);
    expect(await appIdsOf(safe)).not.toContain(appId);

    const [file] = (await ok(audit.upload('/api/forms/files?purpose=attachment', [note]))).files;
    const record = await ok(audit.post(`${base}/records`, { values: { f1: 'Audit finding', f6: 'see file' } }));
    expect(record.values.f1).toBe('Audit finding');
    const comment = await audit.post(`${base}/records/${record.id}/comments`, { content: 'evidence', attachments: [file] });
    expect(comment.status).toBe(200);
    const preview = await ok(audit.upload(`${base}/imports/preview`, [csv]));
    const job = await ok(audit.post(`${base}/imports`, { fileId: preview.file.fileId, mapping: { 0: 'f1' } }));
    expect((await importDone(audit, job.id)).status).toBe('complete');
    expect(await recordCount()).toBe(4);

    expect((await safe.post(`${base}/records`, { values: { f1: 'By safe' } })).status).toBe(404);
    expect((await safe.upload('/api/forms/files?purpose=attachment', [note])).status).toBe(403);
    expect(await recordCount()).toBe(4);
  });

  it('withdrawing the grant closes the app to auditors again', async () => {
    await appRoles(admin, appId, []);
    expect(await appIdsOf(audit)).not.toContain(appId);
    expect((await audit.post(`${base}/records`, { values: { f1: 'Too late' } })).status).toBe(404);
    expect((await audit.upload('/api/forms/files?purpose=attachment', [note])).status).toBe(403);
    expect(await recordCount()).toBe(4);
  });
});
