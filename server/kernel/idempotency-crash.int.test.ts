import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from '../../tests/support/client.ts';
import { ORDER_FIELDS, ok, publishedForm } from '../../tests/support/forms.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../../tests/support/platform.ts';
import { crashProcess, startScript } from '../../tests/support/process.ts';
import type { Platform } from '../platform.ts';

let databaseUrl = '';
let survivor: Platform | null = null;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) await crashProcess(child);
  await survivor?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('a keyed write whose server process dies after the commit, before its answer leaves', () => {
  it('answers its retry on another process at once with the same status and body, the new record\'s id in it', async () => {
    databaseUrl = await createTestDatabase('keycrash');
    survivor = await startTestPlatform({ databaseUrl });
    const admin = await signedIn(survivor.url, 'acme.admin');
    const { formId } = await publishedForm(admin, ORDER_FIELDS);

    const env = { DATABASE_URL: databaseUrl, DEMO_SEED: '0', JOBS: 'off', LOG_LEVEL: 'silent' };
    const doomed = startScript('tests/support/serve-crash-on-answer.ts', env, /LISTENING (\S+) PID (\d+)/);
    children.push(doomed.child);
    const [, doomedUrl] = await doomed.ready;
    // The same session on the doomed process: signing in there would be its first write, and end it.
    const sameSession = new TestClient(doomedUrl!, { cookie: admin.cookieHeader });
    sameSession.csrf = admin.csrf;

    const path = `/api/forms/forms/${formId}/records`;
    const body = { values: { f1: 'Order sent once', f3: 12.5 } };
    const key = { 'idempotency-key': 'k-crash-create' };
    await expect(sameSession.post(path, body, key)).rejects.toThrow();
    await exited(doomed.child);

    // The write committed on the doomed process: the record is there, once.
    const listed = await ok(admin.get(`${path}?pageSize=50`));
    const created = (listed.records as Array<{ id: string; values: Record<string, unknown> }>).filter((r) => r.values.f1 === 'Order sent once');
    expect(created).toHaveLength(1);

    const retry = await admin.post(path, body, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.msg).toBe('ok');
    expect(retry.body.data.id).toBe(created[0]!.id);
    expect(retry.body.data.values.f1).toBe('Order sent once');
    // Asked once more, the same answer again: nothing was created twice.
    const again = await admin.post(path, body, key);
    expect(again.body).toEqual(retry.body);
    expect((await ok(admin.get(`${path}?pageSize=50`))).records).toHaveLength(1);
  }, 120_000); // a second server process starts on the test database
});
