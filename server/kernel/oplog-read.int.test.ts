import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../tests/support/client.ts';
import { startTestPlatform } from '../../tests/support/platform.ts';
import type { Platform } from '../platform.ts';

let platform: Platform;
let auditor: TestClient;
let adminId: string;
let memberId: string;

interface Entry {
  id: string;
  user_id: string | null;
  user_login: string | null;
  space_id: string | null;
  action: string;
  result: string;
  cross_space: boolean;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  auditor = await signedIn(platform.url, 'acme.audit');
  const admin = await signedIn(platform.url, 'acme.admin');
  adminId = (await admin.get('/api/account/me')).body.data.id;
  // Entries to find: the admin's department action, the security reviewer's refused write, another space's refused read.
  expect((await admin.post('/api/org/departments', { name: `审计 ${Date.now()}` })).status).toBe(200);
  const safe = await signedIn(platform.url, 'acme.safe');
  expect((await safe.post('/api/org/departments', { name: 'Not mine' })).status).toBe(403);
  await (await signedIn(platform.url, 'nova.user')).get('/space-acme/api/org/departments');
  // A target made of parts (`<member>:<status>`), to be read in words.
  memberId = (await (await signedIn(platform.url, 'acme.user')).get('/api/account/me')).body.data.id;
  for (const status of ['disabled', 'active']) expect((await admin.put(`/api/org/members/${memberId}/status`, { status })).status).toBe(200);
});
afterAll(async () => {
  await platform?.stop();
});

const log = async (query: string, client = auditor) => {
  const answer = await client.get(`/api/kernel/oplog?limit=500${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data.entries as Entry[];
};

describe('the auditor reads the operation log with filters (three-role separation)', () => {
  it('by who: only that member’s entries, named with their login', async () => {
    const entries = await log(`&userId=${adminId}`);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.user_id === adminId && e.user_login === 'acme.admin')).toBe(true);
  });

  it('by what: an action or every action under a prefix', async () => {
    const exact = await log('&action=org.department.create');
    expect(exact.length).toBeGreaterThanOrEqual(2); // the admin's and the security reviewer's (refused)
    expect(exact.every((e) => e.action === 'org.department.create')).toBe(true);
    const prefix = await log('&action=org.department');
    expect(prefix.every((e) => e.action.startsWith('org.department.'))).toBe(true);
    expect(prefix.length).toBeGreaterThanOrEqual(exact.length);
    // A LIKE wildcard is not a filter: the query schema refuses it (the kernel's 422 for input outside the schema).
    const wildcard = await auditor.get('/api/kernel/oplog?action=%25');
    expect(wildcard.status).toBe(422);
    expect(wildcard.body.msg).toBeTruthy();
  });

  it('by result and by cross-space: the security reviewer’s refused write and the other space’s refused read', async () => {
    const denied = await log('&result=denied');
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((e) => e.result === 'denied')).toBe(true);
    expect(denied.some((e) => e.user_login === 'acme.safe' && e.action === 'org.department.create')).toBe(true);
    const cross = await log('&crossSpace=true');
    expect(cross.length).toBeGreaterThan(0);
    expect(cross.every((e) => e.cross_space && e.space_id === 'acme')).toBe(true);
  });

  it('exports the same filtered entries as xlsx, with headers in the caller’s language', async () => {
    const answer = await auditor.download('/api/kernel/oplog/export?action=org.department.create&lang=zh-CN');
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 4)).toEqual(['时间', '操作人', '空间', '操作']);
    const listed = await log('&action=org.department.create');
    expect(rows.length - 1).toBe(listed.length);
    // Actions in words, not ids (decision 0114).
    expect(rows.slice(1).every((r) => r[3] === '新建部门')).toBe(true);
    expect(rows[1]![0]).toBeInstanceOf(Date);
  });

  it('names actions and targets in words in either language: "member 11 → disabled", not "11:disabled"', async () => {
    const sheet = async (lang: string) => {
      const answer = await auditor.download(`/api/kernel/oplog/export?action=org.member.status&lang=${lang}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(4, 6)));
      return rows.slice(1);
    };
    expect(await sheet('en')).toEqual([
      ['Enable or disable a member', `member ${memberId} → enabled`],
      ['Enable or disable a member', `member ${memberId} → disabled`],
    ]);
    expect(await sheet('zh-CN')).toEqual([
      ['启用或停用成员', `成员 ${memberId} → 启用`],
      ['启用或停用成员', `成员 ${memberId} → 停用`],
    ]);
  });

  it('only the auditor (and root) read it: admin and the security reviewer are refused, and another space’s auditor sees none of this space', async () => {
    for (const loginId of ['acme.admin', 'acme.safe', 'acme.user']) {
      const client = await signedIn(platform.url, loginId);
      expect((await client.get('/api/kernel/oplog')).status).toBe(403);
      expect((await client.get('/api/kernel/oplog/export')).status).toBe(403);
    }
    const other = await log('', await signedIn(platform.url, 'nova.audit'));
    expect(other.every((e) => e.space_id === 'nova')).toBe(true);
    expect(other.some((e) => e.user_id === adminId)).toBe(false);
    expect((await (await signedIn(platform.url, 'nova.audit')).get('/api/kernel/oplog?spaceId=acme')).status).toBe(403);
  });
});
