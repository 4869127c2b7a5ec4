import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { cronProblem, nextFirings } from '../../../shared/cron.ts';
import { wallClock } from '../../../shared/org/work-clock.ts';
import { isWorkingMoment, type WorkTime } from '../../../shared/org/work-time.ts';
import { inSpace, type Db, type Trx } from '../db/pool.ts';
import { fail } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from './queue.ts';

const TICK_MS = 15_000;

export interface ScheduleInput {
  kind: string;
  /** Unique per space and kind: an app's own handle for the schedule (a rule's id, say). */
  name: string;
  cron: string;
  /** IANA zone; default the space's own. */
  timeZone?: string;
  /** Fire only at instants inside the space's work time (the organisation's work calendar). */
  workTimeOnly?: boolean;
  payload?: Record<string, unknown>;
  enabled?: boolean;
}

export interface ScheduleRow {
  id: string;
  kind: string;
  name: string;
  cron: string;
  timeZone: string;
  workTimeOnly: boolean;
  enabled: boolean;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
}

interface DueRow {
  id: string;
  space_id: string | null;
  kind: string;
  cron: string;
  time_zone: string;
  work_time_only: boolean;
  payload: Record<string, unknown>;
  next_run_at: Date;
}

export type WorkTimeOf = (trx: Trx, spaceId: string) => Promise<{ time: WorkTime; zone: string }>;

const inWorkTime = (time: WorkTime, zone: string) => (at: Date) => {
  const { day, minute } = wallClock(zone, at);
  const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return isWorkingMoment(time, day, clock);
};

/**
 * Schedules of the kernel's queue (decision 0092): a space's schedules are its own rows (its admin lists them);
 * each firing is one job, keyed by the schedule and the instant, so several processes never fire one twice. A
 * schedule missed while no server ran fires once when one starts, then keeps its rhythm.
 */
export class Schedules {
  readonly name = `s-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private stopped = true;
  /** Set by the app that keeps the work calendar (org), as `directory` answers it. */
  workTimeOf: WorkTimeOf | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly queue: JobQueue,
  ) {}

  /** The next instant of a schedule after `after`, or null when it never fires (in work time). */
  async next(trx: Trx, spaceId: string | null, cron: string, zone: string, workTimeOnly: boolean, after: Date): Promise<Date | null> {
    let accept: ((at: Date) => boolean) | undefined;
    if (workTimeOnly && spaceId && this.workTimeOf) {
      const { time } = await this.workTimeOf(trx, spaceId);
      accept = inWorkTime(time, zone);
    }
    return nextFirings(cron, zone, after, 1, accept)[0] ?? null;
  }

  /** Creates or replaces a schedule of the transaction's space; a bad cron or zone is a 422 saying what is wrong. */
  async save(trx: Trx, spaceId: string, input: ScheduleInput): Promise<string> {
    if (!this.queue.defined(input.kind)) throw new Error(`job kind ${input.kind} is not defined`);
    const zone = input.timeZone ?? (await sql<{ time_zone: string }>`select time_zone from spaces where id = ${spaceId}`.execute(trx)).rows[0]?.time_zone ?? 'Asia/Shanghai';
    const problem = cronProblem(input.cron, zone);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    const next = await this.next(trx, spaceId, input.cron, zone, input.workTimeOnly === true, new Date());
    if (!next) throw fail.unprocessable('kernel.cron.neverInWorkTime');
    const { rows } = await sql<{ id: string }>`
      insert into kernel_schedule (space_id, kind, name, cron, time_zone, work_time_only, payload, enabled, next_run_at)
      values (${spaceId}, ${input.kind}, ${input.name}, ${input.cron.trim()}, ${zone}, ${input.workTimeOnly === true},
              ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.enabled !== false}, ${next})
      on conflict ((coalesce(space_id, '')), kind, name) do update set cron = excluded.cron, time_zone = excluded.time_zone,
        work_time_only = excluded.work_time_only, payload = excluded.payload, enabled = excluded.enabled, next_run_at = excluded.next_run_at
      returning id`.execute(trx);
    return String(rows[0]!.id);
  }

  async remove(trx: Trx, kind: string, name: string): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`delete from kernel_schedule where kind = ${kind} and name = ${name} and space_id is not null returning id`.execute(trx);
    return rows.length > 0;
  }

  /** The schedules of the transaction's space (row-level security keeps it to that space). */
  async list(trx: Trx): Promise<ScheduleRow[]> {
    const { rows } = await sql<ScheduleRow>`
      select id::text, kind, name, cron, time_zone as "timeZone", work_time_only as "workTimeOnly", enabled,
             next_run_at as "nextRunAt", last_run_at as "lastRunAt"
        from kernel_schedule order by next_run_at nulls last, id`.execute(trx);
    return rows;
  }

  private readonly declared: Array<{ kind: string; name: string; cron: string; zone: string }> = [];

  /**
   * A platform schedule an app declares while it registers (its housekeeping); stored when the workers start
   * (`applyDeclared`), after the migrations, by every process alike (the same row each time).
   */
  declare(kind: string, name: string, cron: string, zone = 'UTC'): void {
    const problem = cronProblem(cron, zone);
    if (problem) throw new Error(`platform schedule ${kind}/${name}: ${problem.key}`);
    this.declared.push({ kind, name, cron, zone });
  }

  async applyDeclared(): Promise<void> {
    for (const d of this.declared) await this.platform(d.kind, d.name, d.cron, d.zone);
  }

  /** A schedule of the platform itself (housekeeping), stored now. */
  async platform(kind: string, name: string, cron: string, zone = 'UTC', payload: Record<string, unknown> = {}): Promise<void> {
    const problem = cronProblem(cron, zone);
    if (problem) throw new Error(`platform schedule ${kind}/${name}: ${problem.key}`);
    const next = nextFirings(cron, zone, new Date(), 1)[0]!;
    await sql`select kernel_schedule_platform(${kind}, ${name}, ${cron}, ${zone}, ${JSON.stringify(payload)}::jsonb, ${next})`.execute(this.db);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'firing schedules failed');
          return 0;
        })
        .finally(() => {
          this.ticking = null;
          if (!this.stopped) this.schedule(TICK_MS);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** Fires every due schedule (tests call it after making one due); answers how many fired. */
  async tick(): Promise<number> {
    let fired = 0;
    for (;;) {
      const { rows } = await sql<DueRow>`select * from kernel_schedule_claim(50)`.execute(this.db);
      for (const row of rows) {
        const next = await inSpace(this.db, row.space_id, (trx) =>
          this.next(trx, row.space_id, row.cron, row.time_zone, row.work_time_only, new Date(Math.max(Date.now(), row.next_run_at.getTime()))),
        ).catch((error: unknown) => {
          this.log.warn({ err: error, scheduleId: row.id }, 'the next firing of a schedule could not be computed');
          return null;
        });
        await sql`select kernel_schedule_fired(${row.id}::bigint, ${row.next_run_at}, ${next})`.execute(this.db);
        fired++;
      }
      if (rows.length < 50) return fired;
    }
  }
}
