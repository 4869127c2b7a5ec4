import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { PortalComponent } from '../../../shared/portal/model.ts';
import type { Platform } from '../../platform.ts';
import { draft as portalDraft } from '../portal/portal-test-kit.ts';
import { addOrders, API, pushSocket, boardDraft, chartDraft, chartItem, createBoard, createChart, ok, only, pairs, refused, totalDraft, type FormRef } from './dashboards-test-kit.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let novaAdmin: TestClient;
let ids: Record<string, string>;
let novaId: string;
let orders: FormRef;
let tickets: FormRef;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ids = Object.fromEntries((ok(await admin.get('/api/org/members')).members as any[]).map((m) => [m.loginId, m.id]));
  novaId = (ok(await novaAdmin.get('/api/org/members')).members as any[]).find((m) => m.loginId === 'nova.admin').id;
  [orders, tickets] = [await publishedForm(admin, ORDER_FIELDS), await publishedForm(admin, ORDER_FIELDS, { system: 'Service', app: 'Tickets', form: 'Ticket' })];
  await addOrders(admin, orders.formId, [['A', 'open', 10], ['B', 'open', 20], ['C', 'done', 5], ['D', 'doing', 1]]);
  await addOrders(admin, tickets.formId, [['T1', 'open'], ['T2', 'done'], ['T3', 'done']]);
  // The user reads only the open orders: his totals are his own.
  const only = { logic: 'and', items: [{ field: 'f2', op: 'eq', value: 'open' }] };
  ok(await admin.post(`/api/forms/forms/${orders.formId}/rules`, { name: 'User: open', subjectKind: 'user', subject: ids['acme.user'], levels: ['view'], scope: 'condition', condition: only }));
  ok(await admin.post(`/api/forms/forms/${tickets.formId}/rules`, { name: 'User: all', subjectKind: 'user', subject: ids['acme.user'], levels: ['view'], scope: 'all' }));
});
afterAll(async () => {
  await platform?.stop();
});

const boardData = async (client: TestClient, id: string, body: object = {}, lang = 'en') => ok(await client.post(`${API}/boards/${id}/data?lang=${lang}`, body)).charts;

