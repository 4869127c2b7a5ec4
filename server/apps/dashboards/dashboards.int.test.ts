import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ORDER_FIELDS, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { API, boardDraft, chartDraft, chartItem, createBoard, createChart, ok, only, refused, totalDraft, type FormRef } from './dashboards-test-kit.ts';

let platform: Platform;
let admin: TestClient;
let user: TestClient;
let second: TestClient;
let novaAdmin: TestClient;
let ids: Record<string, string>;
let form: FormRef;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, novaAdmin] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  ok(await admin.post('/api/org/members', { loginId: 'acme.second', name: 'Second member', phone: '13900000043', password: 'Welcome@2026' }));
  second = await signedIn(platform.url, 'acme.second', 'Welcome@2026');
  ids = Object.fromEntries((ok(await admin.get('/api/org/members')).members as any[]).map((m) => [m.loginId, m.id]));
  form = await publishedForm(admin, ORDER_FIELDS);
  // Both members read every order, but the user never sees the notes (f6).
  const rules = `/api/forms/forms/${form.formId}/rules`;
  ok(await admin.post(rules, { name: 'User: all', subjectKind: 'user', subject: ids['acme.user'], levels: ['view'], scope: 'all', hiddenFields: ['f6'] }));
  ok(await admin.post(rules, { name: 'Second: all', subjectKind: 'user', subject: ids['acme.second'], levels: ['view'], scope: 'all' }));
});
afterAll(async () => {
  await platform?.stop();
});

describe('charts: create, read, save, copy, delete', () => {
  it('keeps a chart with its version; a stale save is 409 and changes nothing', async () => {
    const chart = await createChart(admin, chartDraft(form));
    expect(chart).toMatchObject({ name: 'Orders by status', type: 'bar', version: 1, canEdit: true, createdBy: ids['acme.admin'], query: { formId: form.formId } });
    expect(ok(await admin.get(`${API}/charts/${chart.id}`))).toEqual(chart);
    const saved = ok(await admin.put(`${API}/charts/${chart.id}`, { draft: chartDraft(form, { name: 'Orders per status', type: 'pie' }), version: 1 }));
    expect(saved).toMatchObject({ name: 'Orders per status', type: 'pie', version: 2 });
    refused(await admin.put(`${API}/charts/${chart.id}`, { draft: chartDraft(form, { name: 'Lost edit' }), version: 1 }), 409, 'dashboards.chart.stale');
    expect(ok(await admin.get(`${API}/charts/${chart.id}`)).name).toBe('Orders per status');

    const copy = ok(await admin.post(`${API}/charts/${chart.id}/copy?lang=en`), 201);
    expect(copy).toMatchObject({ name: 'Orders per status (copy)', version: 1, type: 'pie' });
    expect(ok(await admin.delete(`${API}/charts/${copy.id}`))).toEqual({ deleted: true });
    refused(await admin.get(`${API}/charts/${copy.id}?lang=en`), 404, 'dashboards.chart.notFound');
    const list = ok(await admin.get(`${API}/charts?appId=${form.appId}`));
    expect(list.items.map((c: any) => c.name)).toEqual(['Orders per status']);
    expect(list.items[0]).toMatchObject({ formName: 'Order', canEdit: true, createdByName: expect.any(String) });
  });

  it('editing without the right is 403 with §8’s message in his language; one he may not open is 404', async () => {
    const chart = await createChart(admin, chartDraft(form, { name: 'Admin only edits' }));
    const attempt = (lang: string) => user.put(`${API}/charts/${chart.id}?lang=${lang}`, { draft: chartDraft(form, { name: 'Mine now' }), version: 1 });
    expect(refused(await attempt('en'), 403, 'dashboards.chart.noEdit').text).toBe('No edit permission for the chart');
    expect(refused(await attempt('zh-CN'), 403, 'dashboards.chart.noEdit').text).toBe('暂无该图表的编辑权限');
    refused(await user.delete(`${API}/charts/${chart.id}`), 403, 'dashboards.chart.noEdit');
    expect(ok(await user.get(`${API}/charts/${chart.id}`)).canEdit).toBe(false);

    const hidden = await createChart(admin, chartDraft(form, { name: 'Nobody else', viewers: only({}) }));
    const gone = refused(await user.get(`${API}/charts/${hidden.id}?lang=en`), 404, 'dashboards.chart.notFound');
    expect(gone.text).toBe('Chart does not exist or has been deleted');
    expect(refused(await user.get(`${API}/charts/${hidden.id}`), 404, 'dashboards.chart.notFound').text).toBe('图表不存在或已被删除');
    refused(await user.put(`${API}/charts/${hidden.id}`, { draft: chartDraft(form), version: 1 }), 404, 'dashboards.chart.notFound');
  });
});

