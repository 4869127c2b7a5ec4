import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let nova: TestClient;
let formId: string;
let base: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ({ formId } = await publishedForm(admin, ORDER_FIELDS));
  base = `/api/forms/forms/${formId}`;
});
afterAll(async () => {
  await platform?.stop();
});

const create = (client: TestClient, values: Record<string, unknown>) => client.post(`${base}/records`, { values });
const list = (client: TestClient, query: Record<string, string | number | boolean>) =>
  client.get(`${base}/records?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
const countRows = async () => Number((await platform.kernel.databases.owner.query(`select count(*) from forms_data_${formId}`)).rows[0].count);

describe('records: create and §5 validation', () => {
  it('creates a record with the system fields of §3 and a generated number', async () => {
    const record = await ok(create(admin, { f1: 'First order', f3: 12.5, f4: '2026-11-30', f5: 'buyer@example.com' }));
    expect(record.values).toMatchObject({ f1: 'First order', f2: 'open', f3: 12.5, f4: '2026-11-30', f7: 'PO00001' });
    expect(record).toMatchObject({ number: 'PO00001', rowVersion: 1, formVersion: 1 });
    for (const key of ['createdBy', 'updatedBy', 'ownerId', 'createdAt', 'updatedAt']) expect(record[key], key).toBeTruthy();
  });

  it('invalid values → 422 with one message per field in the caller’s language, nothing saved', async () => {
    const before = await countRows();
    const answer = await user.post(`${base}/records?lang=en`, { values: { f1: '', f3: 12.345, f5: 'not-an-email' } });
    expect(answer.status).toBe(422);
    const errors = answer.body.data.errors as Array<{ field: string; key: string }>;
    expect(errors.map((e) => `${e.field}:${e.key}`).sort()).toEqual(['f1:validation.required', 'f3:forms.validation.decimals', 'f5:validation.email']);
    expect(answer.body.text).toBe('Title cannot be empty.');
    const zh = await user.post(`${base}/records?lang=zh-CN`, { values: { f1: 'x', f5: 'bad' } });
    expect(zh.body.text).toBe('邮箱格式不正确');
    const unknown = await user.post(`${base}/records`, { values: { f1: 'x', f99: 'y' } });
    expect(unknown.status).toBe(422);
    expect(await countRows()).toBe(before);
  });

  it('a typed number that is taken → "The number has been repeated" with the next free number', async () => {
    const answer = await admin.post(`${base}/records?lang=en`, { values: { f1: 'Dup', f7: 'PO00001' } });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('common.numberRepeated');
    expect(answer.body.data.suggested).toMatch(/^PO\d{5}$/);
    expect(answer.body.data.suggested).not.toBe('PO00001');
    const typed = await ok(create(admin, { f1: 'Typed', f7: 'PO00009' }));
    expect(typed.number).toBe('PO00009');
  });

  it('20 concurrent creates get 20 different numbers, skipping one typed by hand', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(user, { f1: `Concurrent ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => a.body.data.number as string);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).not.toContain('PO00009');
    const db = await platform.kernel.databases.owner.query(`select number, count(*) from forms_data_${formId} group by number having count(*) > 1`);
    expect(db.rows).toEqual([]);
  });
});

describe('records: list views', () => {
  it('pages by keyset through every record exactly once, in order, with empty values last', async () => {
    for (let i = 0; i < 9; i += 1) await ok(create(admin, { f1: `Sorted ${i}`, f3: i % 3 === 0 ? null : i * 10 }));
    const seen: Array<{ id: string; amount: number | null }> = [];
    let cursor: string | undefined;
    do {
      const page: any = await ok(list(admin, { sort: 'f3:asc', pageSize: 4, ...(cursor ? { cursor } : {}) }));
      seen.push(...page.records.map((r: any) => ({ id: r.id, amount: r.values.f3 })));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const total = await countRows();
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((s) => s.id)).size).toBe(total);
    const amounts = seen.map((s) => s.amount);
    const firstEmpty = amounts.indexOf(null);
    expect(amounts.slice(firstEmpty).every((a) => a === null)).toBe(true);
    const valued = amounts.slice(0, firstEmpty) as number[];
    expect(valued).toEqual([...valued].sort((a, b) => a - b));
    const desc: Array<number | null> = [];
    cursor = undefined;
    do {
      const page: any = await ok(list(admin, { sort: 'f3:desc', pageSize: 5, ...(cursor ? { cursor } : {}) }));
      desc.push(...page.records.map((r: any) => r.values.f3));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(desc).toHaveLength(total);
    expect(desc.slice(0, desc.lastIndexOf(null) + 1).every((a) => a === null)).toBe(true);
  });

  it('filters with and/or groups and counts exactly', async () => {
    const filter = { logic: 'and', items: [{ field: 'f1', op: 'startsWith', value: 'Sorted' }, { logic: 'or', items: [{ field: 'f3', op: 'gte', value: 70 }, { field: 'f3', op: 'empty' }] }] };
    const page = await ok(list(admin, { filter: JSON.stringify(filter), count: true, pageSize: 50 }));
    const titles = page.records.map((r: any) => r.values.f1).sort();
    expect(titles).toEqual(['Sorted 0', 'Sorted 3', 'Sorted 6', 'Sorted 7', 'Sorted 8']);
    expect(page.total).toEqual({ count: 5, estimated: false });
  });

  it('unknown fields, wrong operators, bad values and page sizes over 999 → 422/400, never a page', async () => {
    const bad = [
      { logic: 'and', items: [{ field: 'f77', op: 'eq', value: 1 }] },
      { logic: 'and', items: [{ field: 'f3', op: 'contains', value: 'x' }] },
      { logic: 'and', items: [{ field: 'f4', op: 'gt', value: 'not a date' }] },
    ];
    for (const filter of bad) expect((await list(admin, { filter: JSON.stringify(filter) })).status, JSON.stringify(filter)).toBe(422);
    expect((await list(admin, { filter: '{oops' })).status).toBe(422);
    expect((await list(admin, { pageSize: 1000 })).status).toBe(422);
    expect((await list(admin, { pageSize: 0 })).status).toBe(422);
    expect((await list(admin, { sort: 'f6:asc' })).status).toBe(200);
    expect((await list(admin, { cursor: 'garbage' })).status).toBe(422);
  });

  it('search ranks matches and answers at most 600', async () => {
    const page = await ok(list(admin, { q: 'concurrent 1', pageSize: 999 }));
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records[0].values.f1).toBe('Concurrent 1');
    expect(page.records.every((r: any) => String(r.values.f1).toLowerCase().includes('concurrent 1'))).toBe(true);
  });
});

