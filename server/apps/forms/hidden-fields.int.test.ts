import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import { signedIn, type TestClient } from '../../../tests/support/client.ts';
import { ok, publishedForm } from '../../../tests/support/forms.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

/** A contract form whose contact and contract file a rule hides from ordinary members. */
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'email', label: 'Secret contact' },
  { key: 'f3', type: 'attachment', label: 'Secret contract' },
  { key: 'f4', type: 'attachment', label: 'Brochure' },
  { key: 'f5', type: 'select', label: 'Status', options: ['open', 'done'] },
];

let platform: Platform;
let admin: TestClient, user: TestClient, nova: TestClient;
let base: string, appId: string;
const files = { contract: '', brochure: '' };
let contractRef: Record<string, unknown>;
let alphaId: string;

const text = (name: string, content: string) => ({ name, bytes: Buffer.from(content), type: 'text/plain' });
const upload = async (client: TestClient, name: string, content: string) =>
  (await ok(client.upload('/api/forms/files?purpose=attachment', [text(name, content)]))).files[0];
const filter = (value: unknown) => encodeURIComponent(JSON.stringify(value));

beforeAll(async () => {
  platform = await startTestPlatform();
  [admin, user, nova] = (await Promise.all(['acme.admin', 'acme.user', 'nova.admin'].map((l) => signedIn(platform.url, l)))) as [TestClient, TestClient, TestClient];
  const made = await publishedForm(admin, FIELDS);
  base = `/api/forms/forms/${made.formId}`;
  appId = made.appId;
  const contract = await upload(admin, 'contract.txt', 'the secret contract');
  const brochure = await upload(admin, 'brochure.txt', 'the public brochure');
  files.contract = contract.fileId;
  contractRef = contract;
  files.brochure = brochure.fileId;
  alphaId = (await ok(admin.post(`${base}/records`, { values: { f1: 'Alpha deal', f2: 'zebra-secret@example.com', f3: [contract], f4: [brochure], f5: 'open' } }))).id;
  await ok(admin.post(`${base}/records`, { values: { f1: 'Beta deal', f2: 'plain@example.com', f5: 'done' } }));
  await ok(admin.post(`${base}/rules`, { name: 'Members read', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all', hiddenFields: ['f2', 'f3'] }));
});
afterAll(async () => platform?.stop());

describe('a field hidden from a viewer is never touched by what that viewer asks', () => {
  it('search in the form and across the app matches only the fields the viewer sees', async () => {
    const search = async (client: TestClient, q: string) => ok(client.get(`${base}/records?q=${encodeURIComponent(q)}&count=true`));
    const hidden = await search(user, 'zebra-sec');
    expect([hidden.records.length, hidden.total.count]).toEqual([0, 0]);
    expect((await search(user, 'alpha')).records.map((r: any) => r.values.f1)).toEqual(['Alpha deal']);
    expect((await search(admin, 'zebra-sec')).records.map((r: any) => r.values.f1)).toEqual(['Alpha deal']);
    const across = (client: TestClient, q: string) => ok(client.get(`/api/forms/apps/${appId}/search?q=${encodeURIComponent(q)}`));
    expect((await across(user, 'zebra')).results).toEqual([]);
    expect((await across(user, 'deal')).results.map((r: any) => r.title).sort()).toEqual(['Alpha deal', 'Beta deal']);
    expect((await across(admin, 'zebra')).results.map((r: any) => r.title)).toEqual(['Alpha deal']);
    expect((await nova.get(`/api/forms/apps/${appId}/search?q=zebra`)).status).toBe(404);
  });

  it('naming a hidden field in a filter, sort, grouping or view answers as for a field the form lacks', async () => {
    const byHidden = await user.get(`${base}/records?lang=en&filter=${filter({ logic: 'and', items: [{ field: 'f2', op: 'startsWith', value: 'z' }] })}`);
    const byMissing = await user.get(`${base}/records?lang=en&filter=${filter({ logic: 'and', items: [{ field: 'f99', op: 'startsWith', value: 'z' }] })}`);
    expect([byHidden.status, byHidden.body.text]).toEqual([422, 'There is no field f2.']);
    expect(byMissing.status).toBe(422);
    expect(JSON.stringify(byHidden.body)).not.toContain('Secret');
    expect((await user.get(`${base}/records?sort=f2:asc`)).status).toBe(422);
    expect((await user.get(`${base}/records?sort=f2:asc&count=true`)).status).toBe(422);
    expect((await user.get(`${base}/distinct?field=f2`)).status).toBe(422);
    const view = (config: Record<string, unknown>, kind = 'list') => user.post(`${base}/views`, { name: 'Mine', kind, shared: false, config });
    expect((await view({ sort: { field: 'f2', dir: 'asc' } })).status).toBe(422);
    expect((await view({ filter: { logic: 'and', items: [{ field: 'f2', op: 'notEmpty' }] } })).status).toBe(422);
    expect((await view({ columns: ['f1', 'f2'] })).status).toBe(422);
    expect((await view({ groupField: 'f2' }, 'board')).status).toBe(422);
    expect((await view({ groupField: 'f5' }, 'board')).status).toBe(200);
    // The same questions on what the member sees answer, and count only what they see.
    const grouped = await ok(user.get(`${base}/distinct?field=f5`));
    expect(grouped.values.reduce((n: number, g: any) => n + g.count, 0)).toBe(2);
    const listed = await ok(user.get(`${base}/records?count=true&sort=f1:asc`));
    expect(listed.records.map((r: any) => Object.keys(r.values).sort())).toEqual([['f1', 'f4', 'f5'], ['f1', 'f4', 'f5']]);
  });

  it('a file in a hidden field cannot be downloaded by id; one in a visible field can', async () => {
    expect((await user.download(`/api/forms/files/${files.contract}`)).status).toBe(404);
    const brochure = await user.download(`/api/forms/files/${files.brochure}`);
    expect([brochure.status, brochure.bytes.toString()]).toEqual([200, 'the public brochure']);
    expect((await admin.download(`/api/forms/files/${files.contract}`)).bytes.toString()).toBe('the secret contract');
    expect((await nova.download(`/api/forms/files/${files.brochure}`)).status).toBe(404);
  });

  it('a file of a hidden field cannot be moved into a field or discussion the writer sees', async () => {
    await ok(admin.post(`${base}/rules`, { name: 'Members edit', subjectKind: 'role', subject: 'user', levels: ['view', 'modify'], scope: 'all', hiddenFields: ['f2', 'f3'] }));
    const seen = await ok(user.get(`${base}/records/${alphaId}`));
    const moved = await user.put(`${base}/records/${alphaId}?lang=en`, { values: { f4: [contractRef] }, rowVersion: seen.record.rowVersion });
    expect(moved.status).toBe(422);
    const discussed = await user.post(`${base}/records/${alphaId}/comments`, { content: 'see this', attachments: [contractRef] });
    expect(discussed.status).toBe(422);
    expect((await user.download(`/api/forms/files/${files.contract}`)).status).toBe(404);
    // The record's own visible attachment stays usable by its editor.
    const kept = await user.put(`${base}/records/${alphaId}`, { values: { f1: 'Alpha deal', f4: seen.record.values.f4 }, rowVersion: seen.record.rowVersion });
    expect(kept.status).toBe(200);
  });

  it('file ids cannot be guessed from one another, and an uploader still reads their own upload', async () => {
    const first = await upload(user, 'a.txt', 'first');
    const second = await upload(user, 'b.txt', 'second');
    for (const id of [first.fileId, second.fileId, files.contract, files.brochure]) expect(id).toMatch(/^[0-9]{1,18}$/);
    const gaps = [BigInt(second.fileId) - BigInt(first.fileId), BigInt(files.brochure) - BigInt(files.contract)];
    expect(gaps.every((gap) => gap !== 1n && gap !== -1n)).toBe(true);
    expect(BigInt(first.fileId) > 1_000_000_000n || BigInt(second.fileId) > 1_000_000_000n).toBe(true);
    expect((await user.download(`/api/forms/files/${second.fileId}`)).bytes.toString()).toBe('second');
    expect((await admin.download(`/api/forms/files/${second.fileId}`)).status).toBe(404);
  });
});