describe('who may view and edit charts and boards', () => {
  it('role groups and members as viewers and editors; the creator always edits', async () => {
    const group = ok(await admin.post('/api/org/role-groups', { name: 'Chart readers' }));
    const role = ok(await admin.post('/api/org/roles', { groupId: group.id, name: 'Reader' }));
    ok(await admin.post(`/api/org/roles/${role.id}/members`, { userIds: [ids['acme.user']] }));
    const byGroup = await createChart(admin, chartDraft(form, { name: 'Group chart', viewers: only({ roleGroups: [group.id] }) }));
    const byMember = await createChart(admin, chartDraft(form, { name: 'Member chart', viewers: only({ members: [ids['acme.second']!] }), editors: only({ members: [ids['acme.second']!] }) }));
    expect(ok(await user.get(`${API}/charts/${byGroup.id}`)).name).toBe('Group chart');
    refused(await second.get(`${API}/charts/${byGroup.id}`), 404, 'dashboards.chart.notFound');
    refused(await user.get(`${API}/charts/${byMember.id}`), 404, 'dashboards.chart.notFound');
    const edited = ok(await second.put(`${API}/charts/${byMember.id}`, { draft: chartDraft(form, { name: 'Member chart, edited', viewers: only({ members: [ids['acme.second']!] }) }), version: 1 }));
    expect(edited).toMatchObject({ name: 'Member chart, edited', canEdit: false, version: 2 });
    // He saved himself out of the editors: the admin still edits (space administrators always may).
    refused(await second.put(`${API}/charts/${byMember.id}`, { draft: chartDraft(form), version: 2 }), 403, 'dashboards.chart.noEdit');
    ok(await admin.put(`${API}/charts/${byMember.id}`, { draft: chartDraft(form, { name: 'Back', viewers: only({ members: [ids['acme.second']!] }) }), version: 2 }));

    const own = await createChart(user, chartDraft(form, { name: 'The user’s own', viewers: only({}) }));
    expect(own.canEdit).toBe(true);
    expect(ok(await admin.get(`${API}/charts/${own.id}`)).canEdit).toBe(true);
    refused(await second.get(`${API}/charts/${own.id}`), 404, 'dashboards.chart.notFound');

    const names = async (client: TestClient) => (ok(await client.get(`${API}/charts`)).items as any[]).map((c) => c.name);
    expect(await names(user)).toEqual(expect.arrayContaining(['Group chart', 'The user’s own']));
    expect(await names(user)).not.toContain('Back');
    expect(await names(second)).toContain('Back');
    expect(await names(second)).not.toContain('Group chart');
  });

  it('search finds what he may open by name, tips or description, wildcards taken literally', async () => {
    const open = await createChart(admin, chartDraft(form, { name: 'Yield 100%_ check', tips: 'Scrap rate of the moulding line' }));
    await createChart(admin, chartDraft(form, { name: 'Yield secret', viewers: only({}) }));
    const board = await createBoard(admin, boardDraft({ name: 'Quality wall', description: 'Yield and scrap', items: [chartItem(open.id)] }));
    await createBoard(admin, boardDraft({ name: 'Hidden yield board', viewers: only({}) }));
    const search = async (client: TestClient, q: string) => ok(await client.get(`${API}/search?q=${encodeURIComponent(q)}`));
    const mine = await search(user, 'yield');
    expect(mine.charts.map((c: any) => c.name)).toEqual(['Yield 100%_ check']);
    expect(mine.boards.map((b: any) => b.name)).toEqual(['Quality wall']);
    expect((await search(admin, 'yield')).charts.map((c: any) => c.name).sort()).toEqual(['Yield 100%_ check', 'Yield secret']);
    expect((await search(user, 'moulding')).charts.map((c: any) => c.id)).toEqual([open.id]);
    expect((await search(user, '%_')).charts.map((c: any) => c.id)).toEqual([open.id]);
    expect((await search(user, '0_c')).charts).toEqual([]);
    expect((await search(user, 'scrap')).boards.map((b: any) => b.id)).toEqual([board.id]);
    refused(await user.get(`${API}/search?q=${'x'.repeat(101)}`), 422, 'validation.tooLong');
  });
});

