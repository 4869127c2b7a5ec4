import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kernel } from '../../kernel/kernel.ts';
import { fireTimer } from './timer-work.ts';

const POLL_MS = 30_000;
const LEASE_SECONDS = 120;

/**
 * Reminders and time limits of every space (issue 14 "Time limits"): due timers are claimed with FOR UPDATE SKIP
 * LOCKED and a lease (workflow_timer_claim), so any number of processes share them and a dead one's claims lapse.
 * `tick` is also called by tests after moving the clock.
 */
export class TimerWorker {
  readonly name = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(private readonly kernel: Kernel) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule();
      });
    }, POLL_MS);
    this.timer.unref?.();
  }

  /** Fires what is due by the kernel's clock; how many timers it handled. */
  async tick(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = new Date(this.kernel.clock.now());
      const claimed = await sql<{ space_id: string; task_id: string }>`
        select * from workflow_timer_claim(${this.name}, ${now}, make_interval(secs => ${LEASE_SECONDS}), 50)`.execute(this.kernel.db);
      for (const row of claimed.rows) {
        await fireTimer(this.kernel, row.space_id, String(row.task_id)).catch((error: unknown) => this.kernel.log.error({ err: error, task: row.task_id }, 'a workflow timer failed'));
        handled++;
      }
      if (claimed.rows.length < 50) return handled;
    }
  }
}
