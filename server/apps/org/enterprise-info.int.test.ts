import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

const edit = { shortName: ' 艾克美 ', industry: 'machinery', contactName: '王工', contactPhone: '+86 139 0000 0000', contactEmail: 'it@acme.example', address: '苏州工业园区' };

describe('enterprise information (§2.6 infoSetting)', () => {
  it('starts empty under the registered name; an admin saves it (trimmed) and every member reads it', async () => {
    const before = (await admin.get('/api/org/enterprise-info')).body.data;
    expect(before).toMatchObject({ shortName: '', industry: '', contactPhone: '' });
    expect(before.name).toContain('Acme');
    const saved = await admin.put('/api/org/enterprise-info', edit);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...edit, shortName: '艾克美', name: before.name });
    expect((await (await signedIn(platform.url, 'acme.user')).get('/api/org/enterprise-info')).body.data.shortName).toBe('艾克美');
  });

  it('refuses a bad phone, e-mail or industry in the caller’s words and changes nothing; the name is not the admin’s to change', async () => {
    const bad = await admin.put('/api/org/enterprise-info', { ...edit, contactPhone: 'call me' });
    expect(bad.status).toBe(422);
    expect(bad.body.text).toContain('联系电话');
    expect((await admin.put('/api/org/enterprise-info', { ...edit, contactEmail: 'nobody' })).status).toBe(422);
    expect((await admin.put('/api/org/enterprise-info', { ...edit, industry: 'piracy' })).status).toBe(422);
    expect((await admin.put('/api/org/enterprise-info', { ...edit, name: 'Renamed' })).status).toBe(422);
    expect((await admin.get('/api/org/enterprise-info')).body.data).toMatchObject({ contactPhone: edit.contactPhone, contactEmail: edit.contactEmail, industry: 'machinery' });
  });

  it('only an admin edits it, and another space sees its own', async () => {
    expect((await (await signedIn(platform.url, 'acme.user')).put('/api/org/enterprise-info', edit)).status).toBe(403);
    const nova = (await (await signedIn(platform.url, 'nova.admin')).get('/api/org/enterprise-info')).body.data;
    expect(nova.shortName).toBe('');
    expect(nova.name).not.toContain('Acme');
  });
});
