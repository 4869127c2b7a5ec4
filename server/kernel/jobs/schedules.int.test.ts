import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../../shared/org/work-clock.ts';
import { isWorkingMoment } from '../../../shared/org/work-time.ts';
import { startTestPlatform } from '../../../tests/support/platform.ts';
import type { Platform } from '../../platform.ts';
import { inSpace } from '../db/pool.ts';
import { AppError } from '../errors.ts';

let platform: Platform;
const fired: Array<{ spaceId: string | null; payload: Record<string, unknown> }> = [];

const keyOf = async (work: Promise<unknown>) => work.then(() => 'saved', (error: unknown) => (error instanceof AppError ? `${error.status} ${error.key}` : String(error)));
const save = (spaceId: string, input: Parameters<Platform['kernel']['schedules']['save']>[2]) =>
  inSpace(platform.kernel.db, spaceId, (trx) => platform.kernel.schedules.save(trx, spaceId, input));
const list = (spaceId: string) => inSpace(platform.kernel.db, spaceId, (trx) => platform.kernel.schedules.list(trx));
/** Makes a space's schedule due now, as the minute passing would. */
const makeDue = (spaceId: string, name: string) =>
  inSpace(platform.kernel.db, spaceId, (trx) => sql`update kernel_schedule set next_run_at = now() - interval '1 second' where name = ${name}`.execute(trx));

beforeAll(async () => {
  platform = await startTestPlatform();
  platform.kernel.jobs.define('test.scheduled', async (job) => void fired.push({ spaceId: job.spaceId, payload: job.payload }));
  await platform.kernel.schedules.stop(); // the test fires by hand
  // The platform's own hourly schedules must not come due during the test (at :23 and :41 of the wall clock).
  await platform.kernel.databases.owner.query(`update kernel_schedule set next_run_at = now() + interval '1 day' where space_id is null`);
});

afterAll(async () => platform?.stop());

