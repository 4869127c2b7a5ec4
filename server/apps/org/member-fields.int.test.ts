import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let safe: TestClient;
let audit: TestClient;
let novaAdmin: TestClient;

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const FIELDS = '/api/org/member-fields';
const field = (label: string, more: Record<string, unknown> = {}) => ({ label, labelEn: '', kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true, ...more });
const total = async () => ok(await admin.get('/api/org/members/list?size=1')).total as number;
const ids: Record<string, string> = {};

beforeAll(async () => {
  platform = await startTestPlatform();
  const as = (login: string) => signedIn(platform.url, login);
  [admin, user, safe, audit, novaAdmin] = await Promise.all([as('acme.admin'), as('acme.user'), as('acme.safe'), as('acme.audit'), as('nova.admin')]);
});
afterAll(async () => {
  await platform?.stop();
});

describe('member extension fields: definitions (decision 0048)', () => {
  it('the administrator defines fields of every kind; they list in order with their value counts', async () => {
    ids.badge = ok(await admin.post(FIELDS, field('工牌号', { labelEn: 'Badge No.', required: true, onCard: true }))).id;
    ids.shift = ok(await admin.post(FIELDS, field('班次', { labelEn: 'Shift', kind: 'select', options: [' 早班 ', '中班', '夜班'], onCard: true }))).id;
    ids.cert = ok(await admin.post(FIELDS, field('证书有效期', { labelEn: 'Certificate expiry', kind: 'date', selfEdit: true }))).id;
    ids.years = ok(await admin.post(FIELDS, field('工龄', { labelEn: 'Years of service', kind: 'number' }))).id;
    const listed = ok(await admin.get(FIELDS));
    expect(listed.max).toBe(30);
    expect(listed.fields.map((f: any) => f.label)).toEqual(['工牌号', '班次', '证书有效期', '工龄']);
    expect(listed.fields[1]).toMatchObject({ kind: 'select', options: ['早班', '中班', '夜班'], onCard: true, valueCount: 0 });
    ok(await admin.put(`${FIELDS}/order`, { ids: [ids.years, ids.badge, ids.shift, ids.cert] }));
    expect(ok(await admin.get(FIELDS)).fields.map((f: any) => f.label)).toEqual(['工龄', '工牌号', '班次', '证书有效期']);
    expect((await admin.put(`${FIELDS}/order?lang=en`, { ids: [ids.badge] })).status).toBe(422);
  });

  it('refuses bad definitions with a 422 in the user\'s language and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [field('姓名'), 'used by another field or by a column'],
      [field('Phone'), 'used by another field or by a column'],
      [field('badge no.'), 'used by another field'],
      [field('车间', { labelEn: '班次' }), 'used by another field'],
      [field('岗位等级', { kind: 'select', options: [] }), 'at least one option'],
      [field('岗位等级', { kind: 'select', options: ['A', 'a'] }), 'differ'],
      [field('岗位等级', { options: ['A'] }), 'Only single-choice'],
      [field('一'.repeat(31)), 'at most 30'],
    ];
    for (const [body, text] of cases) {
      const answer = await admin.post(`${FIELDS}?lang=en`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.text).toContain(text);
    }
    expect((await admin.post(FIELDS, field('姓名'))).body.text).toContain('已被其他字段或导入模板中的列使用');
    expect(ok(await admin.get(FIELDS)).fields).toHaveLength(4);
  });

  it('holds at most 30 fields', async () => {
    for (let i = 5; i <= 30; i++) ok(await admin.post(FIELDS, field(`临时字段${i}`, { enabled: false })));
    const over = await admin.post(`${FIELDS}?lang=en`, field('第31个'));
    expect(over.status).toBe(422);
    expect(over.body.text).toContain('at most 30');
    for (const f of ok(await admin.get(FIELDS)).fields.filter((f: any) => f.label.startsWith('临时字段'))) ok(await admin.delete(`${FIELDS}/${f.id}`));
    expect(ok(await admin.get(FIELDS)).fields).toHaveLength(4);
  });
});

