import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import type { MaintenanceState } from '../../../kernel/maintenance.ts';
import './tables.ts';

/** Recipient ids per notice (the messages app's limit per call). */
const CHUNK = 5000;

/** The maintenance page's message: the notice's title in both languages (the page has no reader language yet). */
export const maintenanceMessage = (notice: { title_zh: string; title_en: string }) => `${notice.title_zh} / ${notice.title_en}`;

/** Delivers an announcement to every member of its spaces (active spaces only), each under its space's RLS. */
async function deliver(kernel: Kernel, trx: Trx, notice: { id: string; space_ids: string[] | null; title_zh: string; title_en: string; body_zh: string; body_en: string }): Promise<number> {
  let query = trx.selectFrom('spaces').select('id').where('status', '=', 'active').orderBy('id');
  if (notice.space_ids) query = query.where('id', 'in', notice.space_ids.length ? notice.space_ids : ['']);
  let delivered = 0;
  for (const { id } of await query.execute()) {
    // The messages are space rows: this part of the transaction acts in that space (set_config is transaction-local).
    await sql`select set_config('app.space_id', ${id}, true)`.execute(trx);
    const members = await trx.selectFrom('memberships').select('user_id').where('space_id', '=', id).where('status', '=', 'active').execute();
    const ids = members.map((m) => String(m.user_id));
    for (let i = 0; i < ids.length; i += CHUNK) {
      // Only the people the organisation app counts as reachable members (active accounts): the sender refuses others.
      const recipients = await kernel.notices.resolve(trx, id, { members: ids.slice(i, i + CHUNK) });
      if (!recipients.length) continue;
      const result = await kernel.notices.send(trx, id, {
        recipients: { members: recipients },
        category: 'system',
        sourceApp: 'console',
        sourceRecord: `notice:${notice.id}`,
        title: { key: 'consoleOperator.delivered.title', params: { zh: notice.title_zh, en: notice.title_en } },
        body: notice.body_zh || notice.body_en ? { key: 'consoleOperator.delivered.body', params: { zh: notice.body_zh || notice.body_en, en: notice.body_en || notice.body_zh } } : null,
        priority: 'high',
      });
      delivered += result.recipients;
    }
  }
  await sql`select set_config('app.space_id', '', true)`.execute(trx);
  return delivered;
}

/** The console's timed work as jobs of the kernel's queue, each queued for the instant something comes due (decision 0098). */
export const CONSOLE_DUE = 'console.due';

/**
 * Queues the console's timed work for `at` (a notice's start, a subscription's end) in the transaction that made it
 * due then: both exist or neither does. A failing run is tried again for about half a day, then it is a dead letter
 * the operator sees; anything it left undone is also done by the next run, whatever queued that one.
 */
export async function queueDue(kernel: Kernel, trx: Trx, at: Date, runAt = at): Promise<void> {
  await kernel.jobs.enqueue(trx, { kind: CONSOLE_DUE, payload: { at: at.toISOString() }, runAt, maxAttempts: 20 }, { platform: true });
}

/**
 * Fires what is due by the kernel's clock (decision 0079): an announcement is delivered through `kernel.notices`,
 * a planned maintenance turns the kernel's maintenance switch on. It runs as a job at each instant queued with
 * `queueDue`; each due notice is claimed with FOR UPDATE SKIP LOCKED in its own transaction, so jobs running at
 * once in several processes never do one twice, and a failure rolls that notice back for the job's retry. `tick`
 * is also what tests call after moving the clock.
 */
export class NoticeWorker {
  /** Other timed work of the console app, run after the notices on every tick (subscriptions that ended). */
  private readonly sweeps: Array<() => Promise<number>> = [];

  constructor(private readonly kernel: Kernel) {}

  also(sweep: () => Promise<number>): void {
    this.sweeps.push(sweep);
  }

  /** Defines the job kind (every process may run it; the queue gives each job to one). */
  define(): void {
    this.kernel.jobs.define<{ at?: string }>(CONSOLE_DUE, async (job) => {
      await this.tick();
      // The queue runs jobs by the database's clock, the work is due by the kernel's: a run that came early (the
      // process's clock behind) comes again for the time left, so what it was queued for is not left waiting.
      const left = Date.parse(job.payload.at ?? '') - this.kernel.clock.now();
      if (left > 0) await this.kernel.db.transaction().execute((trx) => queueDue(this.kernel, trx, new Date(job.payload.at!), new Date(Date.now() + left)));
    });
  }

  /** Handles every due notice, then the other sweeps; how many things it did. */
  async tick(): Promise<number> {
    let handled = 0;
    while (await this.fireOne()) handled++;
    for (const sweep of this.sweeps) handled += await sweep();
    return handled;
  }

  private async fireOne(): Promise<boolean> {
    const now = new Date(this.kernel.clock.now());
    let switched: MaintenanceState | null = null;
    const fired = await this.kernel.db.transaction().execute(async (trx) => {
      const notice = await trx
        .selectFrom('console_notice')
        .selectAll()
        .where('state', '=', 'scheduled')
        .where('starts_at', '<=', now)
        .orderBy('starts_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!notice) return false;
      let delivered: number | null = null;
      if (notice.kind === 'maintenance') {
        switched = { on: true, message: maintenanceMessage(notice) };
        await this.kernel.maintenance.save(trx, switched);
      } else delivered = await deliver(this.kernel, trx, notice);
      await trx.updateTable('console_notice').set({ state: 'done', done_at: now, delivered }).where('id', '=', notice.id).execute();
      return true;
    });
    if (switched) this.kernel.maintenance.apply(switched);
    return fired;
  }
}

/** Each kernel's worker, for tests that move the clock and fire what is due. */
export const noticeWorkers = new WeakMap<Kernel, NoticeWorker>();
