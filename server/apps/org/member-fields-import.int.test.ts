import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Answer, type TestClient } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { collect, tempDir } from '../../kernel/sheets/fixtures.ts';
import { openWriter, readSheet, type Cell } from '../../kernel/sheets/index.ts';

let platform: Platform;
let admin: TestClient;
const dir = tempDir();
const ids: Record<string, string> = {};

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const field = (label: string, labelEn: string, more: Record<string, unknown> = {}) => ({ label, labelEn, kind: 'text', options: [], required: false, onCard: false, selfEdit: false, enabled: true, ...more });

async function sheet(rows: Cell[][]): Promise<Buffer> {
  const file = dir.file(`s${Math.random()}.xlsx`);
  const writer = await openWriter(file, 'xlsx', rows[0] as string[]);
  for (const row of rows.slice(1)) await writer.write(row);
  await writer.close();
  return fs.readFileSync(file);
}
async function readBack(bytes: Buffer): Promise<Cell[][]> {
  const file = dir.file(`r${Math.random()}.xlsx`);
  fs.writeFileSync(file, bytes);
  return collect(readSheet(file, 'xlsx'));
}
/** A member's extension values by field label, read back through the member API. */
async function valuesOf(loginId: string): Promise<Record<string, string>> {
  const row = ok(await admin.get(`/api/org/members/list?q=${encodeURIComponent(loginId)}`)).members.find((m: any) => m.loginId === loginId);
  const fields = ok(await admin.get(`/api/org/members/${row.id}`)).fields as Record<string, string>;
  return Object.fromEntries(Object.entries(ids).filter(([, id]) => id in fields).map(([label, id]) => [label, fields[id]!]));
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
  ids.badge = ok(await admin.post('/api/org/member-fields', field('工牌号', 'Badge No.', { required: true }))).id;
  ids.shift = ok(await admin.post('/api/org/member-fields', field('班次', 'Shift', { kind: 'select', options: ['早班', '中班', '夜班'] }))).id;
  ids.cert = ok(await admin.post('/api/org/member-fields', field('证书有效期', 'Certificate expiry', { kind: 'date' }))).id;
  ids.years = ok(await admin.post('/api/org/member-fields', field('工龄', 'Years of service', { kind: 'number' }))).id;
  // A disabled field is no column: its header is read as nothing, its values left alone.
  ok(await admin.post('/api/org/member-fields', field('旧车间', 'Old work-shop', { enabled: false })));
});
afterAll(async () => {
  await platform?.stop();
  dir.remove();
});

describe('member import with extension fields (decision 0048)', () => {
  it('the template names the enabled fields after the built-in columns', async () => {
    const template = await admin.download('/api/org/members/import-template');
    expect(template.status).toBe(200);
    const header = (await readBack(template.bytes))[0]!.map(String);
    expect(header.slice(-4)).toEqual(['工牌号', '班次', '证书有效期', '工龄']);
    expect(header).toContain('登录账号');
  });

  it('Chinese headers: good rows imported with their values, bad values in the failure file with reasons', async () => {
    const rows: Cell[][] = [
      ['登录账号', '姓名', '工牌号', '班次', '证书有效期', '工龄', '旧车间'],
      ['zh.a', '甲', 'G-1', '早班', new Date(Date.UTC(2027, 5, 30)), 5, '一车间'],
      ['zh.b', '乙', 'G-2', ' 中班 ', '2027/3/5', '3.50', ''],
      ['zh.c', '丙', '', '早班', '', '', ''],
      ['zh.d', '丁', 'G-4', '白班', '', '', ''],
      ['zh.e', '戊', 'G-5', '', '明年', '', ''],
      ['zh.f', '己', 'G-6', '', '', 'ten', ''],
    ];
    const answer = ok(await admin.upload('/api/org/members/import', [{ name: 'zh.xlsx', bytes: await sheet(rows) }]));
    expect(answer).toMatchObject({ total: 6, imported: 2, failed: 4 });
    expect(await valuesOf('zh.a')).toEqual({ badge: 'G-1', shift: '早班', cert: '2027-06-30', years: '5' });
    expect(await valuesOf('zh.b')).toEqual({ badge: 'G-2', shift: '中班', cert: '2027-03-05', years: '3.5' });
    const back = await readBack((await admin.download(`/api/org/member-imports/${answer.id}/failures`)).bytes);
    expect(back.map((r) => r[0])).toEqual(['登录账号', 'zh.c', 'zh.d', 'zh.e', 'zh.f']);
    const reasons = back.slice(1).map((r) => String(r[7]));
    expect(reasons[0]).toContain('工牌号 不能为空');
    expect(reasons[1]).toContain('班次须为以下选项之一：早班、中班、夜班');
    expect(reasons[2]).toContain('证书有效期不是有效日期');
    expect(reasons[3]).toContain('工龄须为数字');
  });

  it('English headers (any case): matched by the English labels; reasons in English', async () => {
    const rows: Cell[][] = [
      ['Login ID', 'Name', 'BADGE NO.', 'shift', 'Certificate Expiry', 'Years of service'],
      ['en.a', 'Ann', 'E-1', 'NIGHT', '', ''],
      ['en.b', 'Bob', 'E-2', '夜班', '2027-01-01', '12'],
    ];
    const answer = ok(await admin.upload('/api/org/members/import?lang=en', [{ name: 'en.xlsx', bytes: await sheet(rows) }]));
    expect(answer).toMatchObject({ total: 2, imported: 1, failed: 1 });
    expect(answer.reasons[0].reason).toContain('Shift must be one of: 早班, 中班, 夜班');
    expect(await valuesOf('en.b')).toEqual({ badge: 'E-2', shift: '夜班', cert: '2027-01-01', years: '12' });
  });

  it('a file without a required field\'s column: every row fails, naming the field; nothing is imported', async () => {
    const rows: Cell[][] = [['登录账号', '姓名'], ['none.a', '无一'], ['none.b', '无二']];
    const answer = ok(await admin.upload('/api/org/members/import', [{ name: 'none.xlsx', bytes: await sheet(rows) }]));
    expect(answer).toMatchObject({ total: 2, imported: 0, failed: 2 });
    expect(answer.reasons[0].reason).toContain('工牌号 不能为空');
    expect(ok(await admin.get('/api/org/members/list?q=none.')).total).toBe(0);
  });
});
