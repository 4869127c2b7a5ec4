import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartQuery, Measure } from '../../../../shared/dashboards/model.ts';
import type { TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../../tests/support/platform.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import type { Platform } from '../../../platform.ts';
import { designForms, member, provider, refusal, table } from './analysis-test-kit.ts';

let platform: Platform;
let admin: TestClient;
let adminActor: AnalysisActor, user: AnalysisActor, safe: AnalysisActor, nova: AnalysisActor;
let userClient: TestClient;
let formId: string, appId: string, customerId: string;
let api: ReturnType<typeof provider>;
const names: Record<string, string> = {};
const departments: Array<{ id: string; name: string }> = [];

const q = (over: Partial<ChartQuery>): ChartQuery => ({ formId, dimensions: [], measures: [{ id: 'n', aggregate: 'count', field: null }], ...over });
const EVERY_KIND: Measure[] = [
  { id: 'n', aggregate: 'count', field: null },
  { id: 'c', aggregate: 'count', field: 'f4' },
  { id: 'd', aggregate: 'distinct', field: 'f2' },
  { id: 's', aggregate: 'sum', field: 'f3' },
  { id: 'a', aggregate: 'avg', field: 'f3' },
  { id: 'lo', aggregate: 'min', field: 'f3' },
  { id: 'hi', aggregate: 'max', field: 'f3' },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  api = provider(platform);
  const a = await member(platform, 'acme.admin');
  admin = a.client;
  adminActor = a.actor;
  const u = await member(platform, 'acme.user');
  user = u.actor;
  userClient = u.client;
  const s = await member(platform, 'acme.safe');
  safe = s.actor;
  nova = (await member(platform, 'nova.admin')).actor;
  Object.assign(names, { admin: a.id, user: u.id, safe: s.id });
  // Two of acme's departments, for the department field (f9).
  const units = await platform.kernel.databases.owner.query<{ id: string; name: string }>(`select id::text, name from org_department where space_id = 'acme' order by id limit 2`);
  departments.push(...units.rows);
  const { customers, orders } = await designForms(admin);
  formId = orders.formId;
  appId = orders.appId;
  customerId = customers.formId;
  const customer = (values: Record<string, unknown>) => ok(admin.post(`/api/forms/forms/${customerId}/records`, { values }));
  const north = (await customer({ f1: 'North Ltd', f2: 'north' })).id;
  const south = (await customer({ f1: 'South Ltd', f2: 'south' })).id;
  const order = (client: TestClient, values: Record<string, unknown>) => ok(client.post(`/api/forms/forms/${formId}/records`, { values }));
  // Production (admin, user): 5 orders; Quality (safe): 2.
  await order(admin, { f1: 'A1', f2: 'open', f3: 100, f4: '2026-01-10', f5: 'a@example.com', f6: north, f7: ['rush'], f8: names.user, f9: departments[0]!.id });
  await order(admin, { f1: 'A2', f2: 'done', f3: 200, f4: '2026-01-20', f6: south, f7: ['rush', 'export'], f8: names.user, f9: departments[0]!.id });
  await order(admin, { f1: 'A3', f2: 'done', f3: 300, f4: '2026-02-05', f6: north, f9: departments[1]!.id });
  await order(admin, { f1: 'A4', f2: 'doing', f3: 400, f4: '2026-04-01' });
  await order(userClient, { f1: 'U1', f2: 'open', f3: 10, f4: '2026-03-15' });
  await order(s.client, { f1: 'S1', f2: 'open', f3: 50, f4: '2026-02-10' });
  await order(s.client, { f1: 'S2', f2: 'done', f3: 70, f4: '2026-03-01' });
  // Two different department rules: users read production's orders (without the contact), safe reads quality's.
  const rules = `/api/forms/forms/${formId}/rules`;
  await ok(admin.post(rules, { name: 'Production reads', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'department', hiddenFields: ['f5'] }));
  await ok(admin.post(rules, { name: 'Quality reads', subjectKind: 'role', subject: 'safe', levels: ['view'], scope: 'department' }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('aggregates inside the viewer\'s record permissions (the list\'s own predicate)', () => {
  it('every aggregate kind gives each viewer only his totals', async () => {
    const query = q({ measures: EVERY_KIND });
    expect(table(await api.aggregate(adminActor, query))).toEqual([[7, 7, 3, 1130, 161.43, 10, 400]]);
    expect(table(await api.aggregate(user, query))).toEqual([[5, 5, 3, 1010, 202, 10, 400]]);
    expect(table(await api.aggregate(safe, query))).toEqual([[2, 2, 2, 120, 60, 50, 70]]);
    const result = await api.aggregate(user, query);
    expect(result.columns.map((c) => c.label)).toEqual(['Count of records', 'Count of Due', 'Distinct count of Status', 'Sum of Amount', 'Average of Amount', 'Minimum of Amount', 'Maximum of Amount']);
    expect(result.capped).toBeNull();
  });

  it('grouped by a select field, the same chart differs per viewer; labels follow the viewer\'s language', async () => {
    const query = q({ dimensions: [{ field: 'f2' }], measures: [{ id: 'n', aggregate: 'count', field: null }, { id: 's', aggregate: 'sum', field: 'f3' }] });
    expect(table(await api.aggregate(user, query))).toEqual([['doing', 1, 400], ['done', 2, 500], ['open', 2, 110]]);
    expect(table(await api.aggregate(safe, query))).toEqual([['done', 1, 70], ['open', 1, 50]]);
    const zh = await api.aggregate({ ...user, language: 'zh-CN' }, query);
    expect(zh.columns.map((c) => c.label)).toEqual(['Status', '记录数', 'Amount求和']);
    expect(zh.keys).toEqual([['doing'], ['done'], ['open']]);
  });

  it('dates group by month, quarter and week; empty groups are named, never dropped', async () => {
    const month = await api.aggregate(user, q({ dimensions: [{ field: 'f4', granularity: 'month' }], measures: [{ id: 's', aggregate: 'sum', field: 'f3' }] }));
    expect(table(month)).toEqual([['2026-01', 300], ['2026-02', 300], ['2026-03', 10], ['2026-04', 400]]);
    expect(month.keys[0]).toEqual(['2026-01-01']);
    expect(month.columns[0]!.label).toBe('Due (month)');
    const quarter = await api.aggregate(user, q({ dimensions: [{ field: 'f4', granularity: 'quarter' }] }));
    expect(table(quarter)).toEqual([['2026-Q1', 4], ['2026-Q2', 1]]);
    const week = await api.aggregate(safe, q({ dimensions: [{ field: 'f4', granularity: 'week' }] }));
    expect(table(week)).toEqual([['2026-W07', 1], ['2026-W09', 1]]);
    expect(week.keys).toEqual([['2026-02-09'], ['2026-02-23']]);
    const created = await api.aggregate(user, q({ dimensions: [{ field: 'createdAt', granularity: 'year' }] }));
    expect(created.rows).toHaveLength(1);
  });

  it('members by name, multi-choice values once per option, relations through the related form\'s own permissions', async () => {
    const owners = await api.aggregate(user, q({ dimensions: [{ field: 'ownerId' }] }));
    expect(owners.keys.map((k) => k[0])).toEqual(expect.arrayContaining([names.admin, names.user]));
    expect(owners.rows.every((r) => typeof r[0] === 'string' && !/^[0-9]+$/.test(r[0] as string))).toBe(true);
    const assignee = await api.aggregate(adminActor, q({ dimensions: [{ field: 'f8' }] }));
    expect(assignee.rows.find((r) => r[1] === 2)?.[0]).not.toMatch(/^#?[0-9]+$/);
    expect(table(await api.aggregate(adminActor, q({ dimensions: [{ field: 'f7' }] })))).toEqual([['export', 1], ['rush', 2], ['(empty)', 5]]);
    const byRegion = q({ dimensions: [{ field: 'f6.f2' }], measures: [{ id: 's', aggregate: 'sum', field: 'f3' }] });
    expect(table(await api.aggregate(adminActor, byRegion))).toEqual([['north', 400], ['south', 200], ['(empty)', 530]]);
    // Without a rule on customers, the member sees none of the admin's customers: their region is not disclosed.
    expect(table(await api.aggregate(user, byRegion))).toEqual([['(empty)', 1010]]);
    const fields = await api.fields(user, formId);
    expect(fields.fields.map((f) => f.ref)).toEqual(expect.arrayContaining(['f1', 'f3', 'createdAt', 'ownerId', 'f6.f1', 'f6.f2']));
    expect(fields.fields.find((f) => f.ref === 'f6.f2')).toMatchObject({ via: { relation: 'f6', relationLabel: 'Customer' }, options: ['north', 'south'] });
    expect(fields.fields.find((f) => f.ref === 'f3')).toMatchObject({ numeric: true, fieldType: 'amount' });
  });

  it('departments by name: a department field groups under each department\'s name, its id kept for drill-down', async () => {
    const plants = await api.aggregate(adminActor, q({ dimensions: [{ field: 'f9' }], measures: [{ id: 's', aggregate: 'sum', field: 'f3' }] }));
    const [first, second] = departments as [{ id: string; name: string }, { id: string; name: string }];
    const byKey = new Map(plants.rows.map((row, i) => [plants.keys[i]![0], row]));
    expect(byKey.get(first.id)).toEqual([first.name, 300]);
    expect(byKey.get(second.id)).toEqual([second.name, 300]);
    expect(byKey.get(null)?.[1]).toBe(530);
    expect(plants.columns[0]).toMatchObject({ label: 'Plant', role: 'dimension' });
  });

  it('ratios (null on a zero denominator, in percent) and top N by a measure', async () => {
    const ratio = await api.aggregate(user, q({
      dimensions: [{ field: 'f2' }],
      measures: [{ id: 'n', aggregate: 'count', field: null }, { id: 'c', aggregate: 'count', field: 'f6' }],
      ratios: [{ id: 'share', label: 'With customer', numerator: 'c', denominator: 'n', percent: true }, { id: 'back', label: '', numerator: 'n', denominator: 'c', percent: false }],
    }));
    expect(table(ratio)).toEqual([['doing', 1, 0, 0, null], ['done', 2, 2, 100, 1], ['open', 2, 1, 50, 2]]);
    expect(ratio.columns.map((c) => [c.key, c.role])).toEqual([['d0', 'dimension'], ['n', 'measure'], ['c', 'measure'], ['share', 'ratio'], ['back', 'ratio']]);
    const top = await api.aggregate(adminActor, q({ dimensions: [{ field: 'f1' }], measures: [{ id: 's', aggregate: 'sum', field: 'f3' }], sort: { by: 's', dir: 'desc' }, limit: 2 }));
    expect(table(top)).toEqual([['A4', 400], ['A3', 300]]);
    expect(top.capped).toBeNull();
  });

  it('a filter and the board\'s extra filter narrow the same predicate', async () => {
    const filtered = await api.aggregate(user, q({ filter: { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'done' }] } }), { logic: 'and', items: [{ field: 'f3', op: 'gt', value: 250 }] });
    expect(table(filtered)).toEqual([[1]]);
  });
});

describe('bad queries: 422 with a message in both languages', () => {
  it('a hidden field is refused as a dimension, a measure or a filter — exactly as an unknown field', async () => {
    expect((await api.aggregate(adminActor, q({ dimensions: [{ field: 'f5' }] }))).rows).toHaveLength(2);
    const asDimension = await refusal(platform, api.aggregate(user, q({ dimensions: [{ field: 'f5' }] })));
    expect(asDimension).toMatchObject({ status: 422, key: 'forms.analysis.unknownField', en: 'There is no field f5 you can chart.', zh: '没有可用于图表的字段 f5' });
    expect(await refusal(platform, api.aggregate(user, q({ measures: [{ id: 'x', aggregate: 'distinct', field: 'f5' }] })))).toEqual(asDimension);
    expect(await refusal(platform, api.aggregate(user, q({ dimensions: [{ field: 'f99' }] })))).toMatchObject({ key: 'forms.analysis.unknownField', en: 'There is no field f99 you can chart.' });
    expect(await refusal(platform, api.aggregate(user, q({ filter: { logic: 'and', items: [{ field: 'f5', op: 'notEmpty' }] } })))).toMatchObject({ status: 422, key: 'forms.filter.unknownField' });
    expect((await api.fields(user, formId)).fields.map((f) => f.ref)).not.toContain('f5');
  });

  it('a numeric measure on a text field, a granularity on a non-date, too many dimensions, a bad filter value', async () => {
    expect(await refusal(platform, api.aggregate(user, q({ measures: [{ id: 's', aggregate: 'sum', field: 'f1' }] })))).toMatchObject({
      status: 422, key: 'forms.analysis.notNumeric', en: 'Sum, average, minimum and maximum need a number or amount field; Title is not one.',
    });
    expect(await refusal(platform, api.aggregate(user, q({ dimensions: [{ field: 'f2', granularity: 'month' }] })))).toMatchObject({ key: 'forms.analysis.badGranularity' });
    const four = await refusal(platform, api.aggregate(user, q({ dimensions: ['f1', 'f2', 'f3', 'f4'].map((field) => ({ field })) })));
    expect(four).toMatchObject({ key: 'forms.analysis.tooManyDimensions', en: 'A chart can have at most 3 dimensions.', zh: '一个图表最多 3 个维度' });
    expect(await refusal(platform, api.aggregate(user, q({ filter: { logic: 'and', items: [{ field: 'f3', op: 'gt', value: 'lots' }] } })))).toMatchObject({ key: 'forms.filter.badValue' });
  });

  it('a form of another space is not found (404), not even its fields', async () => {
    expect(await refusal(platform, api.aggregate(nova, q({})))).toMatchObject({ status: 404 });
    expect(await refusal(platform, api.fields(nova, formId))).toMatchObject({ status: 404 });
    expect(await refusal(platform, api.cacheKey(nova, q({})))).toMatchObject({ status: 404 });
  });
});

describe('drill-down and caps', () => {
  it('the drill-down address opens the list with exactly the records of the group', async () => {
    const query = q({ dimensions: [{ field: 'f4', granularity: 'month' }, { field: 'f2' }] });
    const href = await api.drillHref(user, query, ['2026-01-01', 'done']);
    expect(href).toMatch(new RegExp(`^/space-acme/app/!/${formId}/${appId}\\?filter=`));
    const filter = new URL(href!, 'http://x').searchParams.get('filter')!;
    const page = await ok(userClient.get(`/api/forms/forms/${formId}/records?count=true&filter=${encodeURIComponent(filter)}`));
    expect(page.records.map((r: any) => r.values.f1)).toEqual(['A2']);
    const empty = await api.drillHref(adminActor, q({ dimensions: [{ field: 'f6' }] }), [null]);
    const none = new URL(empty!, 'http://x').searchParams.get('filter')!;
    expect((await ok(admin.get(`/api/forms/forms/${formId}/records?count=true&filter=${encodeURIComponent(none)}`))).total.count).toBe(4);
    expect(await refusal(platform, api.drillHref(user, query, ['2026-01-01']))).toMatchObject({ key: 'forms.analysis.badKeys' });
  });

  it('a pivot of many × many is capped (100 columns), and says so', async () => {
    // 150 titles × 3 statuses asked as status × title: rows are statuses, columns the titles.
    await platform.kernel.databases.owner.query(
      `insert into forms_data_${formId} (space_id, owner_id, owner_dept_id, created_by, updated_by, form_version, f1, f2, f3)
       select 'acme', $1::bigint, (select department_id from org_member_department where user_id = $1::bigint limit 1), $1::bigint, $1::bigint, 1,
         'Bulk ' || lpad(g::text, 3, '0'), (array['open','doing','done'])[1 + g % 3], g from generate_series(1, 150) g`,
      [names.admin],
    );
    const pivot = await api.aggregate(user, q({ dimensions: [{ field: 'f2' }, { field: 'f1' }] }));
    expect(pivot.capped).toEqual({ rows: 3, columns: 100 });
    expect(new Set(pivot.keys.map((k) => k[1])).size).toBe(100);
    expect(new Set(pivot.keys.map((k) => k[0]))).toEqual(new Set(['open', 'doing', 'done']));
    const wide = await api.aggregate(user, q({ dimensions: [{ field: 'f1' }, { field: 'f2' }] }));
    expect(wide.capped).toBeNull();
    expect(wide.rows).toHaveLength(155);
  });
});