describe('boards: dashboards and data screens', () => {
  it('dashboards and screens: save, stale, kind fixed, no edit, copy, list by kind', async () => {
    const chart = await createChart(admin, totalDraft(form));
    const board = await createBoard(admin, boardDraft({ items: [chartItem(chart.id), { id: 't', kind: 'text', text: 'Hello', place: { x: 0, y: 20, w: 12, h: 1 } }] }));
    expect(board).toMatchObject({ kind: 'dashboard', version: 1, canEdit: true });
    const saved = ok(await admin.put(`${API}/boards/${board.id}`, { draft: boardDraft({ name: 'Renamed', refreshSeconds: 30 }), version: 1 }));
    expect(saved).toMatchObject({ name: 'Renamed', refreshSeconds: 30, items: [], version: 2 });
    refused(await admin.put(`${API}/boards/${board.id}`, { draft: boardDraft(), version: 1 }), 409, 'dashboards.board.stale');
    const screen = { kind: 'screen' as const, screen: { width: 1920, height: 1080, theme: 'dark-tech' as const } };
    refused(await admin.put(`${API}/boards/${board.id}`, { draft: boardDraft(screen), version: 2 }), 422, 'dashboards.board.kindFixed');
    refused(await user.put(`${API}/boards/${board.id}`, { draft: boardDraft(), version: 2 }), 403, 'dashboards.board.noEdit');
    const wall = await createBoard(admin, boardDraft({ ...screen, name: 'Wall', items: [chartItem(chart.id, { x: 100, y: 100, w: 800, h: 400 })] }));
    const copy = ok(await user.post(`${API}/boards/${wall.id}/copy?lang=en`), 201);
    expect(copy).toMatchObject({ name: 'Wall (copy)', kind: 'screen', canEdit: true, createdBy: ids['acme.user'] });
    const screens = ok(await user.get(`${API}/boards?kind=screen`)).items.map((b: any) => b.name);
    expect(screens).toEqual(expect.arrayContaining(['Wall', 'Wall (copy)']));
    expect(screens).not.toContain('Renamed');
    expect(ok(await user.delete(`${API}/boards/${copy.id}`))).toEqual({ deleted: true });
    refused(await user.get(`${API}/boards/${copy.id}`), 404, 'dashboards.board.notFound');
  });
});

