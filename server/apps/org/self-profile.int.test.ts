import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaUser: TestClient;
let userId: string;
const ids: Record<string, string> = {};

const PROFILE = '/api/org/me/profile';
function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const field = (label: string, more: Record<string, unknown> = {}) => ({ label, labelEn: '', kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true, ...more });
const profile = async (client = user) => ok(await client.get(PROFILE));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaUser] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.user')]);
  userId = ok(await user.get('/api/account/me')).id;
  const department = ok(await admin.get('/api/org/departments')).departments[0];
  ok(await admin.put(`/api/org/members/${userId}/departments`, { departmentIds: [department.id] }));
  ids.badge = ok(await admin.post('/api/org/member-fields', field('工牌号', { labelEn: 'Badge No.' }))).id;
  ids.shoe = ok(await admin.post('/api/org/member-fields', field('鞋码', { labelEn: 'Shoe size', kind: 'number', selfEdit: true, required: true }))).id;
  ids.cert = ok(await admin.post('/api/org/member-fields', field('证书有效期', { labelEn: 'Certificate expiry', kind: 'date', selfEdit: true }))).id;
});
afterAll(async () => {
  await platform?.stop();
});

describe('personal settings: my info (§2.8, §3)', () => {
  it('a member reads his §3 information, what he may edit and the self-editable extension fields', async () => {
    const me = await profile();
    expect(me).toMatchObject({ id: userId, loginId: 'acme.user', name: 'acme user', email: 'acme.user@example.com', signature: '', portrait: null, mainPost: null, partTimePosts: [], superior: null });
    expect(me.departments).toEqual([expect.stringContaining('生产部')]);
    expect(me.editable).toEqual(['birthday', 'phone', 'email', 'qq', 'address', 'signature']);
    // Only the fields the administrator lets members fill in, labelled in the reader's language.
    expect(me.fields.map((f: any) => f.id)).toEqual([ids.shoe, ids.cert]);
    expect(ok(await user.get(`${PROFILE}?lang=en`)).fields[0]).toMatchObject({ label: 'Shoe size', kind: 'number', required: true, value: null });
    expect(typeof me.updatedAt).toBe('string');
  });

  it('saves the editable fields, merged with the rest; the administrator sees the same record', async () => {
    const before = await profile();
    const saved = ok(await user.put(PROFILE, { changes: { signature: ' 安全第一，质量至上 ', qq: '123456789', birthday: '1990-05-01' }, updatedAt: before.updatedAt }));
    expect(saved).toMatchObject({ signature: '安全第一，质量至上', qq: '123456789', birthday: '1990-05-01', email: 'acme.user@example.com' });
    expect(saved.updatedAt).not.toBe(before.updatedAt);
    const seenByAdmin = ok(await admin.get(`/api/org/members/${userId}`));
    expect(seenByAdmin).toMatchObject({ signature: '安全第一，质量至上', qq: '123456789', updatedAt: saved.updatedAt });
    expect(seenByAdmin.departmentIds).toHaveLength(1);
  });

  it('a field he may not edit refuses the whole save, naming it, and nothing is saved', async () => {
    const before = await profile();
    const answer = await user.put(`${PROFILE}?lang=en`, { changes: { signature: 'changed', idCard: '11010519491231002X' }, updatedAt: before.updatedAt });
    expect(answer.status).toBe(422);
    expect(answer.body.data).toEqual({ field: 'idCard' });
    expect(answer.body.text).toContain('ID card');
    const unknown = await user.put(`${PROFILE}?lang=en`, { changes: { signature: 'changed', loginId: 'boss' }, updatedAt: before.updatedAt });
    expect(unknown.status).toBe(422);
    expect(unknown.body.text).toContain('loginId');
    const badge = await user.put(`${PROFILE}?lang=en`, { changes: { signature: 'changed' }, fields: { [ids.badge!]: 'G-1' }, updatedAt: before.updatedAt });
    expect(badge.status).toBe(422);
    expect(badge.body.data).toEqual({ field: `fields.${ids.badge}` });
    expect(badge.body.text).toContain('Badge No.');
    expect(await profile()).toEqual(before);
  });

  it('phone and e-mail are bound on the account-security tab, never here', async () => {
    const before = await profile();
    for (const changes of [{ phone: '13800000000' }, { email: 'me@example.com' }]) {
      const answer = await user.put(`${PROFILE}?lang=en`, { changes, updatedAt: before.updatedAt });
      expect(answer.status).toBe(422);
      expect(answer.body.text).toContain('Account security');
    }
    expect(await profile()).toEqual(before);
  });

  it('a signature of 41 letters is refused (§5: up to 40), 40 are fine', async () => {
    const before = await profile();
    const long = await user.put(`${PROFILE}?lang=en`, { changes: { signature: '质'.repeat(41) }, updatedAt: before.updatedAt });
    expect(long.status).toBe(422);
    expect(long.body.data).toEqual({ field: 'signature' });
    expect(long.body.text).toContain('40');
    expect((await profile()).signature).toBe(before.signature);
    // Letters as a person counts them: 40 emoji are 80 UTF-16 units and still fine.
    expect(ok(await user.put(PROFILE, { changes: { signature: '👷'.repeat(40) }, updatedAt: before.updatedAt })).signature).toBe('👷'.repeat(40));
  });

  it('a stale updatedAt is 409 and changes nothing', async () => {
    const before = await profile();
    const stale = await user.put(PROFILE, { changes: { address: '上海' }, updatedAt: '2001-01-01 00:00:00+00' });
    expect(stale.status).toBe(409);
    expect((await profile()).address).toBe(before.address);
  });

  it('his name goes to his account; extension values are checked against the self-editable fields', async () => {
    ok(await admin.put('/api/org/member-self-edit', { fields: ['name', 'signature', 'address', 'portrait'] }));
    const before = await profile();
    expect(before.editable).toEqual(['name', 'address', 'signature', 'portrait']);
    const empty = await user.put(`${PROFILE}?lang=en`, { changes: { name: '  ' }, updatedAt: before.updatedAt });
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual({ field: 'name' });
    // The required self-editable field must have a value once he sends the fields; a number must be a number.
    const required = await user.put(`${PROFILE}?lang=en`, { changes: {}, fields: { [ids.cert!]: '2030-01-01' }, updatedAt: before.updatedAt });
    expect(required.status).toBe(422);
    expect(required.body.text).toContain('Shoe size');
    const notNumber = await user.put(`${PROFILE}?lang=en`, { changes: {}, fields: { [ids.shoe!]: 'big' }, updatedAt: before.updatedAt });
    expect(notNumber.status).toBe(422);
    expect(notNumber.body.data).toEqual({ field: `fields.${ids.shoe}` });
    const saved = ok(await user.put(PROFILE, { changes: { name: '王 工' }, fields: { [ids.shoe!]: '042', [ids.cert!]: '2030-01-01' }, updatedAt: before.updatedAt }));
    expect(saved.name).toBe('王 工');
    expect(saved.fields.map((f: any) => f.value)).toEqual(['42', '2030-01-01']);
    expect(ok(await user.get('/api/account/me')).name).toBe('王 工');
    // Sending one field keeps the other's value (merged with what is stored).
    const again = ok(await user.put(PROFILE, { changes: {}, fields: { [ids.shoe!]: '43' }, updatedAt: saved.updatedAt }));
    expect(again.fields.map((f: any) => f.value)).toEqual(['43', '2030-01-01']);
    // What he may no longer edit is refused now.
    const qq = await user.put(PROFILE, { changes: { qq: '10001' }, updatedAt: again.updatedAt });
    expect(qq.status).toBe(422);
  });

  it('another space\'s member reads only his own record; each space keeps its own', async () => {
    const nova = ok(await novaUser.get(PROFILE));
    expect(nova).toMatchObject({ loginId: 'nova.user', signature: '', fields: [] });
    expect(JSON.stringify(nova)).not.toContain('👷');
    // The space in the address decides: a member of Nova asking in Acme's space is refused.
    expect([403, 404]).toContain((await novaUser.get(`/space-acme${PROFILE}`)).status);
  });
});
