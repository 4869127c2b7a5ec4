import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, appRoles, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient, user: TestClient;
let base: string, adminsId: string, usersId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user] = (await Promise.all(['acme.admin', 'acme.user'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient];
  const { appId, formId } = await publishedForm(admin, ORDER_FIELDS);
  await appRoles(admin, appId, ['admin', 'user']);
  base = `/api/forms/forms/${formId}`;
  // Members read every record of this form, and delete only their own (owners always may).
  await ok(admin.post(`${base}/rules`, { name: 'Members read all', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all' }));
  adminsId = (await ok(admin.post(`${base}/records`, { values: { f1: 'Admin order' } }))).id;
  usersId = (await ok(user.post(`${base}/records`, { values: { f1: 'Member order' } }))).id;
});
afterAll(async () => {
  await platform?.stop();
});

const deletable = async (client: TestClient, query = '') =>
  Object.fromEntries((await ok(client.get(`${base}/records?pageSize=10${query}`))).records.map((r: any) => [r.id, r.canDelete]));

// A past defect: a member was offered "delete" in the list and refused after confirming.
describe('a list says which rows the viewer may delete', () => {
  it('a member may delete their own record only; an admin every record; search answers the same', async () => {
    expect(await deletable(user)).toEqual({ [adminsId]: false, [usersId]: true });
    expect(await deletable(admin)).toEqual({ [adminsId]: true, [usersId]: true });
    expect(await deletable(user, '&q=order')).toEqual({ [adminsId]: false, [usersId]: true });
  });

  it('what the list says matches what deleting does', async () => {
    expect((await user.post(`${base}/records/delete`, { ids: [adminsId] })).status).not.toBe(200);
    expect(await deletable(admin)).toEqual({ [adminsId]: true, [usersId]: true });
  });
});
