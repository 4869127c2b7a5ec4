import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/support/messages.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { inSpace } from '../db/pool.ts';
import { JobStopped } from './types.ts';

let platform: Platform;
const running = new Set<string>();
let releaseStubborn = () => {};
const stubbornGate = new Promise<void>((resolve) => (releaseStubborn = resolve));

beforeAll(async () => {
  platform = await startTestPlatform();
  // A batch worker: stops between batches when its signal says the process is stopping.
  platform.kernel.jobs.define('test.batches', async (job) => {
    running.add(job.id);
    for (;;) {
      await new Promise((r) => setTimeout(r, 20));
      if (job.signal.aborted) throw new JobStopped();
    }
  });
  // A handler that never looks at its signal.
  platform.kernel.jobs.define('test.stubborn', async (job) => {
    running.add(job.id);
    await stubbornGate;
  });
});

afterAll(async () => {
  releaseStubborn();
  await platform?.stop();
});

const rowOf = (id: string) =>
  inSpace(platform.kernel.db, 'acme', async (trx) => (await sql<{ state: string; attempts: number; locked_by: string | null }>`select state, attempts, locked_by from kernel_job where id = ${id}::bigint`.execute(trx)).rows[0]);

describe('a stopping process hands its jobs back', () => {
  it('between batches, and after the bound for a handler that does not stop: not counted as a try, free for another process at once', async () => {
    const [batches, stubborn] = await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.jobs.enqueue(trx, [{ kind: 'test.batches' }, { kind: 'test.stubborn' }]));
    await eventually(async () => running.has(batches!) && running.has(stubborn!), Boolean);
    await platform.kernel.jobs.stop(500);
    for (const id of [batches!, stubborn!]) expect(await rowOf(id)).toEqual({ state: 'ready', attempts: 0, locked_by: null });
  });
});
