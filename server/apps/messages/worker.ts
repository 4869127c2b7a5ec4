import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGE_CHANNELS, type MessageChannel } from '../../../shared/messages/notify.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { deliverOne } from './deliver.ts';
import { OUTBOX_CHANNEL } from './sender.ts';

/**
 * How long a claim holds. A process killed mid-delivery lets it lapse and any other process takes the row over; it
 * must outlast the slowest SMTP conversation (10 s setup + 20 s silence), or a live sender could be overtaken.
 */
const leaseSeconds = () => Number(process.env.MESSAGES_LEASE_SECONDS ?? 60);
const POLL_MS = 1000;
/**
 * Rows claimed at once. A claim's lease runs while the lane works through its batch; that is harmless where a delivery
 * commits with its side effect (a row lock and the state check make a second worker find it done), but an e-mail
 * claimed early in a long batch could lapse and be sent twice, so e-mail claims one row at a time.
 */
const batchOf = (channel: MessageChannel) => (channel === 'email' ? 1 : 20);

/**
 * One lane per channel, so a slow or failing channel (an unreachable mail server) never holds up the others. Each
 * lane claims due rows with FOR UPDATE SKIP LOCKED, so any number of processes share the work; it polls every second
 * and is woken at once by the NOTIFY a committed notice sends.
 */
class Lane {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  stopped = true;

  constructor(
    private readonly kernel: Kernel,
    private readonly worker: string,
    private readonly channel: MessageChannel,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.again ? 0 : POLL_MS);
        this.again = false;
      });
    }, ms);
    this.timer.unref?.();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      const claimed = await sql<{ space_id: string; outbox_id: string }>`
        select * from messages_claim(${this.worker}, ${this.channel}, make_interval(secs => ${leaseSeconds()}), ${batchOf(this.channel)})`
        .execute(this.kernel.db)
        .catch((error: unknown) => {
          if (!this.stopped) this.kernel.log.error({ err: error, channel: this.channel }, 'claiming message deliveries failed');
          return { rows: [] };
        });
      for (const row of claimed.rows) {
        if (this.stopped) return; // the claim lapses; another process (or the next start) delivers it
        await deliverOne(this.kernel, row.space_id, row.outbox_id, this.channel).catch((error: unknown) =>
          this.kernel.log.error({ err: error, channel: this.channel }, 'recording a delivery failed'),
        );
      }
      if (claimed.rows.length < batchOf(this.channel) && !this.again) return;
    }
  }
}

export class DeliveryWorker {
  readonly name = `m-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly lanes: Lane[];

  constructor(
    private readonly kernel: Kernel,
  ) {
    this.lanes = MESSAGE_CHANNELS.map((channel) => new Lane(kernel, this.name, channel));
  }

  async start(): Promise<void> {
    await this.kernel.listener.listen(OUTBOX_CHANNEL, () => this.kick());
    for (const lane of this.lanes) lane.start();
  }

  kick(): void {
    for (const lane of this.lanes) lane.kick();
  }

  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }
}
