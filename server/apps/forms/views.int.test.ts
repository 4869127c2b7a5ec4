import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { appRoles, ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let base: string, formId: string;

const ROOM_FIELDS = [
  { key: 'f1', type: 'text', label: 'Purpose', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Room', options: ['A', 'B', 'C'], required: true },
  { key: 'f3', type: 'datetime', label: 'From' },
  { key: 'f4', type: 'datetime', label: 'To' },
  { key: 'f5', type: 'date', label: 'Day' },
  { key: 'f6', type: 'select', label: 'Stage', options: ['todo', 'doing', 'done'] },
  { key: 'f7', type: 'attachment', label: 'Files' },
] as const;

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'acme.user'), signedIn(platform.url, 'nova.admin')]);
  const created = await publishedForm(admin, ROOM_FIELDS as never, { system: 'Facilities', app: 'Rooms', form: 'Booking' });
  formId = created.formId;
  // acme.safe plays a second member below: the app names every role, as safe uses only apps that name it (0026).
  await appRoles(admin, created.appId, ['saas', 'admin', 'user', 'safe', 'audit']);
  base = `/api/forms/forms/${formId}`;
});
afterAll(async () => {
  await platform?.stop();
});

const indexes = async () =>
  (await platform.kernel.databases.owner.query(`select indexname from pg_indexes where tablename = $1`, [`forms_data_${formId}`])).rows.map((r) => r.indexname as string);

