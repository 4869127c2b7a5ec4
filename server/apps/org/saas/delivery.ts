import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { actAsProvider } from '../../../kernel/providers.ts';
import { inProviderSpace } from './enter.ts';
import './tables.ts';

/** A missed timer (another process armed it, a restart) is caught by this sweep at the latest. */
const SWEEP_MS = 60_000;

export interface DueNotice {
  id: string;
  title: string;
  body: string;
  all_spaces: boolean;
  space_ids: string[];
}

/**
 * Delivers one notice inside the provider's transaction: to each target space that is still the provider's and
 * active (the database narrows `spaces`, so a space that moved to another provider is simply not among them), to
 * its administrators, through the notify contract. Marks the notice delivered with what it reached.
 */
export async function deliverNotice(kernel: Kernel, trx: Trx, providerName: string, notice: DueNotice): Promise<void> {
  let query = trx.selectFrom('spaces').select('id').where('status', '=', 'active').orderBy('id');
  if (!notice.all_spaces) query = query.where('id', 'in', notice.space_ids.length ? notice.space_ids : ['']);
  const targets = await query.execute();
  let spaces = 0;
  let recipients = 0;
  for (const { id } of targets) {
    const reached = await inProviderSpace(trx, id, async () => {
      const admins = await trx
        .selectFrom('memberships')
        .select('user_id')
        .where('space_id', '=', id)
        .where('status', '=', 'active')
        .where(sql<boolean>`'admin' = any(roles)`)
        .execute();
      if (!admins.length) return 0;
      const result = await kernel.notices.send(trx, id, {
        recipients: { members: admins.map((a) => a.user_id) },
        category: 'notice',
        sourceApp: 'org',
        sourceRecord: `saas-notice-${notice.id}`,
        title: { key: 'saas.notice.delivered.title', params: { provider: providerName, title: notice.title } },
        body: { key: 'saas.notice.delivered.body', params: { body: notice.body } },
      });
      return result.recipients;
    });
    if (reached) spaces += 1;
    recipients += reached;
  }
  await trx
    .updateTable('org_saas_notice')
    .set({ state: 'delivered', delivered_at: new Date(kernel.clock.now()), delivered_spaces: spaces, recipients })
    .where('id', '=', notice.id)
    .execute();
}

/** The name the provider's spaces know it by: its own profile's, else root's record. */
export async function providerName(trx: Trx, providerId: string): Promise<string> {
  const own = await trx.selectFrom('org_saas_profile').select('display_name').executeTakeFirst();
  if (own) return own.display_name;
  return (await trx.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirstOrThrow()).name;
}

/**
 * Delivers scheduled notices when due: a timer armed for each new notice's time, and a sweep each minute (and at
 * start) for what this process did not arm. Each provider is handled in its own transaction acting as that
 * provider, so the job reads through the same database boundary as the requests; a due row is claimed with
 * SKIP LOCKED so two processes never deliver it twice.
 */
export class NoticeDelivery {
  private stopped = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly armed = new Set<NodeJS.Timeout>();
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly kernel: Kernel) {}

  start(): void {
    this.stopped = false;
    this.sweepSoon(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    for (const timer of this.armed) clearTimeout(timer);
    this.armed.clear();
    await this.running;
  }

  /** A notice was scheduled for `at`: sweep then (after its transaction has committed). */
  arm(at: Date): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.armed.delete(timer);
      this.run();
    }, Math.max(0, at.getTime() - this.kernel.clock.now()) + 50);
    timer.unref?.();
    this.armed.add(timer);
  }

  private sweepSoon(delay: number): void {
    this.sweepTimer = setTimeout(() => {
      this.run();
      if (!this.stopped) this.sweepSoon(SWEEP_MS);
    }, delay);
    this.sweepTimer.unref?.();
  }

  private run(): void {
    if (this.stopped) return;
    this.running = this.running.then(() => this.sweep()).catch((error: unknown) => {
      if (!this.stopped) this.kernel.log.error({ err: error }, 'delivering provider notices failed');
    });
  }

  /** Delivers every due notice of every active provider (the timers call it; tests call it as a restart would). */
  async sweep(): Promise<void> {
    const providers = await this.kernel.db.selectFrom('providers').select('id').where('status', '=', 'active').execute();
    for (const { id } of providers) {
      if (this.stopped) return;
      await this.kernel.db.transaction().execute(async (trx) => {
        await actAsProvider(trx, id);
        const due = await trx
          .selectFrom('org_saas_notice')
          .select(['id', 'title', 'body', 'all_spaces', 'space_ids'])
          .where('state', '=', 'scheduled')
          .where('scheduled_at', '<=', new Date(this.kernel.clock.now()))
          .orderBy('scheduled_at')
          .forUpdate()
          .skipLocked()
          .execute();
        if (!due.length) return;
        const name = await providerName(trx, id);
        for (const notice of due) await deliverNotice(this.kernel, trx, name, notice);
      });
    }
  }
}
