import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform.ts';
import { signedIn } from '../../tests/support/client.ts';
import { startTestPlatform } from '../../tests/support/platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

interface Entry {
  user_id: string | null;
  space_id: string | null;
  action: string;
  result: string;
  status: number;
  cross_space: boolean;
}

const logOf = async (loginId: string) => (await (await signedIn(platform.url, loginId)).get('/api/kernel/oplog?limit=200')).body.data.entries as Entry[];

describe('the operation log records refused cross-space calls', () => {
  it('a refused cross-space read is logged like a refused write, in the space it aimed at', async () => {
    const intruder = await signedIn(platform.url, 'nova.user');
    const me = (await intruder.get('/api/account/me')).body.data.id as string;
    const read = await intruder.get('/space-acme/api/org/departments');
    expect(read.status).toBe(403);
    const write = await intruder.post('/space-acme/api/org/departments', { name: 'Sneaky' });
    expect(write.status).toBe(403);

    const acmeLog = await logOf('acme.audit');
    const mine = acmeLog.filter((e) => e.user_id === me);
    expect(mine.find((e) => e.action === 'GET /api/org/departments')).toMatchObject({ result: 'denied', status: 403, cross_space: true, space_id: 'acme' });
    expect(mine.find((e) => e.action === 'org.department.create')).toMatchObject({ result: 'denied', status: 403, cross_space: true });
  });

  it("reading another space's data by id (a 404 under row-level security) is logged as a refused read", async () => {
    const owner = await signedIn(platform.url, 'acme.user');
    const uploaded = await owner.upload('/api/forms/files?purpose=attachment', [{ name: 'note.txt', bytes: Buffer.from('acme only'), type: 'text/plain' }]);
    const fileId = uploaded.body.data.files[0].fileId as string;
    const prober = await signedIn(platform.url, 'nova.admin');
    const proberId = (await prober.get('/api/account/me')).body.data.id as string;
    expect((await prober.download(`/api/forms/files/${fileId}`)).status).toBe(404);
    const novaLog = await logOf('nova.audit');
    expect(novaLog.find((e) => e.user_id === proberId && e.action === 'GET /api/forms/files/:id')).toMatchObject({ result: 'failed', status: 404, space_id: 'nova' });
  });

  it("the entry is the targeted space's to read, not another space's", async () => {
    const novaLog = await logOf('nova.audit');
    expect(novaLog.some((e) => e.space_id === 'acme')).toBe(false);
  });

  it("ordinary reads in one's own space are not logged", async () => {
    const user = await signedIn(platform.url, 'acme.user');
    expect((await user.get('/api/org/departments')).status).toBe(200);
    const me = (await user.get('/api/account/me')).body.data.id as string;
    expect((await logOf('acme.audit')).filter((e) => e.user_id === me && e.action === 'GET /api/org/departments')).toEqual([]);
  });
});