describe('schedules', () => {
  it('refuses a bad cron expression, a bad zone and anything more often than once a minute, saying why', async () => {
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'a', cron: '0 9 * *' }))).toBe('422 kernel.cron.fields');
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'a', cron: '*/10 * * * * *' }))).toBe('422 kernel.cron.fields');
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'a', cron: '61 * * * *' }))).toBe('422 kernel.cron.badField');
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'a', cron: '0 9 * * *', timeZone: 'Mars/Olympus' }))).toBe('422 kernel.cron.badZone');
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'a', cron: '0 0 30 2 *' }))).toBe('422 kernel.cron.never');
    expect(await list('acme')).toEqual([]);
  });

  it('computes the next firing in the space zone', async () => {
    await save('acme', { kind: 'test.scheduled', name: 'morning', cron: '0 9 * * *', payload: { report: 'daily' } });
    const [row] = await list('acme');
    expect(row).toMatchObject({ name: 'morning', timeZone: 'Asia/Shanghai', enabled: true });
    expect(wallClock('Asia/Shanghai', row!.nextRunAt!).minute).toBe(9 * 60);
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('fires a due schedule once as a job of its space, however often the scheduler looks, and moves to the next instant', async () => {
    await makeDue('acme', 'morning');
    expect(await platform.kernel.schedules.tick()).toBe(1);
    expect(await platform.kernel.schedules.tick()).toBe(0);
    await platform.kernel.jobs.drainNow();
    expect(await platform.kernel.schedules.tick()).toBe(0);
    await platform.kernel.jobs.drainNow();
    const mine = fired.filter((f) => f.payload.report === 'daily');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ spaceId: 'acme', payload: { report: 'daily' } });
    const [row] = await list('acme');
    expect(row!.lastRunAt).not.toBeNull();
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('fires a schedule claimed by a process that died once its hold lapses, and never twice for one instant', async () => {
    await save('acme', { kind: 'test.scheduled', name: 'orphan', cron: '*/5 * * * *', payload: { report: 'orphan' } });
    await makeDue('acme', 'orphan');
    // A process claims it and dies before firing it; its hold is made to lapse.
    const claimed = await platform.kernel.databases.owner.query(`select * from kernel_schedule_claim(50)`);
    expect(claimed.rows.map((r) => r.kind)).toEqual(['test.scheduled']);
    expect(await platform.kernel.schedules.tick()).toBe(0);
    await platform.kernel.databases.owner.query(`update kernel_schedule set claimed_until = now() - interval '1 second' where name = 'orphan'`);
    expect(await platform.kernel.schedules.tick()).toBe(1);
    await platform.kernel.jobs.drainNow();
    const advanced = (await list('acme')).find((r) => r.name === 'orphan')!.nextRunAt;
    // The dead process wakes and fires its instant after the job for it has run: nothing is added, nothing moves.
    await platform.kernel.databases.owner.query(`select kernel_schedule_fired($1, $2, now() + interval '1 hour')`, [claimed.rows[0].id, claimed.rows[0].next_run_at]);
    await platform.kernel.jobs.drainNow();
    expect(fired.filter((f) => f.payload.report === 'orphan')).toHaveLength(1);
    expect((await list('acme')).find((r) => r.name === 'orphan')!.nextRunAt).toEqual(advanced);
  });

  it('fires a work-time-only schedule only inside the space work time', async () => {
    await save('acme', { kind: 'test.scheduled', name: 'hourly-at-work', cron: '0 * * * *', workTimeOnly: true });
    const work = await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.directory.people.workTime(trx, 'acme'));
    let at = new Date();
    for (let i = 0; i < 5; i++) {
      const next = await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.schedules.next(trx, 'acme', '0 * * * *', 'Asia/Shanghai', true, at));
      const { day, minute } = wallClock('Asia/Shanghai', next!);
      const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      expect(isWorkingMoment(work.time, day, clock)).toBe(true);
      at = next!;
    }
    const plain = await inSpace(platform.kernel.db, 'acme', (trx) => platform.kernel.schedules.next(trx, 'acme', '0 3 * * *', 'Asia/Shanghai', true, new Date()));
    expect(plain).toBeNull(); // 03:00 is never work time
    expect(await keyOf(save('acme', { kind: 'test.scheduled', name: 'night', cron: '0 3 * * *', workTimeOnly: true }))).toBe('422 kernel.cron.neverInWorkTime');
  });

  it('shows a space its own schedules only; another space can neither read nor change them', async () => {
    await save('nova', { kind: 'test.scheduled', name: 'nova-only', cron: '30 8 * * 1' });
    expect((await list('nova')).map((r) => r.name)).toEqual(['nova-only']);
    expect((await list('acme')).map((r) => r.name)).not.toContain('nova-only');
    const changed = await inSpace(platform.kernel.db, 'acme', (trx) => sql`update kernel_schedule set enabled = false where name = 'nova-only'`.execute(trx));
    expect(Number(changed.numAffectedRows)).toBe(0);
    await expect(
      inSpace(platform.kernel.db, 'acme', (trx) => sql`insert into kernel_schedule (space_id, kind, name, cron, time_zone) values ('nova', 'test.scheduled', 'x', '* * * * *', 'UTC')`.execute(trx)),
    ).rejects.toThrow(/row-level security/);
  });

  it('stores the platform schedules the kernel and apps declare, out of every space’s sight, and runs them as jobs', async () => {
    const owner = platform.kernel.databases.owner;
    const platformRows = (await owner.query(`select kind, name, cron, time_zone from kernel_schedule where space_id is null order by kind`)).rows;
    expect(platformRows).toEqual([
      { kind: 'console.watch.prune', name: 'hourly', cron: '41 * * * *', time_zone: 'UTC' },
      { kind: 'forms.export.prune', name: 'hourly', cron: '53 * * * *', time_zone: 'UTC' },
      { kind: 'kernel.housekeeping', name: 'hourly', cron: '23 * * * *', time_zone: 'UTC' },
    ]);
    expect((await list('acme')).map((r) => r.kind)).not.toContain('kernel.housekeeping');
    const old = new Date(Date.now() - 40 * 86_400_000);
    await owner.query(`insert into watch_minute values ($1, 'GET', '/api/old', 1, 0, 0, 3, 3, $2)`, [old, new Array(25).fill(0)]);
    await owner.query(`update kernel_schedule set next_run_at = now() - interval '1 second' where kind = 'console.watch.prune'`);
    expect(await platform.kernel.schedules.tick()).toBe(1);
    await platform.kernel.jobs.drainNow();
    expect((await owner.query(`select count(*)::int as n from watch_minute where route = '/api/old'`)).rows[0].n).toBe(0);
  });
});
