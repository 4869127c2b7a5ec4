import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentRecord } from '../../../shared/api/workbench.ts';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaUser: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaUser] = await Promise.all([
    signedIn(platform.url, 'acme.admin'),
    signedIn(platform.url, 'acme.user'),
    signedIn(platform.url, 'nova.user'),
  ]);
});
afterAll(async () => {
  await platform?.stop();
});

function ok<T>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const recent = async (client: TestClient) => ok(await client.get<{ viewed: RecentRecord[]; changed: RecentRecord[] }>('/api/appcenter/recent-records'));

/** The demo inspection form of the client's space and the records the client may see in it. */
async function demoForm(client: TestClient) {
  const apps = ok(await client.get<{ apps: Array<{ id: string; name: string }> }>('/api/appcenter/my-apps')).apps;
  const app = apps.find((a) => a.name.startsWith('设备点检'))!;
  const form = ok(await client.get<{ forms: Array<{ id: string }> }>(`/api/forms/apps/${app.id}/forms`)).forms[0]!;
  const records = ok(await client.get<{ records: Array<{ id: string }> }>(`/api/forms/forms/${form.id}/records`)).records;
  return { formId: form.id, records };
}

describe('workbench: recently viewed and changed records, per member per space', () => {
  it('lists what the member opened and what they saved, newest first, with titles; others do not see them', async () => {
    const { formId, records } = await demoForm(user);
    expect(records.length).toBeGreaterThan(1);
    const [first, second] = records as [{ id: string }, { id: string }];
    expect(await recent(user)).toEqual({ viewed: [], changed: [] });

    ok(await user.get(`/api/forms/forms/${formId}/records/${first.id}`));
    ok(await user.get(`/api/forms/forms/${formId}/records/${second.id}`));
    const created = ok(await user.post<{ id: string }>(`/api/forms/forms/${formId}/records`, { values: { f1: '最近修改 Recently changed' } }));

    const mine = await recent(user);
    expect(mine.viewed.map((r) => r.recordId)).toEqual([second.id, first.id]);
    expect(mine.viewed[0]).toMatchObject({ formId, formName: '点检记录 Inspection', appName: '设备点检 Equipment inspection' });
    expect(mine.viewed[0]!.title).toBeTruthy();
    expect(mine.changed).toEqual([expect.objectContaining({ recordId: created.id, title: '最近修改 Recently changed' })]);

    expect(await recent(admin)).toEqual({ viewed: [], changed: [] });
    expect(await recent(novaUser)).toEqual({ viewed: [], changed: [] });
  });

  it('a record deleted since is left out (the list never shows more than the record page would)', async () => {
    const { formId } = await demoForm(user);
    const changed = (await recent(user)).changed[0]!;
    ok(await admin.post(`/api/forms/forms/${formId}/records/delete`, { ids: [changed.recordId] }));
    expect((await recent(user)).changed.map((r) => r.recordId)).not.toContain(changed.recordId);
  });

  it("spaces never leak: nova's views are nova's, and acme's marks are not read in nova", async () => {
    const nova = await demoForm(novaUser);
    ok(await novaUser.get(`/api/forms/forms/${nova.formId}/records/${nova.records[0]!.id}`));
    expect((await recent(novaUser)).viewed.map((r) => r.recordId)).toEqual([nova.records[0]!.id]);
    expect((await recent(user)).viewed.map((r) => r.formId)).not.toContain(nova.formId);
    const marks = await platform.kernel.databases.owner.query('select space_id, count(*)::int as n from appcenter_record_mark group by space_id order by space_id');
    expect(marks.rows.map((r: { space_id: string }) => r.space_id)).toEqual(['acme', 'nova']);
  });
});