describe('records: change, conflicts, recycle bin', () => {
  it('optimistic concurrency: a save over a newer change → 409 and nothing overwritten', async () => {
    const record = await ok(create(admin, { f1: 'Edit me' }));
    const first = await ok(admin.put(`${base}/records/${record.id}`, { values: { f1: 'First edit' }, rowVersion: 1 }));
    expect(first.rowVersion).toBe(2);
    const stale = await admin.put(`${base}/records/${record.id}?lang=en`, { values: { f1: 'Stale edit' }, rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.text).toMatch(/changed/);
    const now = await ok(admin.get(`${base}/records/${record.id}`));
    expect(now.record.values.f1).toBe('First edit');
  });

  it('delete moves to the recycle bin; restore brings it back; purge removes it for good', async () => {
    const record = await ok(create(admin, { f1: 'Bin me' }));
    await ok(admin.post(`${base}/records/delete`, { ids: [record.id] }));
    expect((await admin.get(`${base}/records/${record.id}`)).status).toBe(404);
    const listed = await ok(list(admin, { q: 'bin me' }));
    expect(listed.records).toHaveLength(0);
    const bin = await ok(admin.get(`${base}/recycle`));
    expect(bin.records.map((r: any) => r.id)).toContain(record.id);
    await ok(admin.post(`${base}/recycle/${record.id}/restore`));
    expect((await admin.get(`${base}/records/${record.id}`)).status).toBe(200);
    await ok(admin.post(`${base}/records/delete`, { ids: [record.id] }));
    expect((await user.delete(`${base}/recycle/${record.id}`)).status).toBe(404);
    await ok(admin.delete(`${base}/recycle/${record.id}`));
    expect((await admin.post(`${base}/recycle/${record.id}/restore`)).status).toBe(404);
  });
});

describe('versions', () => {
  it('an added field is empty on old records; a removed field keeps its data but is not shown', async () => {
    const old = await ok(create(admin, { f1: 'Before v2', f6: 'keep these notes' }));
    const design = await ok(admin.get(`${base}/design`));
    const fields = [...ORDER_FIELDS.filter((f) => f.key !== 'f6'), { key: 'f8', type: 'number', label: 'Qty' }];
    await ok(admin.put(`${base}/draft`, { definition: { fields }, draftUpdatedAt: design.form.draftUpdatedAt }));
    const published = await ok(admin.post(`${base}/publish`));
    expect(published.version).toBe(2);
    const now = await ok(admin.get(`${base}/records/${old.id}`));
    expect(now.record.values.f8).toBeNull();
    expect('f6' in now.record.values).toBe(false);
    const kept = await platform.kernel.databases.owner.query(`select f6 from forms_data_${formId} where id = $1`, [old.id]);
    expect(kept.rows[0].f6).toBe('keep these notes');
    const edited = await ok(admin.put(`${base}/records/${old.id}`, { values: { f8: 3 }, rowVersion: now.record.rowVersion }));
    expect(edited.formVersion).toBe(2);
    const design2 = await ok(admin.get(`${base}/design`));
    const retyped = fields.map((f) => (f.key === 'f3' ? { ...f, type: 'text' } : f));
    const refused = await admin.put(`${base}/draft`, { definition: { fields: retyped }, draftUpdatedAt: design2.form.draftUpdatedAt });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors[0].key).toBe('forms.design.typeChanged');
  });

  it('only required fields can be title fields (§5)', async () => {
    const design = await ok(admin.get(`${base}/design`));
    const fields = [{ key: 'f20', type: 'text', label: 'Loose title', title: true }];
    const answer = await admin.put(`${base}/draft?lang=en`, { definition: { fields }, draftUpdatedAt: design.form.draftUpdatedAt });
    expect(answer.status).toBe(422);
    expect(answer.body.text).toBe('Only required fields can be title fields.');
  });
});

describe('space isolation', () => {
  it('nova cannot read, list, change or delete acme’s form or records', async () => {
    const record = await ok(create(admin, { f1: 'Acme secret' }));
    const attempts = [
      nova.get(`${base}`),
      nova.get(`${base}/records`),
      nova.get(`${base}/records/${record.id}`),
      nova.put(`${base}/records/${record.id}`, { values: { f1: 'pwned' }, rowVersion: 1 }),
      nova.post(`${base}/records/delete`, { ids: [record.id] }),
      nova.post(`${base}/records`, { values: { f1: 'planted' } }),
      nova.get(`${base}/design`),
      nova.post(`${base}/publish`),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Acme secret');
    }
    const still = await ok(admin.get(`${base}/records/${record.id}`));
    expect(still.record.values.f1).toBe('Acme secret');
  });
});
