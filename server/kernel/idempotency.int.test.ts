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

  it('two simultaneous sends of one key create once', async () => {
    const send = () => admin.post('/api/org/departments', { name: 'Welding' }, { 'idempotency-key': 'k-weld' });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect((await names(admin)).filter((n) => n === 'Welding')).toHaveLength(1);
  });

  it('a write that failed leaves its key free, so a corrected retry goes through', async () => {
    const failed = await admin.post('/api/org/departments', { name: 'Paint shop' }, { 'idempotency-key': 'k-retry' });
    expect(failed.status).toBe(409);
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

  it('refuses a malformed key and changes nothing', async () => {
    const answer = await admin.post('/api/org/departments', { name: 'Bad key' }, { 'idempotency-key': 'has spaces!' }, );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('request.badIdempotencyKey');
    expect(await names(admin)).not.toContain('Bad key');
  });
});