describe('member extension values through the one member write path', () => {
  it('creates a member with values (stored in one form) and reads them back', async () => {
    const created = ok(await admin.post('/api/org/members', { loginId: 'ext.one', name: '扩展一', fields: { [ids.badge!]: ' G-001 ', [ids.shift!]: '早班', [ids.cert!]: '2027-06-30', [ids.years!]: '007.50' } }));
    const member = ok(await admin.get(`/api/org/members/${created.id}`));
    expect(member.fields).toEqual({ [ids.badge!]: 'G-001', [ids.shift!]: '早班', [ids.cert!]: '2027-06-30', [ids.years!]: '7.5' });
    ids.one = created.id;
  });

  it('a required field missing, a bad number, date or option: 422 naming the field, nothing created', async () => {
    const before = await total();
    const cases: Array<[Record<string, string | null>, string]> = [
      [{}, 'Badge No. cannot be empty'],
      [{ [ids.badge!]: '   ' }, 'Badge No. cannot be empty'],
      [{ [ids.badge!]: 'G-2', [ids.years!]: 'ten' }, 'Years of service must be a number'],
      [{ [ids.badge!]: 'G-2', [ids.years!]: '1e3' }, 'must be a number'],
      [{ [ids.badge!]: 'G-2', [ids.cert!]: '2027-02-30' }, 'Certificate expiry is not a valid date'],
      [{ [ids.badge!]: 'G-2', [ids.shift!]: '白班' }, 'Shift must be one of: 早班, 中班, 夜班'],
      [{ [ids.badge!]: 'x'.repeat(201) }, 'at most 200'],
      [{ [ids.badge!]: 'G-2', '999999': 'x' }, 'does not exist'],
    ];
    for (const [fields, text] of cases) {
      const answer = await admin.post('/api/org/members?lang=en', { loginId: 'ext.bad', name: 'Bad', fields });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.text).toContain(text);
      expect(answer.body.data?.field).toMatch(/^fields\./);
    }
    const zh = await admin.post('/api/org/members', { loginId: 'ext.bad', name: 'Bad', fields: { [ids.badge!]: 'G-2', [ids.shift!]: '白班' } });
    expect(zh.body.text).toContain('班次须为以下选项之一：早班、中班、夜班');
    expect(await total()).toBe(before);
  });

  it('an edit with `fields` replaces them; without, leaves them; bad values change nothing', async () => {
    const edit = async (body: Record<string, unknown>, lang = '') => {
      const current = ok(await admin.get(`/api/org/members/${ids.one}`));
      return admin.patch(`/api/org/members/${ids.one}${lang}`, { name: current.name, updatedAt: current.updatedAt, ...body });
    };
    ok(await edit({ fields: { [ids.badge!]: 'G-009', [ids.shift!]: '夜班', [ids.years!]: null } }));
    expect(ok(await admin.get(`/api/org/members/${ids.one}`)).fields).toEqual({ [ids.badge!]: 'G-009', [ids.shift!]: '夜班' });
    ok(await edit({ signature: '安全' }));
    expect(ok(await admin.get(`/api/org/members/${ids.one}`)).fields).toEqual({ [ids.badge!]: 'G-009', [ids.shift!]: '夜班' });
    const bad = await edit({ signature: '改了', fields: { [ids.badge!]: 'G-009', [ids.cert!]: 'soon' } }, '?lang=en');
    expect(bad.status).toBe(422);
    const after = ok(await admin.get(`/api/org/members/${ids.one}`));
    expect(after).toMatchObject({ signature: '安全', fields: { [ids.badge!]: 'G-009', [ids.shift!]: '夜班' } });
  });

  it('a field with values keeps its type and its used options; deleting it asks first, then removes the values', async () => {
    const shift = ok(await admin.get(FIELDS)).fields.find((f: any) => f.id === ids.shift);
    expect(shift.valueCount).toBe(1);
    expect((await admin.put(`${FIELDS}/${ids.shift}?lang=en`, { ...field('班次', { labelEn: 'Shift' }), kind: 'text' })).status).toBe(422);
    const dropped = await admin.put(`${FIELDS}/${ids.shift}?lang=en`, field('班次', { labelEn: 'Shift', kind: 'select', options: ['早班', '中班'], onCard: true }));
    expect(dropped.status).toBe(422);
    expect(dropped.body.text).toContain('夜班');
    ok(await admin.put(`${FIELDS}/${ids.shift}`, field('班次', { labelEn: 'Shift', kind: 'select', options: ['早班', '中班', '夜班', '常白班'], onCard: true })));
    const temp = ok(await admin.post(FIELDS, field('临时', { kind: 'number' }))).id;
    const current = ok(await admin.get(`/api/org/members/${ids.one}`));
    ok(await admin.patch(`/api/org/members/${ids.one}`, { name: current.name, updatedAt: current.updatedAt, fields: { ...current.fields, [temp]: '3' } }));
    const asked = await admin.delete(`${FIELDS}/${temp}?lang=en`);
    expect(asked.status).toBe(409);
    expect(asked.body.text).toContain('(1)');
    expect(ok(await admin.get(`/api/org/members/${ids.one}`)).fields[temp]).toBe('3');
    expect(ok(await admin.delete(`${FIELDS}/${temp}?values=remove`))).toEqual({ removedValues: 1 });
    expect(ok(await admin.get(`/api/org/members/${ids.one}`)).fields[temp]).toBeUndefined();
  });
});

