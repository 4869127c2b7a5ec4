import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform.ts';
import { signedIn, type TestClient } from '../../tests/support/client.ts';
import { startTestPlatform } from '../../tests/support/platform.ts';

let platform: Platform;
let admin: TestClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await signedIn(platform.url, 'acme.admin');
});
afterAll(async () => {
  await platform?.stop();
});

/** The key's row as stored, with the transaction that last wrote it (xmin). */
const keyRow = async (key: string) =>
  (await platform.kernel.databases.owner.query<{ xmin: string; status: number | null; body: string | null }>('select xmin::text, status, body from idempotency_keys where key = $1', [key])).rows;

const names = async (client: TestClient) =>
  ((await client.get('/api/org/departments')).body.data.departments as Array<{ name: string }>).map((d) => d.name);

describe('Idempotency-Key', () => {
  it('a repeated write with the same key is done once and answers the first answer again', async () => {
    const first = await admin.post('/api/org/departments', { name: 'Paint shop' }, { 'idempotency-key': 'k-paint-1' });
    const again = await admin.post('/api/org/departments', { name: 'Paint shop' }, { 'idempotency-key': 'k-paint-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await names(admin)).filter((n) => n === 'Paint shop')).toHaveLength(1);
  });

  it('simultaneous sends of one key create once, and every one of them gets the stored answer (never a placeholder)', async () => {
    const send = () => admin.post('/api/org/departments', { name: 'Welding' }, { 'idempotency-key': 'k-weld' });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const created = answers.find((a) => a.headers.get('idempotent-replayed') === null)!;
    expect(created.body.data.name).toBe('Welding');
    for (const answer of answers) expect(answer.body).toEqual(created.body);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect((await names(admin)).filter((n) => n === 'Welding')).toHaveLength(1);
  });

  it('the same key with another body is refused (422) and does nothing; the log does not record it as done', async () => {
    const first = await admin.post('/api/org/departments', { name: 'Assembly' }, { 'idempotency-key': 'k-bound' });
    expect(first.status).toBe(200);
    const other = await admin.post('/api/org/departments', { name: 'Assembly 2' }, { 'idempotency-key': 'k-bound' });
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe('request.idempotencyKeyMismatch');
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await names(admin)).not.toContain('Assembly 2');
    const audit = await signedIn(platform.url, 'acme.audit');
    const log = (await audit.get('/api/kernel/oplog')).body.data.entries as Array<{ action: string; result: string; status: number }>;
    const creates = log.filter((e) => e.action === 'org.department.create');
    expect(creates.find((e) => e.status === 422)?.result).toBe('failed');
  });

  it('the same key on another route is refused (422), even with the same body', async () => {
    const created = await admin.post('/api/org/departments', { name: 'Stores' }, { 'idempotency-key': 'k-route' });
    expect(created.status).toBe(200);
    const elsewhere = await admin.post('/api/org/groups', { name: 'Stores' }, { 'idempotency-key': 'k-route' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.msg).toBe('request.idempotencyKeyMismatch');
    const deleting = await admin.delete(`/api/org/departments/${created.body.data.id}`, { 'idempotency-key': 'k-route' });
    expect(deleting.status).toBe(422);
    expect(await names(admin)).toContain('Stores');
  });

  it('the same key, route and body in another of the caller\'s spaces is refused: a key belongs to one space', async () => {
    const root = await signedIn(platform.url, 'root');
    const me = (await admin.get('/api/account/me')).body.data.id;
    expect((await root.put(`/api/console/users/${me}/memberships/nova`, { roles: ['admin'] })).status).toBe(200);
    const twoSpaces = await signedIn(platform.url, 'acme.admin');
    const inAcme = await twoSpaces.post('/api/org/departments', { name: 'Moulding' }, { 'idempotency-key': 'k-space' });
    expect(inAcme.status).toBe(200);
    const inNova = await twoSpaces.post('/space-nova/api/org/departments', { name: 'Moulding' }, { 'idempotency-key': 'k-space' });
    expect(inNova.status).toBe(422);
    expect(inNova.body.msg).toBe('request.idempotencyKeyMismatch');
    expect(await names(await signedIn(platform.url, 'nova.admin'))).not.toContain('Moulding');
    expect((await root.delete(`/api/console/users/${me}/memberships/nova`)).status).toBe(200);
  });

  it('a multipart upload is bound to its bytes: the same key with another file is refused', async () => {
    const first = await admin.upload('/api/forms/files?purpose=attachment', [{ name: 'a.txt', bytes: Buffer.from('first file'), type: 'text/plain' }], { 'idempotency-key': 'k-upload' });
    expect(first.status).toBe(200);
    const again = await admin.upload('/api/forms/files?purpose=attachment', [{ name: 'a.txt', bytes: Buffer.from('first file'), type: 'text/plain' }], { 'idempotency-key': 'k-upload' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await admin.upload('/api/forms/files?purpose=attachment', [{ name: 'a.txt', bytes: Buffer.from('other file'), type: 'text/plain' }], { 'idempotency-key': 'k-upload' });
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe('request.idempotencyKeyMismatch');
  });

  it('stores the answer in the write\'s own transaction: the claim, the answer and the write commit as one', async () => {
    const created = await admin.post('/api/org/departments', { name: 'Tool room' }, { 'idempotency-key': 'k-same-trx' });
    expect(created.status).toBe(200);
    const [row] = await keyRow('k-same-trx');
    expect(row?.status).toBe(200);
    expect(JSON.parse(row!.body!)).toEqual(created.body);
    const written = await platform.kernel.databases.owner.query<{ xmin: string }>('select xmin::text from org_department where id = $1', [created.body.data.id]);
    expect(row!.xmin).toBe(written.rows[0]!.xmin);
  });

  it('a write that failed leaves its key free, so a corrected retry goes through', async () => {
    const failed = await admin.post('/api/org/departments', { name: 'Paint shop' }, { 'idempotency-key': 'k-retry' });
    expect(failed.status).toBe(409);
    // Rolled back with the write: no claim and no answer kept.
    expect(await keyRow('k-retry')).toEqual([]);
    const retried = await admin.post('/api/org/departments', { name: 'Paint shop 2' }, { 'idempotency-key': 'k-retry' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys belong to their user: another user with the same key does their own write, in their own space', async () => {
    const nova = await signedIn(platform.url, 'nova.admin');
    const answer = await nova.post('/api/org/departments', { name: 'Paint shop' }, { 'idempotency-key': 'k-paint-1' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(await names(nova)).toContain('Paint shop');
    expect((await names(admin)).filter((n) => n === 'Paint shop')).toHaveLength(1);
  });

  it('a write whose commit fails answers an error, keeps no answer and frees its key', async () => {
    const owner = platform.kernel.databases.owner;
    // A check the database makes only at the commit: after the handler has built its answer.
    await owner.query(`create function refuse_at_commit() returns trigger language plpgsql as $$
      begin if new.name = 'Refused at commit' then raise exception 'refused at commit'; end if; return new; end $$`);
    await owner.query('create constraint trigger refuse_at_commit after insert on org_department deferrable initially deferred for each row execute function refuse_at_commit()');
    try {
      const failed = await admin.post('/api/org/departments', { name: 'Refused at commit' }, { 'idempotency-key': 'k-commit' });
      expect(failed.status).toBe(500);
      expect(failed.body.msg).toBe('common.internalError');
      expect(await keyRow('k-commit')).toEqual([]);
      expect(await names(admin)).not.toContain('Refused at commit');
    } finally {
      await owner.query('drop trigger refuse_at_commit on org_department; drop function refuse_at_commit()');
    }
    const retried = await admin.post('/api/org/departments', { name: 'Refused at commit' }, { 'idempotency-key': 'k-commit' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a write whose handler answers from a cache dropped after the commit answers with what it wrote', async () => {
    const path = '/api/org/dictionary/en/routes.org.structure';
    const before = (await admin.get('/api/org/dictionary')).body.data.version;
    const saved = await admin.put(path, { text: 'Org chart' }, { 'idempotency-key': 'k-words' });
    expect(saved.status).toBe(200);
    const after = (await admin.get('/api/org/dictionary')).body.data.version;
    expect(after).not.toBe(before);
    expect(saved.body.data.version).toBe(after);
    const again = await admin.put(path, { text: 'Org chart' }, { 'idempotency-key': 'k-words' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(saved.body);
  });

  it('refuses a malformed key and changes nothing', async () => {
    const answer = await admin.post('/api/org/departments', { name: 'Bad key' }, { 'idempotency-key': 'has spaces!' }, );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('request.badIdempotencyKey');
    expect(await names(admin)).not.toContain('Bad key');
  });
});
