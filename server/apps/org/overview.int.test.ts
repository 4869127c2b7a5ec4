import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, audit, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'acme.audit'), signedIn(platform.url, 'nova.admin')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('the enterprise overview', () => {
  it('counts the space\'s members by state, the recent ones, its structure and what the apps report', async () => {
    ok(await admin.post('/api/org/members', { loginId: 'overview.invited', name: 'Invited' }));
    const before = ok(await admin.get('/api/org/overview'));
    const list = ok(await admin.get('/api/org/members/list?size=200'));
    expect(before.members.total).toBe(list.total);
    expect(before.members.invited).toBe(1);
    expect(before.members.joinedRecently).toBe(list.total);
    expect(before.members.signedInRecently).toBeGreaterThanOrEqual(3);
    expect(before.usage['appcenter.apps']).toBeGreaterThan(0);
    expect(before.usage['forms.forms']).toBeGreaterThan(0);
    expect(before.usage['forms.storageBytes']).toBeGreaterThan(0);
    const records = before.usage['forms.records'];
    const apps = ok(await admin.get('/api/appcenter/systems')).systems.flatMap((s: any) => s.apps);
    expect(apps.length).toBe(before.usage['appcenter.apps']);
    ok(await admin.post('/api/org/departments', { name: 'Overview dept' }));
    const after = ok(await admin.get('/api/org/overview'));
    expect(after.structure.departments).toBe(before.structure.departments + 1);
    expect(after.usage['forms.records']).toBe(records);
  });

  it('is read by the three duty roles, not by members; space B sees its own figures only', async () => {
    expect((await user.get('/api/org/overview')).status).toBe(403);
    expect((await audit.get('/api/org/overview')).status).toBe(200);
    const acme = ok(await admin.get('/api/org/overview'));
    const nova = ok(await novaAdmin.get('/api/org/overview'));
    expect(nova.space.id).not.toBe(acme.space.id);
    expect(nova.members.invited).toBe(0);
    expect(nova.structure.departments).toBeLessThan(acme.structure.departments);
  });
});