describe('chart data', () => {
  it('a chart answers each viewer his own totals; the preview answers unsaved queries', async () => {
    const chart = await createChart(admin, chartDraft(orders));
    expect(pairs(ok(await admin.post(`${API}/charts/${chart.id}/data`, {})))).toEqual({ doing: 1, done: 1, open: 2 });
    expect(pairs(ok(await user.post(`${API}/charts/${chart.id}/data`, {})))).toEqual({ open: 2 });
    const preview = ok(await admin.post(`${API}/preview`, { type: 'bar', query: { ...chartDraft(orders).query, measures: [{ id: 'm1', aggregate: 'sum', field: 'f3' }] } }));
    expect(pairs(preview)).toEqual({ doing: 1, done: 5, open: 30 });
    refused(await admin.post(`${API}/preview`, { type: 'pie', query: { ...chartDraft(orders).query, dimensions: [] } }), 422, 'dashboards.validation.dimensionCount');
    // Global filter values mean something only with the board that defines them.
    refused(await admin.post(`${API}/charts/${chart.id}/data`, { filters: { status: { op: 'eq', value: 'open' } } }), 422, 'dashboards.filters.boardRequired');
  });

  it('a board answers every chart; a failing one says so in his language and the others still show', async () => {
    const doomed = await publishedForm(admin, ORDER_FIELDS, { system: 'Old', app: 'Old', form: 'Old' });
    await addOrders(admin, doomed.formId, [['X', 'open']]);
    const [byStatus, total, old] = [await createChart(admin, chartDraft(orders)), await createChart(admin, totalDraft(tickets)), await createChart(admin, totalDraft(doomed, 'Old orders'))];
    const gone = await createChart(admin, totalDraft(orders, 'Soon deleted'));
    const board = await createBoard(admin, boardDraft({ items: [chartItem(byStatus.id), chartItem(total.id), chartItem(old.id), chartItem(gone.id)] }));
    ok(await admin.delete(`/api/forms/forms/${doomed.formId}`));
    ok(await admin.delete(`${API}/charts/${gone.id}`));
    const en = await boardData(admin, board.id);
    expect(pairs(en[byStatus.id].result)).toEqual({ doing: 1, done: 1, open: 2 });
    expect(en[total.id]).toMatchObject({ ok: true, chart: { id: total.id, name: 'Orders' }, result: { rows: [[3]] } });
    expect(en[old.id]).toMatchObject({ ok: false, error: 'Chart loading is abnormal', status: expect.any(Number) });
    expect(en[gone.id]).toEqual({ ok: false, error: 'Chart does not exist or has been deleted', status: 404 });
    const zh = await boardData(admin, board.id, {}, 'zh-CN');
    expect(zh[old.id].error).toBe('图表加载异常');
    expect(zh[gone.id].error).toBe('图表不存在或已被删除');
    // The chart alone: its own refusal, §8's message.
    refused(await admin.post(`${API}/charts/${old.id}/data?lang=en`, {}), en[old.id].status, 'dashboards.chart.loadFailed');
  });

  it('a global filter applies to the charts of its target form only', async () => {
    const [orderStatus, orderTotal, ticketTotal] = [await createChart(admin, chartDraft(orders)), await createChart(admin, totalDraft(orders)), await createChart(admin, totalDraft(tickets, 'Tickets'))];
    const filters = [{ id: 'status', label: 'Status', kind: 'text' as const, targets: [{ formId: orders.formId, field: 'f2' }] }];
    const board = await createBoard(admin, boardDraft({ filters, items: [chartItem(orderStatus.id), chartItem(orderTotal.id), chartItem(ticketTotal.id)] }));
    const values = { status: { op: 'in', value: ['open', 'done'] } };
    const filtered = await boardData(admin, board.id, { filters: values });
    expect(pairs(filtered[orderStatus.id].result)).toEqual({ done: 1, open: 2 });
    expect(filtered[orderTotal.id].result.rows).toEqual([[3]]);
    expect(filtered[ticketTotal.id].result.rows).toEqual([[3]]);
    const alone = ok(await admin.post(`${API}/charts/${orderTotal.id}/data`, { filters: values, boardId: board.id }));
    expect(alone.rows).toEqual([[3]]);
    const other = await createBoard(admin, boardDraft({ filters }));
    refused(await admin.post(`${API}/charts/${orderTotal.id}/data`, { filters: values, boardId: other.id }), 422, 'dashboards.filters.notOnBoard');
    // The filter's value is checked by the forms' filter rules: a bad one fails that chart, not the board.
    const bad = await boardData(admin, board.id, { filters: { status: { op: 'between', value: 'x' } } });
    expect(bad[orderStatus.id]).toMatchObject({ ok: false, status: 422 });
    expect(bad[ticketTotal.id].ok).toBe(true);
  });

  it('an unchanged board is answered from the cache; a record written makes the next read fresh', async () => {
    const charts = [];
    for (let i = 0; i < 6; i++) charts.push(await createChart(admin, i % 2 ? totalDraft(orders, `Total ${i}`) : chartDraft(orders, { name: `Status ${i}` })));
    const board = await createBoard(admin, boardDraft({ items: charts.map((c) => chartItem(c.id)) }));
    const first = await boardData(user, board.id);
    const second = await boardData(user, board.id);
    // The cached answer keeps the time it was computed at (bench:charts measures how fast it comes back).
    for (const chart of charts) expect(second[chart.id].result).toEqual(first[chart.id].result);
    // Another viewer's answer is his own, never the cached one of the first.
    const theirs = await boardData(admin, board.id);
    expect(theirs[charts[1]!.id].result.rows).toEqual([[4]]);
    expect(second[charts[1]!.id].result.rows).toEqual([[2]]);

    await addOrders(admin, orders.formId, [['E', 'open', 7]]);
    const fresh = await boardData(user, board.id);
    expect(fresh[charts[1]!.id].result.rows).toEqual([[3]]);
    expect(fresh[charts[0]!.id].result.at).not.toBe(first[charts[0]!.id].result.at);
    expect(pairs(fresh[charts[0]!.id].result)).toEqual({ open: 3 });
  });
});

describe('the operation log of charts and boards', () => {
  it('logs creating a chart, but not the questions a board, a chart, the preview or a drill-down ask', async () => {
    const count = async (pattern: string) => Number((await platform.kernel.databases.owner.query(`select count(*) from oplog where action like $1`, [pattern])).rows[0].count);
    const chart = await createChart(admin, chartDraft(orders, { name: 'Logged once' }));
    const board = await createBoard(admin, boardDraft({ items: [chartItem(chart.id)] }));
    const before = await count(`POST ${API}/%`);
    await boardData(user, board.id);
    ok(await user.post(`${API}/charts/${chart.id}/data`, {}));
    ok(await user.post(`${API}/preview`, { type: 'bar', query: chart.query }));
    expect(await count(`POST ${API}/%`)).toBe(before);
    expect(await count('dashboards.chart.create')).toBeGreaterThan(0);
  });
});

describe('the demo spaces\' charts and boards', () => {
  it('each demo space shows seeded charts, a dashboard and a data screen whose charts load for a member', async () => {
    const boards = (ok(await user.get(`${API}/boards`)).items as any[]).filter((b) => /Inspection dashboard|Line 1 screen/.test(b.name));
    expect(boards.map((b) => b.kind).sort()).toEqual(['dashboard', 'screen']);
    for (const board of boards) {
      const charts = Object.values(await boardData(user, board.id)) as any[];
      expect(charts.length).toBeGreaterThanOrEqual(3);
      for (const chart of charts) expect(chart, JSON.stringify(chart)).toMatchObject({ ok: true, result: { rows: expect.any(Array) } });
    }
    expect(ok(await novaAdmin.get(`${API}/boards?kind=screen`)).items).toHaveLength(1);
  });
});

