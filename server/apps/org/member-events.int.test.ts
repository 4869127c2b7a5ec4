import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../shared/events.ts';
import { TestClient, signedIn, type Answer } from '../../../tests/support/client.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';

let platform: Platform;
let admin: TestClient;
let root: TestClient;
const received: DomainEvent[] = [];

function ok<T = any>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** What a subscriber has been told since the last call: [space, type, member] in the order raised. */
async function told(): Promise<Array<[string, string, string]>> {
  await platform.kernel.jobs.drainNow();
  return received.splice(0).map((e) => [e.spaceId, e.type.replace('org.member.', ''), (e.data as { userId: string }).userId] as [string, string, string]);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  platform.kernel.events.subscribe('test.members', ['org.member.joined', 'org.member.left'], async (event) => {
    if (!received.some((e) => e.id === event.id)) received.push(event); // idempotent by event id
  });
  [admin, root] = await Promise.all([signedIn(platform.url, 'acme.admin'), signedIn(platform.url, 'root')]);
});
afterAll(async () => platform?.stop());

describe('members joining and leaving a space are domain events', () => {
  it('an administrator adding a member, disabling and enabling him raises joined, left, joined in his space; a repeat raises nothing', async () => {
    const { id } = ok(await admin.post('/api/org/members', { loginId: 'qian.ba', name: '钱八', phone: '13700000008', password: 'Welcome@2026' }));
    expect(await told()).toEqual([['acme', 'joined', String(id)]]);
    ok(await admin.put(`/api/org/members/${id}/status`, { status: 'disabled' }));
    ok(await admin.put(`/api/org/members/${id}/status`, { status: 'disabled' }));
    ok(await admin.put(`/api/org/members/${id}/status`, { status: 'active' }));
    expect(await told()).toEqual([['acme', 'left', String(id)], ['acme', 'joined', String(id)]]);
    // A refused change raises nothing.
    expect((await admin.post('/api/org/members', { loginId: 'qian.ba', name: '钱八', phone: '13700000008' })).status).toBe(422);
    expect(await told()).toEqual([]);
  });

  it('an approved join application raises joined', async () => {
    const guest = new TestClient(platform.url);
    ok(await guest.post('/api/org/join-applications', { spaceId: 'acme', loginId: 'sun.jiu', name: '孙九', phone: '13700000009', message: '', password: 'Sunjiu@2026', confirmPassword: 'Sunjiu@2026' }));
    const [pending] = ok(await admin.get('/api/org/join-applications?state=pending')).applications;
    ok(await admin.post(`/api/org/join-applications/${pending.id}/approve`, {}));
    const [event] = await told();
    expect(event!.slice(0, 2)).toEqual(['acme', 'joined']);
    expect(ok(await admin.get('/api/org/members')).members.find((m: any) => m.loginId === 'sun.jiu').id).toBe(event![2]);
  });

  it('the operator giving an account a membership of another space raises joined there; changing its roles nothing; removing it left', async () => {
    const { id } = ok(await admin.post('/api/org/members', { loginId: 'zhou.shi', name: '周十', phone: '13700000010', password: 'Welcome@2026' }));
    await told();
    ok(await root.put(`/api/console/users/${id}/memberships/nova`, { roles: ['user'] }));
    ok(await root.put(`/api/console/users/${id}/memberships/nova`, { roles: ['user', 'audit'] }));
    ok(await root.delete(`/api/console/users/${id}/memberships/nova`));
    expect(await told()).toEqual([['nova', 'joined', String(id)], ['nova', 'left', String(id)]]);
  });

  it('keeps a space its own member events: another space reads none of them', async () => {
    const { id } = ok(await admin.post('/api/org/members', { loginId: 'wu.shiyi', name: '吴十一', phone: '13700000011', password: 'Welcome@2026' }));
    expect(await told()).toEqual([['acme', 'joined', String(id)]]);
    const stored = await platform.kernel.databases.owner.query(`select space_id, id::text from kernel_event where type = 'org.member.joined' and data->>'userId' = $1`, [String(id)]);
    expect(stored.rows.map((r) => r.space_id)).toEqual(['acme']);
    expect(await platform.kernel.events.read('nova', stored.rows[0].id)).toBeNull();
    expect(await platform.kernel.events.read('acme', stored.rows[0].id)).toMatchObject({ type: 'org.member.joined', spaceId: 'acme' });
  });
});