describe('bad input to charts and boards', () => {
  it('each broken rule is 422 with its message in both languages, and nothing is saved', async () => {
    const before = ok(await admin.get(`${API}/charts`)).items.length;
    const en = refused(await admin.post(`${API}/charts?lang=en`, chartDraft(form, { name: ' ' })), 422, 'dashboards.validation.nameRequired');
    expect(en.data.problems[0]).toMatchObject({ path: 'name', key: 'dashboards.validation.nameRequired', text: 'Enter a name' });
    const zh = refused(await admin.post(`${API}/charts`, chartDraft(form, { name: ' ' })), 422, 'dashboards.validation.nameRequired');
    expect(zh.data.problems[0].text).toBe('请输入名称');
    const sumOfText = chartDraft(form, {}, { measures: [{ id: 'm1', aggregate: 'sum', field: 'f1' }] });
    const notNumeric = refused(await admin.post(`${API}/charts?lang=en`, sumOfText), 422, 'dashboards.validation.measureNotNumeric');
    expect(notNumeric.data.problems[0]).toMatchObject({ path: 'query.measures.0.field', text: expect.stringContaining('Title') });
    // The notes are hidden from the user by his rule: he cannot chart them, not even by name.
    const hiddenDimension = chartDraft(form, {}, { dimensions: [{ field: 'f6' }] });
    refused(await user.post(`${API}/charts`, hiddenDimension), 422, 'dashboards.validation.fieldUnknown');
    const preview = await user.post(`${API}/preview`, { type: 'bar', query: hiddenDimension.query });
    expect(preview.status).toBe(422);
    expect(preview.body.data?.rows).toBeUndefined();
    refused(await admin.post(`${API}/charts`, chartDraft(form, { type: 'pie' }, { dimensions: [] })), 422, 'dashboards.validation.dimensionCount');
    refused(await admin.post(`${API}/charts`, chartDraft(form, {}, { limit: 5000 })), 422, 'dashboards.validation.topN');
    refused(await admin.post(`${API}/charts`, chartDraft(form, {}, { formId: '999999' })), 422, 'dashboards.validation.formMissing');
    refused(await admin.post(`${API}/charts`, chartDraft(form, { viewers: only({ roleGroups: ['999999'] }) })), 422, 'dashboards.validation.roleGroupUnknown');
    refused(await admin.post(`${API}/charts`, { ...chartDraft(form), extra: 1 }), 422, 'validation.unknownField');
    expect(ok(await admin.get(`${API}/charts`)).items.length).toBe(before);

    refused(await admin.post(`${API}/boards`, boardDraft({ items: [chartItem('999999')] })), 422, 'dashboards.validation.chartMissing');
    refused(await admin.post(`${API}/boards`, boardDraft({ refreshSeconds: 7 })), 422, 'dashboards.validation.refreshSeconds');
    const wrongSize = refused(await admin.post(`${API}/boards?lang=en`, boardDraft({ kind: 'screen', screen: { width: 800, height: 600, theme: 'light' } })), 422, 'dashboards.validation.screenSize');
    expect(wrongSize.text).toContain('1920×1080');
    refused(await admin.get(`${API}/charts/999999`), 404, 'dashboards.chart.notFound');
  });
});

describe('charts and boards of another space', () => {
  it('cannot read, change, search, export or use space A’s charts and boards', async () => {
    const chart = await createChart(admin, chartDraft(form, { name: 'Acme private totals' }));
    const board = await createBoard(admin, boardDraft({ name: 'Acme private board', items: [chartItem(chart.id)] }));
    refused(await novaAdmin.get(`${API}/charts/${chart.id}`), 404, 'dashboards.chart.notFound');
    refused(await novaAdmin.put(`${API}/charts/${chart.id}`, { draft: chartDraft(form), version: 1 }), 404, 'dashboards.chart.notFound');
    refused(await novaAdmin.delete(`${API}/charts/${chart.id}`), 404, 'dashboards.chart.notFound');
    refused(await novaAdmin.post(`${API}/charts/${chart.id}/copy`), 404, 'dashboards.chart.notFound');
    refused(await novaAdmin.post(`${API}/charts/${chart.id}/data`, {}), 404, 'dashboards.chart.notFound');
    refused(await novaAdmin.post(`${API}/charts/${chart.id}/drill`, { keys: ['open'] }), 404, 'dashboards.chart.notFound');
    expect((await novaAdmin.download(`${API}/charts/${chart.id}/export`)).status).toBe(404);
    refused(await novaAdmin.get(`${API}/boards/${board.id}`), 404, 'dashboards.board.notFound');
    refused(await novaAdmin.post(`${API}/boards/${board.id}/data`, {}), 404, 'dashboards.board.notFound');
    refused(await novaAdmin.put(`${API}/boards/${board.id}`, { draft: boardDraft(), version: 1 }), 404, 'dashboards.board.notFound');
    refused(await novaAdmin.delete(`${API}/boards/${board.id}`), 404, 'dashboards.board.notFound');
    const found = ok(await novaAdmin.get(`${API}/search?q=acme`));
    expect(found).toEqual({ charts: [], boards: [] });
    expect(ok(await novaAdmin.get(`${API}/charts`)).items.map((c: any) => c.id)).not.toContain(chart.id);
    // Nor point his own at them: A's form and A's chart are not found in B.
    refused(await novaAdmin.post(`${API}/charts`, chartDraft(form)), 422, 'dashboards.validation.formMissing');
    refused(await novaAdmin.post(`${API}/boards`, boardDraft({ items: [chartItem(chart.id)] })), 422, 'dashboards.validation.chartMissing');
    expect(ok(await admin.get(`${API}/charts/${chart.id}`)).version).toBe(1);
    expect(ok(await admin.get(`${API}/boards/${board.id}`)).version).toBe(1);
  });
});