describe('export, drill-down and the portal’s chart component', () => {
  it('exports the result table as a real xlsx named after the chart', async () => {
    const chart = await createChart(admin, chartDraft(orders, { name: 'Orders by status' }, { measures: [{ id: 'm1', aggregate: 'count', field: null, label: 'Orders' }, { id: 'm2', aggregate: 'sum', field: 'f3', label: 'Amount' }] }));
    const file = await user.download(`${API}/charts/${chart.id}/export?lang=en`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain("UTF-8''Orders by status.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Orders by status');
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual([expect.any(String), 'Orders', 'Amount']);
    expect(rows.slice(1)).toEqual([['open', expect.any(Number), expect.any(Number)]]);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('drills from a group to the forms list filtered to it', async () => {
    const chart = await createChart(admin, chartDraft(orders));
    const { href } = ok(await admin.post(`${API}/charts/${chart.id}/drill`, { keys: ['open'] }));
    expect(href).toContain(orders.formId);
    expect(decodeURIComponent(href)).toContain('open');
  });

  it('the portal’s chart component shows a chart of the space, as the viewer may see it', async () => {
    const chart = await createChart(admin, chartDraft(orders, { name: 'Portal orders' }));
    const hidden = await createChart(admin, chartDraft(orders, { name: 'Not for the user', viewers: only({}) }));
    const component = (id: string, chartId: string | null): PortalComponent => ({ id, type: 'chart', name: 'Orders', hideName: false, style: 'card', place: { x: 0, y: 0, w: 6, h: 4 }, config: { chartId } });
    const portal = ok(await admin.post('/api/portal/portals', portalDraft({ name: 'Charts', components: [component('a', chart.id), component('b', null), { ...component('c', hidden.id), place: { x: 6, y: 0, w: 6, h: 4 } }] })), 201);
    const open = async (client: TestClient) => ok(await client.get(`/api/portal/open?terminal=web&id=${portal.id}&lang=en`)).components;
    const seen = await open(user);
    expect(seen.a).toMatchObject({ ok: true, data: { type: 'chart', state: 'ready', chart: { id: chart.id, name: 'Portal orders', type: 'bar' } } });
    expect(pairs(seen.a.data.result)).toEqual({ open: expect.any(Number) });
    expect(seen.b).toEqual({ ok: true, data: { type: 'chart', state: 'unavailable' } });
    expect(seen.c).toMatchObject({ ok: false, status: 404, error: 'Chart does not exist or has been deleted' });
    expect(Object.keys(pairs((await open(admin)).a.data.result)).sort()).toEqual(['doing', 'done', 'open']);
    refused(await admin.post('/api/portal/portals', portalDraft({ name: 'Broken', components: [component('x', '999999')] })), 422, 'dashboards.validation.chartMissing');
    // Another space's portal cannot show this space's chart.
    refused(await novaAdmin.post('/api/portal/portals', portalDraft({ name: 'Stolen', components: [component('x', chart.id)] })), 422, 'dashboards.validation.chartMissing');
  });
});

describe('live device values for data screens', () => {
  it('stored device values reach the space’s sockets, the latest of each topic, and no other space', async () => {
    const [mine, theirs] = [await pushSocket(platform.url, user, ids['acme.user']!), await pushSocket(platform.url, novaAdmin, novaId)];
    try {
      const at = (s: number) => `2026-03-01T08:00:0${s}.000Z`;
      const values = [
        { linkName: 'Line', topic: 'plant/press/temp', payload: '70.1', at: at(1) },
        { linkName: 'Line', topic: 'plant/press/temp', payload: '70.4', at: at(2) },
        { linkName: 'Line', topic: 'plant/press/state', payload: 'RUN', at: at(1) },
      ];
      ok(await admin.post('/api/iot/relay', { values }));
      const heard = await mine.waitFor((m) => m.type === 'iot.values');
      expect(heard).toEqual({
        type: 'iot.values',
        spaceId: 'acme',
        values: expect.arrayContaining([{ topic: 'plant/press/temp', payload: '70.4', at: at(2) }, { topic: 'plant/press/state', payload: 'RUN', at: at(1) }]),
      });
      expect(heard.values).toHaveLength(2);
      // A record written is announced too (the forms app's event), so viewers refetch that form's charts.
      await addOrders(admin, orders.formId, [['Live', 'open']]);
      expect(await mine.waitFor((m) => m.type === 'forms.records' && m.formId === orders.formId)).toMatchObject({ spaceId: 'acme' });
      expect(theirs.messages.filter((m) => m.type === 'iot.values' || m.type === 'forms.records')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