describe('cards, roles and spaces', () => {
  it('a plain member\'s card shows only the fields marked visible; the administrator\'s shows all', async () => {
    const plain = ok(await user.get(`/api/org/contacts/${ids.one}?lang=en`));
    expect(plain.fields.map((f: any) => f.label)).toEqual(['Badge No.', 'Shift']);
    expect(plain.fields.find((f: any) => f.label === 'Shift').value).toBe('夜班');
    const full = ok(await admin.get(`/api/org/contacts/${ids.one}`));
    expect(full.fields.map((f: any) => f.label)).toEqual(['工龄', '工牌号', '班次', '证书有效期']);
    ok(await admin.put(`${FIELDS}/${ids.badge}`, field('工牌号', { labelEn: 'Badge No.', required: true, onCard: true, enabled: false })));
    expect(ok(await user.get(`/api/org/contacts/${ids.one}`)).fields.map((f: any) => f.label)).toEqual(['班次']);
    ok(await admin.put(`${FIELDS}/${ids.badge}`, field('工牌号', { labelEn: 'Badge No.', required: true, onCard: true })));
  });

  it('only the administrator changes fields and settings: 403 for user, safe and audit', async () => {
    for (const client of [user, safe, audit]) {
      expect((await client.post(FIELDS, field('越权'))).status).toBe(403);
      expect((await client.put(`${FIELDS}/${ids.badge}`, field('越权'))).status).toBe(403);
      expect((await client.delete(`${FIELDS}/${ids.badge}`)).status).toBe(403);
      expect((await client.put(`${FIELDS}/order`, { ids: [ids.badge] })).status).toBe(403);
      expect((await client.put('/api/org/member-self-edit', { fields: [] })).status).toBe(403);
      expect((await client.get('/api/org/elements/summary')).status).toBe(403);
    }
    expect((await user.get(FIELDS)).status).toBe(403);
    expect(ok(await audit.get(FIELDS)).fields).toHaveLength(4);
  });

  it('space B (nova) neither reads nor changes space A\'s (acme) fields or values', async () => {
    expect(ok(await novaAdmin.get(FIELDS)).fields).toEqual([]);
    expect((await novaAdmin.put(`${FIELDS}/${ids.badge}`, field('偷改'))).status).toBe(404);
    expect((await novaAdmin.delete(`${FIELDS}/${ids.badge}?values=remove`)).status).toBe(404);
    expect((await novaAdmin.put(`${FIELDS}/order`, { ids: [ids.badge] })).status).toBe(422);
    expect((await novaAdmin.get(`/api/org/members/${ids.one}`)).status).toBe(404);
    const smuggled = await novaAdmin.post('/api/org/members?lang=en', { loginId: 'nova.ext', name: 'Nova', fields: { [ids.badge!]: 'N-1' } });
    expect(smuggled.status).toBe(422);
    expect(smuggled.body.text).toContain('does not exist');
    // Labels are the space's own: nova may use acme's.
    ok(await novaAdmin.post(FIELDS, field('工牌号')));
    expect(ok(await admin.get(FIELDS)).fields.find((f: any) => f.id === ids.badge).label).toBe('工牌号');
    expect(ok(await admin.get(`/api/org/members/${ids.one}`)).fields[ids.badge!]).toBe('G-009');
  });

  it('self-edit settings: the defaults, saved by the administrator, read by every member', async () => {
    expect(ok(await user.get('/api/org/member-self-edit')).fields).toEqual(['birthday', 'phone', 'email', 'qq', 'address', 'signature']);
    expect((await admin.put('/api/org/member-self-edit', { fields: ['loginId'] })).status).toBe(422);
    ok(await admin.put('/api/org/member-self-edit', { fields: ['signature', 'phone', 'portrait'] }));
    expect(ok(await user.get('/api/org/member-self-edit')).fields).toEqual(['phone', 'signature', 'portrait']);
    expect(ok(await novaAdmin.get('/api/org/member-self-edit')).fields).toHaveLength(6);
    expect(ok(await admin.get('/api/org/elements/summary'))).toMatchObject({ memberFields: 4, selfEditFields: 3 });
    expect(ok(await novaAdmin.get('/api/org/elements/summary'))).toMatchObject({ memberFields: 1, selfEditFields: 6 });
  });
});