describe('saved views (§2.8)', () => {
  it('a shared view is for admins; a personal one for anyone; sorting and filtering fields get indexes', async () => {
    const config = { columns: ['f1', 'f2'], sort: { field: 'f5', dir: 'desc' }, filter: { logic: 'and', items: [{ field: 'f6', op: 'eq', value: 'todo' }] }, pageSize: 20 };
    expect((await user.post(`${base}/views`, { name: 'Shared by user', kind: 'list', shared: true, config })).status).toBe(403);
    const shared = await ok(admin.post(`${base}/views`, { name: 'Open work', kind: 'list', shared: true, config }));
    const mine = await ok(user.post(`${base}/views`, { name: 'My board', kind: 'board', shared: false, config: { groupField: 'f6' } }));
    expect(await indexes()).toEqual(expect.arrayContaining([`forms_data_${formId}_f5`, `forms_data_${formId}_f6`]));
    const seenByUser = (await ok(user.get(`${base}/views`))).views.map((v: any) => v.id);
    const seenByAdmin = (await ok(admin.get(`${base}/views`))).views.map((v: any) => v.id);
    expect(seenByUser).toEqual(expect.arrayContaining([shared.id, mine.id]));
    expect(seenByAdmin).toContain(shared.id);
    expect(seenByAdmin).not.toContain(mine.id);
    expect((await user.delete(`${base}/views/${shared.id}`)).status).toBe(403);
    expect((await admin.delete(`${base}/views/${mine.id}`)).status).toBe(404);
  });

  it('a view of a kind needs the right fields: 422 otherwise, nothing saved', async () => {
    const before = (await ok(admin.get(`${base}/views`))).views.length;
    const bad = [
      { kind: 'board', config: { groupField: 'f1' } },
      { kind: 'calendar', config: { dateField: 'f2' } },
      { kind: 'occupy', config: { resourceField: 'f2', startField: 'f3', endField: 'f3' } },
      { kind: 'cascade', config: { levels: ['f3'] } },
      { kind: 'list', config: { sort: { field: 'f99', dir: 'asc' } } },
      { kind: 'list', config: { filter: { logic: 'and', items: [{ field: 'f2', op: 'gt', value: 'A' }] } } },
    ];
    for (const view of bad) expect((await admin.post(`${base}/views?lang=en`, { name: 'Bad', shared: true, ...view })).status, JSON.stringify(view)).toBe(422);
    expect((await ok(admin.get(`${base}/views`))).views.length).toBe(before);
  });

  it('board: moving a card is an update, refused without modify permission', async () => {
    const card = await ok(user.post(`${base}/records`, { values: { f1: 'Card', f2: 'A', f6: 'todo' } }));
    const moved = await ok(user.put(`${base}/records/${card.id}`, { values: { f6: 'doing' }, rowVersion: card.rowVersion }));
    expect(moved.values.f6).toBe('doing');
    const adminCard = await ok(admin.post(`${base}/records`, { values: { f1: 'Admin card', f2: 'A', f6: 'todo' } }));
    await ok(admin.post(`${base}/rules`, { name: 'Users read all', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all' }));
    const refused = await user.put(`${base}/records/${adminCard.id}?lang=en`, { values: { f6: 'done' }, rowVersion: adminCard.rowVersion });
    expect([refused.status, refused.body.text]).toEqual([403, 'No permission to modify.']);
    const column = await ok(user.get(`${base}/records?filter=${encodeURIComponent(JSON.stringify({ logic: 'and', items: [{ field: 'f6', op: 'eq', value: 'todo' }] }))}`));
    expect(column.records.map((r: any) => r.id)).toContain(adminCard.id);
  });

  it('calendar: records of a date range; cascade: distinct values with counts inside the viewer’s access', async () => {
    await ok(admin.post(`${base}/views`, { name: 'Calendar', kind: 'calendar', shared: true, config: { dateField: 'f5', mode: 'month' } }));
    for (const [day, room] of [['2026-11-02', 'A'], ['2026-11-20', 'B'], ['2026-12-01', 'B']]) await ok(admin.post(`${base}/records`, { values: { f1: `On ${day}`, f2: room, f5: day } }));
    const november = { logic: 'and', items: [{ field: 'f5', op: 'between', value: ['2026-11-01', '2026-11-30'] }] };
    const page = await ok(admin.get(`${base}/records?pageSize=999&filter=${encodeURIComponent(JSON.stringify(november))}`));
    expect(page.records.map((r: any) => r.values.f5).sort()).toEqual(['2026-11-02', '2026-11-20']);
    await ok(admin.post(`${base}/views`, { name: 'By room', kind: 'cascade', shared: true, config: { levels: ['f2', 'f6'] } }));
    const rooms = await ok(admin.get(`${base}/distinct?field=f2`));
    expect(rooms.values).toEqual(expect.arrayContaining([{ value: 'B', count: 2 }]));
    expect((await nova.get(`${base}/distinct?field=f2`)).status).toBe(404);
    const userRooms = await ok(user.get(`${base}/distinct?field=f2`));
    expect(userRooms.values.reduce((n: number, v: any) => n + v.count, 0)).toBe((await ok(user.get(`${base}/records?count=true`))).total.count);
  });
});

describe('occupy view: no double booking, enforced by the database', () => {
  it('20 concurrent bookings of one slot: exactly one wins, the others hear "Already occupied"', async () => {
    await ok(admin.post(`${base}/views`, { name: 'Rooms', kind: 'occupy', shared: true, config: { resourceField: 'f2', startField: 'f3', endField: 'f4' } }));
    const book = (client: TestClient, i: number, from: string, to: string, room = 'C') => client.post(`${base}/records?lang=en`, { values: { f1: `Booking ${i}`, f2: room, f3: from, f4: to } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(i % 2 ? admin : user, i, '2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused.every((a) => a.body.text === 'Already occupied, please select again.')).toBe(true);
    expect((await book(user, 21, '2026-11-23T09:30:00.000Z', '2026-11-23T11:00:00.000Z')).status).toBe(409);
    expect((await book(user, 22, '2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z')).status).toBe(200);
    expect((await book(user, 23, '2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z', 'A')).status).toBe(200);
    const backwards = await book(user, 24, '2026-11-24T10:00:00.000Z', '2026-11-24T09:00:00.000Z');
    expect(backwards.status).toBe(422);
    const rows = await platform.kernel.databases.owner.query(`select count(*)::int as n from forms_data_${formId} where f2 = 'C' and f3 = '2026-11-23T09:00:00Z'`);
    expect(rows.rows[0].n).toBe(1);
  });

  it('an occupy view over bookings that already overlap is refused', async () => {
    const other = await publishedForm(admin, ROOM_FIELDS as never, { system: 'Facilities 2', app: 'Rooms 2', form: 'Booking 2' });
    const at = `/api/forms/forms/${other.formId}`;
    for (const i of [1, 2]) await ok(admin.post(`${at}/records`, { values: { f1: `Overlap ${i}`, f2: 'A', f3: '2026-11-23T09:00:00Z', f4: '2026-11-23T10:00:00Z' } }));
    const answer = await admin.post(`${at}/views`, { name: 'Rooms', kind: 'occupy', shared: true, config: { resourceField: 'f2', startField: 'f3', endField: 'f4' } });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('forms.view.overlapping');
  });
});

describe('discussion and uploads', () => {
  it('comments need content; attachments are checked by content and size; other spaces see nothing', async () => {
    const record = await ok(user.post(`${base}/records`, { values: { f1: 'Discuss', f2: 'A' } }));
    const empty = await user.post(`${base}/records/${record.id}/comments?lang=en`, { content: '   ' });
    expect([empty.status, empty.body.text]).toEqual([422, 'Discussion content cannot be empty.']);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082', 'hex');
    const uploaded = await ok(user.upload('/api/forms/files?purpose=attachment', [{ name: 'photo.png', bytes: png }, { name: 'notes.txt', bytes: Buffer.from('hello') }]));
    expect(uploaded.files.map((f: any) => [f.name, f.mime])).toEqual([['photo.png', 'image/png'], ['notes.txt', 'text/plain']]);
    const noName = await user.post(`${base}/records/${record.id}/comments?lang=en`, { content: 'see file', attachments: [{ ...uploaded.files[0], name: ' ' }] });
    expect([noName.status, noName.body.text]).toEqual([422, 'Attachment file name cannot be empty.']);
    await ok(user.post(`${base}/records/${record.id}/comments`, { content: 'See the photo', attachments: [uploaded.files[0]] }));
    const comments = await ok(user.get(`${base}/records/${record.id}/comments`));
    expect(comments.comments.map((c: any) => c.content)).toEqual(['See the photo']);
    const fake = await user.upload('/api/forms/files?purpose=image&lang=en', [{ name: 'evil.png', bytes: Buffer.from('<script>alert(1)</script>') }]);
    expect([fake.status, fake.body.msg]).toEqual([422, 'forms.file.badType']);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `n${i}.txt`, bytes: Buffer.from('x') }));
    expect((await user.upload('/api/forms/files?purpose=attachment', six)).status).toBe(422);
    const download = await user.download(`/api/forms/files/${uploaded.files[1].fileId}`);
    expect([download.status, download.bytes.toString()]).toEqual([200, 'hello']);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await nova.download(`/api/forms/files/${uploaded.files[1].fileId}`)).status).toBe(404);
    expect((await nova.get(`${base}/records/${record.id}/comments`)).status).toBe(404);
    expect((await nova.get(`${base}/views`)).status).toBe(404);
  });

  it('an upload is readable by its uploader and by those who may see a record using it — not by id guessing', async () => {
    const safe = await signedIn(platform.url, 'acme.safe');
    const [file] = (await ok(user.upload('/api/forms/files?purpose=attachment', [{ name: 'private.txt', bytes: Buffer.from('secret plan') }]))).files;
    expect((await safe.download(`/api/forms/files/${file.fileId}`)).status).toBe(404);
    const stolen = await safe.post(`${base}/records`, { values: { f1: 'Mine now', f2: 'A', f7: [file] } });
    expect(stolen.status).toBe(422);
    const record = await ok(user.post(`${base}/records`, { values: { f1: 'With plan', f2: 'B', f7: [file] } }));
    expect((await safe.download(`/api/forms/files/${file.fileId}`)).status).toBe(404);
    const safeId = (await ok(safe.get('/api/account/me'))).id;
    await ok(user.post(`${base}/records/${record.id}/shares`, { userIds: [safeId], level: 'view' }));
    const shared = await safe.download(`/api/forms/files/${file.fileId}`);
    expect([shared.status, shared.bytes.toString()]).toEqual([200, 'secret plan']);
  });
});
